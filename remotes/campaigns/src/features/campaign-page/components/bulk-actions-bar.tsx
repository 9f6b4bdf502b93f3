import { Button, Dropdown, Flex, Popconfirm, Typography } from 'antd';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import type { RecipientSelection } from '../utils/selection';

export const RECIPIENT_BULK_ACTIONS = ['setSender', 'moveToList', 'setStatus', 'addToBlacklist', 'createDeal'] as const;
export type RecipientBulkAction = (typeof RECIPIENT_BULK_ACTIONS)[number] | 'delete';

export type BulkActionsBarProps = {
  selection: RecipientSelection;
  /** Recipients the filter matches (null while counting). */
  matching: number | null;
  /** Rows ticked on the current page make up the whole page: offer "select all matching". */
  wholePageTicked: boolean;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (action: RecipientBulkAction) => void;
};

/** What is selected, "select all N matching", and the bulk actions on the selection. */
export function BulkActionsBar({ selection, matching, wholePageTicked, busy, onSelectAll, onClear, onAction }: BulkActionsBarProps) {
  const { t } = useTranslation(NAMESPACE);
  const count = selection.mode === 'all' ? matching : selection.ids.length;
  return (
    <Flex align="center" gap={12} wrap role="region" aria-label={t('campaignPage.bulk.label')} data-testid="bulk-actions">
      <Typography.Text strong>
        {selection.mode === 'all'
          ? t('campaignPage.bulk.allSelected', { count: count ?? 0 })
          : t('campaignPage.bulk.selected', { count: count ?? 0 })}
      </Typography.Text>
      {selection.mode === 'ids' && wholePageTicked && matching !== null && matching > selection.ids.length ? (
        <Button type="link" onClick={onSelectAll} data-testid="select-all-matching">
          {t('campaignPage.bulk.selectAll', { count: matching })}
        </Button>
      ) : null}
      <Button type="link" onClick={onClear}>
        {t('campaignPage.bulk.clear')}
      </Button>
      {/* Opened by a click, not a hover: the menu sits over the table, and a hover menu closes
          when the pointer crosses a row on its way to an item. */}
      <Dropdown
        disabled={busy}
        trigger={['click']}
        menu={{
          items: RECIPIENT_BULK_ACTIONS.map((action) => ({ key: action, label: t(`campaignPage.bulk.actions.${action}`) })),
          onClick: ({ key }) => onAction(key as RecipientBulkAction),
        }}
      >
        <Button loading={busy} data-testid="bulk-menu">
          {t('campaignPage.bulk.actionsButton')} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      <Popconfirm
        title={t('campaignPage.bulk.deleteConfirm', { count: count ?? 0 })}
        description={t('campaignPage.bulk.deleteHelp')}
        okText={t('campaignPage.bulk.actions.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('campaignPage.common.cancel')}
        onConfirm={() => onAction('delete')}
      >
        <Button danger disabled={busy}>
          {t('campaignPage.bulk.actions.delete')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
