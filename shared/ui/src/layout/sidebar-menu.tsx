import { useState } from 'react';
import type { ReactNode } from 'react';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../page/use-document-title';

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
  onNavigate: (path: string) => void;
};

function toAntdItems(items: SidebarMenuItem[]): NonNullable<MenuProps['items']> {
  return items.map((item) =>
    item.children
      ? { key: item.key, label: item.label, icon: item.icon, children: toAntdItems(item.children) }
      : { key: item.key, label: item.label, icon: item.icon },
  );
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
 * The sidebar of the signed-in area. Plain data in, navigation out: the menu never depends on a
 * remote having loaded, so it keeps working when one fails.
 */
export function SidebarMenu({ items, selectedKey, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const handleClick: MenuProps['onClick'] = ({ key }) => {
    const path = findPath(items, key);
    if (path) onNavigate(path);
  };
  return (
    <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={240} breakpoint="lg">
      <div style={{ color: '#fff', fontWeight: 700, fontSize: 18, padding: '16px 24px' }}>
        {collapsed ? APP_NAME.charAt(0) : APP_NAME}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        aria-label={t('common:ui.mainMenu')}
        items={toAntdItems(items)}
        selectedKeys={selectedKey ? [selectedKey] : []}
        defaultOpenKeys={parentKeys(items, selectedKey)}
        onClick={handleClick}
      />
    </Layout.Sider>
  );
}
