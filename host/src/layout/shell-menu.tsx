import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import CloudServerOutlined from '@ant-design/icons/es/icons/CloudServerOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import ExperimentOutlined from '@ant-design/icons/es/icons/ExperimentOutlined';
import FireOutlined from '@ant-design/icons/es/icons/FireOutlined';
import GiftOutlined from '@ant-design/icons/es/icons/GiftOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import ProfileOutlined from '@ant-design/icons/es/icons/ProfileOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { MENU_SECTIONS, menuEntries, type MenuSection } from '@leadforge/federation';
import type { SidebarMenuItem } from '@leadforge/ui';

const SECTION_ICONS: Record<MenuSection, ReactNode> = {
  finder: <SearchOutlined aria-hidden />,
  verifier: <CheckCircleOutlined aria-hidden />,
  leads: <TeamOutlined aria-hidden />,
  extensions: <AppstoreOutlined aria-hidden />,
  enrichment: <TableOutlined aria-hidden />,
  campaigns: <SendOutlined aria-hidden />,
  unibox: <InboxOutlined aria-hidden />,
  deliverability: <FireOutlined aria-hidden />,
  studio: <ExperimentOutlined aria-hidden />,
  crm: <DatabaseOutlined aria-hidden />,
  infrastructure: <CloudServerOutlined aria-hidden />,
};

/**
 * The sidebar: shell pages, then one section per area in document 1 §2 order (finder, verifier,
 * leads, extensions, enrichment, then the other areas). Built from static data so it works even
 * when every remote fails to load.
 */
export function buildShellMenu(t: TFunction, options: { showRewards: boolean }): SidebarMenuItem[] {
  const entries = menuEntries();
  const sections: SidebarMenuItem[] = MENU_SECTIONS.map((section) => ({
    key: `section:${section}`,
    label: t(`federation:sections.${section}`),
    icon: SECTION_ICONS[section],
    children: entries
      .filter((entry) => entry.section === section)
      .map((entry) => ({ key: entry.path, label: t(`federation:${entry.labelKey}`), path: entry.path })),
  })).filter((section) => (section.children?.length ?? 0) > 0);

  return [
    { key: '/home', label: t('shell:routes.home'), icon: <HomeOutlined aria-hidden />, path: '/home' },
    ...(options.showRewards ? [{ key: '/rewards', label: t('shell:routes.rewards'), icon: <GiftOutlined aria-hidden />, path: '/rewards' }] : []),
    ...sections,
    {
      key: 'section:account',
      label: t('shell:menu.sections.account'),
      icon: <SettingOutlined aria-hidden />,
      children: [
        { key: '/account/profile', label: t('shell:header.profile'), path: '/account/profile' },
        { key: '/account/team', label: t('shell:header.team'), path: '/account/team' },
      ],
    },
    { key: '/request-feature', label: t('shell:routes.requestFeature'), icon: <BulbOutlined aria-hidden />, path: '/request-feature' },
    { key: '/ui-components', label: t('shell:routes.uiComponents'), icon: <ProfileOutlined aria-hidden />, path: '/ui-components' },
  ];
}

function flatten(items: SidebarMenuItem[]): SidebarMenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** The entry of the current page: the one whose path is the longest prefix of the location. */
export function selectedMenuKey(items: SidebarMenuItem[], pathname: string): string | undefined {
  let best: SidebarMenuItem | undefined;
  for (const item of flatten(items)) {
    if (!item.path) continue;
    const matches = pathname === item.path || pathname.startsWith(`${item.path}/`);
    if (matches && (!best?.path || item.path.length > best.path.length)) best = item;
  }
  return best?.key;
}
