import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type ThreadActionsProps = {
  disabled?: boolean;
  onRead(isRead: boolean): void;
  onStar(isStarred: boolean): void;
  onDelete(): void;
  /** Which of star/unstar and read/unread to offer; both when unknown (a selection of mixed rows). */
  isStarred?: boolean;
  isRead?: boolean;
  /** In the trash there is nothing further to delete to. */
  canDelete?: boolean;
};

/** Read/unread, star/unstar and delete, as icon buttons with their names for screen readers. */
export function ThreadActions({ disabled, onRead, onStar, onDelete, isStarred, isRead, canDelete = true }: ThreadActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button aria-label={label} icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
  return (
    <Space.Compact>
      {isRead !== true ? action(t('actions.markRead'), <EyeOutlined aria-hidden />, () => onRead(true)) : null}
      {isRead !== false ? action(t('actions.markUnread'), <EyeInvisibleOutlined aria-hidden />, () => onRead(false)) : null}
      {isStarred !== true ? action(t('actions.star'), <StarOutlined aria-hidden />, () => onStar(true)) : null}
      {isStarred !== false ? action(t('actions.unstar'), <StarFilled aria-hidden style={{ color: '#faad14' }} />, () => onStar(false)) : null}
      {canDelete ? (
        <Popconfirm title={t('actions.deleteConfirm')} okText={t('actions.delete')} cancelText={t('actions.cancel')} onConfirm={onDelete}>
          <Tooltip title={t('actions.delete')}>
            <Button aria-label={t('actions.delete')} icon={<DeleteOutlined aria-hidden />} danger disabled={disabled} />
          </Tooltip>
        </Popconfirm>
      ) : null}
    </Space.Compact>
  );
}
