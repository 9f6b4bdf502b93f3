import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { BULK_ACTIONS, selectedCount, type BulkAction, type Selection } from '../utils/selection';

export type BulkActionsProps = {
  selection: Selection;
  total: number;
  /** Rows on the current page, to offer "select all matching" once the whole page is ticked. */
  pageSize: number;
  busy: BulkAction | null;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
};

/** What to do with the selected prospects: move, copy to a list, tag, delete, verify, export. */
export function BulkActions({ selection, total, pageSize, busy, onSelectAllMatching, onClear, onAction }: BulkActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  const pageFullyTicked = selection.mode === 'ids' && selection.ids.length >= Math.min(pageSize, total);
  return (
    <Flex gap={8} align="center" wrap role="toolbar" aria-label={t('bulk.title')}>
      <Typography.Text strong>{t('bulk.selected', { count })}</Typography.Text>
      {pageFullyTicked && total > count ? (
        <Button type="link" onClick={onSelectAllMatching}>
          {t('bulk.selectAllMatching', { count: total })}
        </Button>
      ) : null}
      <Button type="link" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
      {BULK_ACTIONS.map((action) =>
        action === 'delete' ? (
          <Popconfirm key={action} title={t('bulk.confirmDelete', { count })} onConfirm={() => onAction(action)}>
            <Button danger loading={busy === action}>
              {t(`bulk.actions.${action}`)}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={action} loading={busy === action} onClick={() => onAction(action)}>
            {t(`bulk.actions.${action}`)}
          </Button>
        ),
      )}
    </Flex>
  );
}
