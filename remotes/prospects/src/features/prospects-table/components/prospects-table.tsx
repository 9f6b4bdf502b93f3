import { useMemo, type ReactNode } from 'react';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { TableA11y } from '../../../components/table-a11y';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelectAllTitle } from '@leadforge/ui';
import type { CustomField, ProspectColumnsSettings, ProspectRow } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { EmailStatusBadge } from '../../verification/components/email-status-badge';
import { applyColumnState, customFieldIdOf, sameColumns, visibleColumns } from '../utils/column-layout';
import { isSortField, sortOrderOf, withSort, type ProspectsTableState } from '../utils/table-query';
import { applyPageSelection, selectedKeysOnPage, type Selection } from '../utils/selection';

/** Above this many rows on one page the table renders only the rows in view. */
export const VIRTUAL_ROWS_THRESHOLD = 100;
const VIRTUAL_HEIGHT = 640;


export type ProspectsTableProps = {
  rows: ProspectRow[];
  total: number;
  /** More prospects match than `total` (a filtered count stopped early, prospectsCountCapped): shown as "N+". */
  totalCapped?: boolean;
  loading: boolean;
  state: ProspectsTableState;
  layout: ProspectColumnsSettings;
  customFields: CustomField[];
  selection: Selection;
  toolbar?: ReactNode;
  onStateChange: (state: ProspectsTableState) => void;
  onSelectionChange: (selection: Selection) => void;
  onLayoutChange: (layout: ProspectColumnsSettings) => void;
  onOpenProspect: (prospect: ProspectRow) => void;
};

const dash = '—';

/** The prospects table (document 1 §3): the user's columns, server paging and sorting, bulk selection. */
export function ProspectsTable({
  rows,
  total,
  totalCapped = false,
  loading,
  state,
  layout,
  customFields,
  selection,
  toolbar,
  onStateChange,
  onSelectionChange,
  onLayoutChange,
  onOpenProspect,
}: ProspectsTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const selectAllTitle = useSelectAllTitle();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const fieldsById = useMemo(() => new Map(customFields.map((field) => [field.id, field])), [customFields]);

  const cell = (key: string, prospect: ProspectRow): ReactNode => {
    switch (key) {
      case 'name':
        return (
          // A real link (it opens the prospect's page in a new tab); a plain click opens the drawer.
          <Typography.Link
            href={`/prospect?id=${prospect.id}&listId=${state.listId ?? 0}`}
            data-testid={`prospect-${prospect.id}`}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              onOpenProspect(prospect);
            }}
          >
            {prospect.name}
          </Typography.Link>
        );
      case 'emails':
        return prospect.emails.length === 0 ? (
          dash
        ) : (
          <Space orientation="vertical" size={0}>
            {prospect.emails.map((email) => (
              <Space key={email.email_id} size={4}>
                <span>{email.email}</span>
                <EmailStatusBadge status={email.status} />
              </Space>
            ))}
          </Space>
        );
      case 'first_name':
      case 'last_name':
      case 'industry':
      case 'company_industry':
      case 'country':
      case 'company_country':
      case 'location':
        return prospect[key] ?? dash;
      case 'lists':
        return prospect.lists.length === 0 ? dash : prospect.lists.map((list) => list.name).join(', ');
      case 'tags':
        return prospect.tags.length === 0
          ? dash
          : prospect.tags.map((tag) => (
              <Tag key={tag.tagEntityId} color="blue">
                {tag.name}
              </Tag>
            ));
      case 'add_date':
        return dateFormat.format(new Date(prospect.add_date));
      case 'deals':
        // Absent when the viewer may not see deals (document 1 §6).
        return prospect.deals === undefined ? dash : String(prospect.deals);
      case 'linkedin':
        return prospect.linkedin ? (
          <Typography.Link href={prospect.linkedin} target="_blank" rel="noreferrer noopener">
            {t('table.profile')}
          </Typography.Link>
        ) : (
          dash
        );
      default: {
        const id = customFieldIdOf(key);
        return (id !== null && prospect.customFields[String(id)]) || dash;
      }
    }
  };

  // The check column is the table's row selection, not a data column.
  const columns: ProColumns<ProspectRow>[] = visibleColumns(layout)
    .filter((column) => column.key !== 'check')
    .map((column) => {
      const fieldId = customFieldIdOf(column.key);
      const title = fieldId === null ? t(`columns.${column.key}`) : (fieldsById.get(fieldId)?.name ?? column.key);
      return {
        key: column.key,
        dataIndex: column.key,
        title,
        width: column.width ?? undefined,
        sorter: isSortField(column.key),
        // add_date starts descending, so its first click goes to ascending.
        sortDirections: column.key === 'add_date' ? ['descend', 'ascend'] : ['ascend', 'descend'],
        sortOrder: sortOrderOf(state, column.key),
        render: (_: unknown, prospect: ProspectRow) => cell(column.key, prospect),
      };
    });

  const pageIds = rows.map((row) => row.id);
  const columnsState = Object.fromEntries(layout.columns.map((column) => [column.key, { show: column.active, order: column.position }]));
  const virtual = rows.length > VIRTUAL_ROWS_THRESHOLD;

  return (
    <TableA11y>
      <ProTable<ProspectRow>
        rowKey="id"
        search={false}
        cardBordered
        headerTitle={toolbar}
        dataSource={rows}
        loading={loading}
        columns={columns}
        virtual={virtual}
        scroll={virtual ? { x: 'max-content', y: VIRTUAL_HEIGHT } : { x: 'max-content' }}
        locale={{ emptyText: t('table.empty') }}
        options={{ density: false, reload: false, setting: { listsHeight: 400 } }}
        columnsState={{
          value: columnsState,
          // ProTable reports its state on mount too: only a real change is the user's.
          onChange: (value) => {
            const next = applyColumnState(layout, value, new Date());
            if (!sameColumns(next, layout)) onLayoutChange(next);
          },
        }}
        rowSelection={{
          columnTitle: selectAllTitle,
          selectedRowKeys: selectedKeysOnPage(selection, pageIds),
          onChange: (keys) => onSelectionChange(applyPageSelection(selection, pageIds, keys.map(Number))),
        }}
        tableAlertRender={false}
        pagination={{
          current: state.page,
          pageSize: state.perPage,
          total,
          showSizeChanger: false,
          showTotal: (count) => t(totalCapped ? 'table.totalAtLeast' : 'table.total', { count }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const order = single?.order ?? null;
          const field = order && typeof single?.columnKey === 'string' ? single.columnKey : null;
          const next = withSort(state, field, order);
          const sortChanged = next.sort.field !== state.sort.field || next.sort.order !== state.sort.order;
          onStateChange(sortChanged ? next : { ...state, page: pagination.current ?? 1 });
        }}
      />
    </TableA11y>
  );
}
