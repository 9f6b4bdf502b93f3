import { Button, Progress, Space, Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { BULK_VERIFICATION_LIST_PAGE, type BulkVerification, type BulkVerificationStatus } from '@leadforge/contracts';
import { EmptyState, ErrorState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import type { BulkJobAction } from '../api/bulk-verification';

const JOB_COLOR: Record<BulkVerificationStatus, string> = {
  queued: 'default',
  in_progress: 'processing',
  paused: 'warning',
  completed: 'success',
  stopped: 'default',
  failed: 'error',
};

const PERCENT = 100;
export const jobPercent = (job: Pick<BulkVerification, 'processed' | 'total'>) =>
  job.total === 0 ? PERCENT : Math.floor((job.processed / job.total) * PERCENT);

export type BulkJobsTableProps = {
  jobs: BulkVerification[];
  total: number;
  page: number;
  loading: boolean;
  error?: unknown;
  selectedId?: number;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  onOpen: (job: BulkVerification) => void;
  onAction: (job: BulkVerification, action: BulkJobAction) => void;
  onDownload: (job: BulkVerification) => void;
};

/** The caller's bulk jobs with live progress bars and what can be done with each. */
export function BulkJobsTable({ jobs, total, page, loading, error, selectedId, onRetry, onPageChange, onOpen, onAction, onDownload }: BulkJobsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  const columns: ProColumns<BulkVerification>[] = [
    { title: t('bulk.jobs.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('bulk.jobs.status'),
      dataIndex: 'status',
      render: (_, job) => (
        <Tag color={JOB_COLOR[job.status]} data-job-status={job.status}>
          {t(`bulk.jobStatus.${job.status}`)}
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
          status={job.status === 'failed' ? 'exception' : job.status === 'in_progress' ? 'active' : 'normal'}
          format={() => `${job.processed}/${job.total}`}
          aria-label={t('bulk.jobs.progressOf', { name: job.name })}
        />
      ),
    },
    {
      title: t('bulk.jobs.counts'),
      key: 'counts',
      render: (_, job) => (
        <Space size={4} wrap>
          <Tag color="success">{t('status.valid')}: {job.valid}</Tag>
          <Tag color="error">{t('status.not_valid')}: {job.notValid}</Tag>
          <Tag color="warning">{t('status.catch_all')}: {job.catchAll}</Tag>
          <Tag>{t('status.unknown')}: {job.unknown}</Tag>
          {job.greylist > 0 ? <Tag color="processing">{t('status.greylist')}: {job.greylist}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('bulk.jobs.actions'),
      key: 'actions',
      render: (_, job) => (
        <Space size={4} wrap>
          <Button size="small" type={job.id === selectedId ? 'primary' : 'default'} onClick={() => onOpen(job)}>
            {t('bulk.jobs.results')}
          </Button>
          {job.status === 'in_progress' || job.status === 'queued' ? (
            <Button size="small" onClick={() => onAction(job, 'pause')}>
              {t('bulk.jobs.pause')}
            </Button>
          ) : null}
          {job.status === 'paused' ? (
            <Button size="small" onClick={() => onAction(job, 'resume')}>
              {t('bulk.jobs.resume')}
            </Button>
          ) : null}
          {job.status === 'in_progress' || job.status === 'queued' || job.status === 'paused' ? (
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
    <ProTable<BulkVerification>
      headerTitle={t('bulk.jobs.title')}
      rowKey="id"
      search={false}
      options={false}
      loading={loading}
      columns={columns}
      dataSource={jobs}
      locale={{ emptyText: <EmptyState title={t('bulk.jobs.empty')} /> }}
      pagination={{ current: page, pageSize: BULK_VERIFICATION_LIST_PAGE, total, showSizeChanger: false, onChange: onPageChange }}
    />
  );
}
