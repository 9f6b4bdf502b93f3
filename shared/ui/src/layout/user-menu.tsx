import type { ReactNode } from 'react';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { Avatar, Button, Dropdown, Flex } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

export type UserMenuItem = { key: string; label: ReactNode; icon?: ReactNode; danger?: boolean };

export type UserMenuProps = {
  name: string | null;
  email: string | null;
  items: UserMenuItem[];
  onSelect: (key: string) => void;
};

export function UserMenu({ name, email, items, onSelect }: UserMenuProps) {
  const { t } = useTranslation();
  const display = name || email || t('shell:header.account');
  const menu: MenuProps = {
    items: [
      ...(email ? [{ key: '__email', label: email, disabled: true }, { type: 'divider' as const }] : []),
      ...items.map((item) => ({ key: item.key, label: item.label, icon: item.icon, danger: item.danger })),
    ],
    onClick: ({ key }) => onSelect(key),
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('common:ui.userMenu')} style={{ height: 'auto' }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{display}</span>
        </Flex>
      </Button>
    </Dropdown>
  );
}
