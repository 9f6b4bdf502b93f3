import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FINDER_LIMITS, type SearchHistoryItem } from '@leadforge/contracts';
import { ErrorState, ServerPagedTable } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { FinderStatusTag } from '../../../components/finder-status-tag';

export type SearchHistoryTableProps = {
  items: SearchHistoryItem[];
  total: number;
  page: number;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
};

/** Past searches, each linking to its history page. */
export function SearchHistoryTable({ items, total, page, loading, error, onRetry, onPageChange }: SearchHistoryTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  const columns: ProColumns<SearchHistoryItem>[] = [
    {
      title: t('history.search'),
      dataIndex: 'label',
      render: (_, item) => <Link to={`/plugin/history/${item.searchId}`}>{item.label}</Link>,
    },
    { title: t('history.email'), dataIndex: 'email', render: (_, item) => item.email ?? t('verify.none') },
    { title: t('history.found'), dataIndex: 'found' },
    {
      title: t('history.status'),
      dataIndex: 'status',
      render: (_, item) => (item.status ? <FinderStatusTag status={item.status} /> : t('verify.none')),
    },
    {
      title: t('history.date'),
      dataIndex: 'createdAt',
      render: (_, item) => new Date(item.createdAt).toLocaleString(i18n.language),
    },
  ];
  return (
    <ServerPagedTable<SearchHistoryItem>
      headerTitle={t('history.searches')}
      rowKey="searchId"
      loading={loading}
      columns={columns}
      dataSource={items}
      emptyText={t('history.noSearches')}
      page={page}
      pageSize={FINDER_LIMITS.historyPerPage}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
