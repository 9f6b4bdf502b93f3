import { useMemo } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelectAllTitle } from '@leadforge/ui';
import type { Recipient, RecipientTableColumn } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { sortFromTable, tableSortOrder, type RecipientsTableState } from '../utils/recipient-filters';
import { applyPageTicks, tickedOnPage, type RecipientSelection } from '../utils/selection';
import { recipientCell, type SenderNames } from './recipient-cells';

/** From this many rows on a page the table renders only the rows in view (antd `virtual`). */
export const VIRTUAL_ROWS_THRESHOLD = 50;
const VIRTUAL_HEIGHT = 560;
const NUMERIC: readonly RecipientTableColumn[] = ['sent', 'open', 'click', 'reply', 'linkedin_visit', 'linkedin_message'];

export type RecipientsTableProps = {
  rows: Recipient[];
  total: number;
  loading: boolean;
  state: RecipientsTableState;
  columns: readonly RecipientTableColumn[];
  senders: SenderNames;
  selection: RecipientSelection;
  onStateChange: (state: RecipientsTableState) => void;
  onSelectionChange: (selection: RecipientSelection) => void;
};

/** The recipients table of document 1 §3: the chosen columns, each sortable on the server, paged, rows selectable. */
export function RecipientsTable({ rows, total, loading, state, columns, senders, selection, onStateChange, onSelectionChange }: RecipientsTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const selectAllTitle = useSelectAllTitle();
  const tableColumns: TableColumnsType<Recipient> = useMemo(
    () =>
      columns.map((column) => ({
        key: column,
        dataIndex: column,
        title: t(`campaignPage.columns.${column}`),
        sorter: true,
        sortOrder: tableSortOrder(state.sort, column),
        align: NUMERIC.includes(column) ? ('right' as const) : undefined,
        width: column === 'prospect' ? 200 : undefined,
        render: (_: unknown, recipient: Recipient) => recipientCell(column, recipient, t, i18n.language, senders),
      })),
    [columns, state.sort, t, i18n.language, senders],
  );
  const pageIds = rows.map((row) => row.id);
  const virtual = rows.length >= VIRTUAL_ROWS_THRESHOLD;

  return (
    <Table<Recipient>
      rowKey="id"
      size="middle"
      dataSource={rows}
      loading={loading}
      columns={tableColumns}
      virtual={virtual}
      scroll={virtual ? { x: 'max-content', y: VIRTUAL_HEIGHT } : { x: 'max-content' }}
      locale={{ emptyText: t('campaignPage.recipients.emptyFiltered') }}
      rowSelection={{
        columnTitle: selectAllTitle,
        selectedRowKeys: tickedOnPage(selection, pageIds),
        onChange: (keys) => onSelectionChange(applyPageTicks(selection, pageIds, keys.map(Number))),
      }}
      pagination={{
        current: state.page,
        pageSize: state.perPage,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 25, 50, 100, 200],
        showTotal: (count) => t('campaignPage.recipients.total', { count }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const single = Array.isArray(sorter) ? sorter[0] : sorter;
        const sort = sortFromTable(typeof single?.columnKey === 'string' ? single.columnKey : null, single?.order);
        const sortChanged = sort?.field !== state.sort?.field || sort?.order !== state.sort?.order;
        const perPage = pagination.pageSize ?? state.perPage;
        onStateChange({
          ...state,
          sort,
          perPage,
          page: sortChanged || perPage !== state.perPage ? 1 : (pagination.current ?? 1),
        });
      }}
    />
  );
}
