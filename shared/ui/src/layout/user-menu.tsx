import type { ReactNode } from 'react';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { Avatar, Button, Dropdown, Flex } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShellFrame } from './shell-frame';

export type UserMenuItem = { key: string; label: ReactNode; icon?: ReactNode; danger?: boolean; path?: string };

export type UserMenuProps = {
  name: string | null;
  email: string | null;
  items: UserMenuItem[];
  /** Called for entries without a path (their links navigate by themselves). */
  onSelect?: (key: string) => void;
};

export function UserMenu({ name, email, items, onSelect }: UserMenuProps) {
  const { t } = useTranslation();
  const { phone } = useShellFrame();
  const display = name || email || t('shell:header.account');
  const menu: MenuProps = {
    items: [
      ...(email ? [{ key: '__email', label: email, disabled: true }, { type: 'divider' as const }] : []),
      ...items.map((item) => ({
        key: item.key,
        label: item.path ? <Link to={item.path}>{item.label}</Link> : item.label,
        icon: item.icon,
        danger: item.danger,
      })),
    ],
    onClick: ({ key }) => {
      if (!items.find((item) => item.key === key)?.path) onSelect?.(key);
    },
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('common:ui.userMenu')} style={{ height: 'auto', minWidth: 0, paddingInline: phone ? 4 : undefined }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Avatar size="small" icon={<UserOutlined aria-hidden />} />
          {phone ? null : <span style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{display}</span>}
        </Flex>
      </Button>
    </Dropdown>
  );
}
