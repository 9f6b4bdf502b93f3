import { useState } from 'react';
import type { ReactNode } from 'react';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import { Drawer, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { APP_NAME } from '../page/use-document-title';
import { useShellFrame } from './shell-frame';

export type SidebarMenuItem = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Where the entry leads; sections without a path only group their children. */
  path?: string;
  children?: SidebarMenuItem[];
};

export type SidebarMenuProps = {
  items: SidebarMenuItem[];
  /** The entry of the current page (its key). */
  selectedKey?: string;
  /** Called after a menu entry was chosen (its link has already navigated). */
  onNavigate?: (path: string) => void;
};

const SIDER_BG = '#0f1a3d';

/**
 * Entries with a path are real links (open in a new tab, copy the address); the router's `Link`
 * keeps a plain click client-side.
 */
function toAntdItems(items: SidebarMenuItem[]): NonNullable<MenuProps['items']> {
  return items.map((item) => {
    if (item.children) return { key: item.key, label: item.label, icon: item.icon, children: toAntdItems(item.children) };
    return { key: item.key, icon: item.icon, label: item.path ? <Link to={item.path}>{item.label}</Link> : item.label };
  });
}

function findPath(items: SidebarMenuItem[], key: string): string | undefined {
  for (const item of items) {
    if (item.key === key) return item.path;
    const nested = item.children ? findPath(item.children, key) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

function parentKeys(items: SidebarMenuItem[], key: string | undefined, trail: string[] = []): string[] {
  if (!key) return [];
  for (const item of items) {
    if (item.key === key) return trail;
    if (item.children) {
      const found = parentKeys(item.children, key, [...trail, item.key]);
      if (found.length > 0 || item.children.some((child) => child.key === key)) return found;
    }
  }
  return [];
}

/**
 * The sidebar of the signed-in area: a collapsible sider on wide screens, a drawer at phone width.
 * Plain data in: the menu never depends on a remote having loaded, so it keeps working when one fails.
 */
export function SidebarMenu({ items, selectedKey, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  const { phone, menuOpen, setMenuOpen } = useShellFrame();
  const [collapsed, setCollapsed] = useState(false);
  const navigate = useNavigate();

  const handleClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const path = findPath(items, key);
    if (!path) return;
    // A click on the link itself has navigated; Enter on the focused entry has not.
    if (!(domEvent.target as Element | null)?.closest?.('a')) void navigate(path);
    setMenuOpen(false);
    onNavigate?.(path);
  };

  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      aria-label={t('common:ui.mainMenu')}
      items={toAntdItems(items)}
      selectedKeys={selectedKey ? [selectedKey] : []}
      defaultOpenKeys={parentKeys(items, selectedKey)}
      onClick={handleClick}
    />
  );

  if (phone) {
    return (
      <Drawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        placement="left"
        size={280}
        title={APP_NAME}
        closable={{ 'aria-label': t('common:actions.close') }}
        styles={{ body: { padding: 0, background: SIDER_BG }, header: { background: SIDER_BG, color: '#fff' } }}
      >
        <nav>{menu}</nav>
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      width={240}
      breakpoint="lg"
      trigger={collapsed ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
    >
      <div style={{ color: '#fff', fontWeight: 700, fontSize: 18, padding: '16px 24px' }}>
        {collapsed ? APP_NAME.charAt(0) : APP_NAME}
      </div>
      <nav>{menu}</nav>
    </Layout.Sider>
  );
}
