import { useMemo } from 'react';
import type { ReactNode } from 'react';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import WalletOutlined from '@ant-design/icons/es/icons/WalletOutlined';
import { Badge, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { isNotAvailableYet, useRealtimeStatus } from '@leadforge/api-client';
import { canAccessBilling, type UserInfo } from '@leadforge/contracts';
import { AppHeader, ConnectionStatus, LocaleSwitcher, ShellLayout, SidebarMenu, UserMenu } from '@leadforge/ui';
import { userInfoQueryOptions } from '../app/session-bridge';
import { CreditsBalance } from './credits-balance';
import { NewVersionNotice } from './new-version-notice';
import { PendingTeamInvite } from './pending-team-invite';
import { RealtimeBridge } from './realtime-bridge';
import { buildShellMenu, selectedMenuKey } from './shell-menu';
import { unreadCountQueryOptions } from './unread-count';
import { useLocaleSwitch } from './use-locale-switch';
import { useWarmSharedLibraries } from './use-warm-shared';

export type MainLayoutProps = { children: ReactNode };

function billingAllowed(userInfo: UserInfo | undefined): boolean {
  if (!userInfo?.account) return false;
  return canAccessBilling({ isTeam: userInfo.account.isTeam, isLead: userInfo.account.isLead, group: userInfo.team?.group ?? null });
}

/** The signed-in area: sidebar menu, header (unread, connection, language, user) and the page. */
export function MainLayout({ children }: MainLayoutProps) {
  useWarmSharedLibraries();
  // Listing the namespaces makes the frame wait (Suspense) until the menu labels are loaded.
  const { t } = useTranslation(['shell', 'federation']);
  const { pathname } = useLocation();
  const { data: userInfo } = useQuery(userInfoQueryOptions);
  const unread = useQuery(unreadCountQueryOptions);
  const realtimeStatus = useRealtimeStatus();
  const { locale, changeLocale, pending } = useLocaleSwitch();

  const showRewards = Boolean(userInfo?.allowGamification && !userInfo.isAdminLogin);
  const menu = useMemo(() => buildShellMenu(t, { showRewards }), [t, showRewards]);

  const userItems = [
    { key: '/account/profile', path: '/account/profile', label: t('shell:header.profile'), icon: <SettingOutlined aria-hidden /> },
    { key: '/account/team', path: '/account/team', label: t('shell:header.team'), icon: <TeamOutlined aria-hidden /> },
    ...(billingAllowed(userInfo)
      ? [{ key: '/account/billing', path: '/account/billing', label: t('shell:header.billing'), icon: <WalletOutlined aria-hidden /> }]
      : []),
    { key: '/logout', path: '/logout', label: t('common:actions.signOut'), icon: <LogoutOutlined aria-hidden />, danger: true },
  ];
  // The unibox is not built yet: until its count answers, the envelope carries no figure.
  const unreadCount = isNotAvailableYet(unread.error) ? undefined : unread.data?.unreadMessages;
  const unreadLabel = unreadCount === undefined ? t('shell:routes.unibox') : t('shell:header.unread', { count: unreadCount });

  return (
    <ShellLayout
      banner={<NewVersionNotice />}
      sidebar={<SidebarMenu items={menu} selectedKey={selectedMenuKey(menu, pathname)} />}
      header={
        <AppHeader
          end={
            <>
              <CreditsBalance />
              <Tooltip title={unreadLabel}>
                <Link to="/unibox" aria-label={unreadLabel} data-testid="header-unread" style={{ display: 'inline-flex', padding: 4 }}>
                  <Badge count={unreadCount ?? 0} size="small" overflowCount={99}>
                    <MailOutlined aria-hidden style={{ fontSize: 18 }} />
                  </Badge>
                </Link>
              </Tooltip>
              <ConnectionStatus status={realtimeStatus} />
              <LocaleSwitcher value={locale} onChange={changeLocale} disabled={pending} />
              <UserMenu name={userInfo?.name ?? null} email={userInfo?.email ?? null} items={userItems} />
            </>
          }
        />
      }
    >
      <RealtimeBridge />
      <PendingTeamInvite />
      {children}
    </ShellLayout>
  );
}
