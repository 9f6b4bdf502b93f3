import { Button, Progress, Space, Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type BulkJob, type BulkState } from '@leadforge/contracts';
import { EmptyState, ErrorState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { jobPercent } from '../../bulk-verification/components/bulk-jobs-table';
import type { FinderBulkAction } from '../api/bulk-jobs';

const STATE_COLOR: Record<BulkState, string> = {
  queued: 'default',
  active: 'processing',
  paused: 'warning',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

export type FinderBulkJobsTableProps = {
  jobs: BulkJob[];
  total: number;
  page: number;
  loading: boolean;
  error?: unknown;
  selectedId?: number;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  onOpen: (job: BulkJob) => void;
  onAction: (job: BulkJob, action: FinderBulkAction) => void;
  onDownload: (job: BulkJob) => void;
};

export function FinderBulkJobsTable({ jobs, total, page, loading, error, selectedId, onRetry, onPageChange, onOpen, onAction, onDownload }: FinderBulkJobsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  const running = (job: BulkJob) => job.state === 'queued' || job.state === 'active';
  const columns: ProColumns<BulkJob>[] = [
    { title: t('bulk.jobs.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('bulk.jobs.status'),
      dataIndex: 'state',
      render: (_, job) => (
        <Tag color={STATE_COLOR[job.state]} data-job-status={job.state}>
          {t(`finderBulk.states.${job.state}`)}
        </Tag>
      ),
    },
    {
      title: t('bulk.jobs.progress'),
      key: 'progress',
      width: 220,
      render: (_, job) => (
        <Progress
          percent={jobPercent(job)}
          size="small"
          status={job.state === 'failed' ? 'exception' : job.state === 'active' ? 'active' : 'normal'}
          format={() => `${job.processed}/${job.total}`}
          aria-label={t('bulk.jobs.progressOf', { name: job.name })}
        />
      ),
    },
    { title: t('finderBulk.found'), dataIndex: 'found' },
    {
      title: t('bulk.jobs.actions'),
      key: 'actions',
      render: (_, job) => (
        <Space size={4} wrap>
          <Button size="small" type={job.id === selectedId ? 'primary' : 'default'} onClick={() => onOpen(job)}>
            {t('bulk.jobs.results')}
          </Button>
          {running(job) ? (
            <Button size="small" onClick={() => onAction(job, 'pause')}>
              {t('bulk.jobs.pause')}
            </Button>
          ) : null}
          {job.state === 'paused' ? (
            <Button size="small" onClick={() => onAction(job, 'resume')}>
              {t('bulk.jobs.resume')}
            </Button>
          ) : null}
          {running(job) || job.state === 'paused' ? (
            <Button size="small" danger onClick={() => onAction(job, 'cancel')}>
              {t('bulk.jobs.cancel')}
            </Button>
          ) : null}
          <Button size="small" onClick={() => onDownload(job)} disabled={job.processed === 0}>
            {t('bulk.jobs.download')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ProTable<BulkJob>
      headerTitle={t('bulk.jobs.title')}
      rowKey="id"
      search={false}
      options={false}
      loading={loading}
      columns={columns}
      dataSource={jobs}
      locale={{ emptyText: <EmptyState title={t('bulk.jobs.empty')} /> }}
      pagination={{ current: page, pageSize: FINDER_LIMITS.historyPerPage, total, showSizeChanger: false, onChange: onPageChange }}
    />
  );
}
