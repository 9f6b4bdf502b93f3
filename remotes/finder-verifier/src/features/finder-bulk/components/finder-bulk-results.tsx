import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { BulkJob, BulkRowResult } from '@leadforge/contracts';
import { EmptyState, ErrorState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { FinderStatusTag } from '../../../components/finder-status-tag';
import { useGetFinderBulkResults } from '../api/get-finder-bulk-results';

export type FinderBulkResultsProps = {
  job: Pick<BulkJob, 'id' | 'name' | 'kind'>;
  page: number;
  onPageChange: (page: number) => void;
};

/** The rows of one bulk search done so far, a server page at a time. */
export function FinderBulkResults({ job, page, onPageChange }: FinderBulkResultsProps) {
  const { t } = useTranslation(NAMESPACE);
  const results = useGetFinderBulkResults(job.id, page);
  if (results.isError) return <ErrorState error={results.error} onRetry={() => void results.refetch()} />;
  const columns: ProColumns<BulkRowResult>[] = [
    { title: t('bulk.results.row'), dataIndex: 'row', width: 70 },
    ...(job.kind === 'names'
      ? [{ title: t('finderBulk.person'), key: 'person', render: (_: unknown, row: BulkRowResult) => [row.firstName, row.lastName].filter(Boolean).join(' ') }]
      : [{ title: t('finderBulk.name'), key: 'name', render: (_: unknown, row: BulkRowResult) => row.name ?? t('verify.none') }]),
    { title: t('singleSearch.domain'), dataIndex: 'domain' },
    { title: t('bulk.results.email'), dataIndex: 'email', render: (_, row) => row.email ?? t('verify.none') },
    { title: t('domainSearch.position'), dataIndex: 'position', render: (_, row) => row.position ?? t('verify.none') },
    { title: t('bulk.results.status'), dataIndex: 'status', render: (_, row) => <FinderStatusTag status={row.status} /> },
  ];
  return (
    <ProTable<BulkRowResult>
      scroll={{ x: 'max-content' }}
      headerTitle={t('bulk.results.title', { name: job.name })}
      rowKey="row"
      search={false}
      options={false}
      loading={results.isFetching}
      columns={columns}
      dataSource={results.data?.items ?? []}
      locale={{ emptyText: <EmptyState title={t('bulk.results.empty')} /> }}
      pagination={{ current: page, pageSize: results.data?.perPage, total: results.data?.total ?? 0, showSizeChanger: false, onChange: onPageChange }}
    />
  );
}
