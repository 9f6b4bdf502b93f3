import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { BULK_ACTIONS, selectedCount, type BulkAction, type Selection } from '../utils/selection';

export type BulkActionsProps = {
  selection: Selection;
  total: number;
  /** More prospects match than `total` (prospectsCountCapped): "all matching" counts are shown as "N+". */
  totalCapped?: boolean;
  /** Rows on the current page, to offer "select all matching" once the whole page is ticked. */
  pageSize: number;
  busy: BulkAction | null;
  /** The actions offered (all by default): e.g. no move on All contacts, nothing the list's showOptions forbid. */
  actions?: readonly BulkAction[];
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
};

/** What to do with the selected prospects: move, copy to a list, tag, delete, verify, export. */
export function BulkActions({ selection, total, totalCapped = false, pageSize, busy, actions = BULK_ACTIONS, onSelectAllMatching, onClear, onAction }: BulkActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  // With a capped total, "all matching" covers at least `count` prospects: the server acts on all of them.
  const atLeast = totalCapped && selection.mode === 'allMatching';
  const text = (key: 'selected' | 'confirmDelete') => t(atLeast ? `bulk.${key}AtLeast` : `bulk.${key}`, { count });
  const pageFullyTicked = selection.mode === 'ids' && selection.ids.length >= Math.min(pageSize, total);
  return (
    <Flex gap={8} align="center" wrap role="toolbar" aria-label={t('bulk.title')}>
      <Typography.Text strong>{text('selected')}</Typography.Text>
      {pageFullyTicked && total > count ? (
        <Button type="link" onClick={onSelectAllMatching}>
          {t(totalCapped ? 'bulk.selectAllMatchingAtLeast' : 'bulk.selectAllMatching', { count: total })}
        </Button>
      ) : null}
      <Button type="link" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
      {BULK_ACTIONS.filter((action) => actions.includes(action)).map((action) =>
        action === 'delete' ? (
          <Popconfirm key={action} title={text('confirmDelete')} onConfirm={() => onAction(action)}>
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
