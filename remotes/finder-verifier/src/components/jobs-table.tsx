import type { ReactNode } from 'react';
import { Button, Progress, Space } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ErrorState, ServerPagedTable } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { jobActions, jobPercent, type JobAction, type JobPhase } from '../utils/job-phase';

export type JobRow = { id: number; name: string; processed: number; total: number };

export type JobsTableProps<T extends JobRow> = {
  /** The table's own heading and empty text (each page names its kind of job). */
  title: string;
  emptyText: string;
  jobs: T[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  error?: unknown;
  selectedId?: number;
  /** The job's phase, which decides its progress bar and the actions offered. */
  phaseOf: (job: T) => JobPhase;
  /** The status cell (the area's own state names and colours). */
  renderStatus: (job: T) => ReactNode;
  /** Columns between the progress bar and the actions (counts, finds). */
  extraColumns?: ProColumns<T>[];
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  onOpen: (job: T) => void;
  onAction: (job: T, action: JobAction) => void;
  onDownload: (job: T) => void;
};

/**
 * The caller's bulk jobs (verifications, searches) with live progress bars and what can be done
 * with each: open the results, pause, resume, cancel, download what is done so far.
 */
export function JobsTable<T extends JobRow>({
  title,
  emptyText,
  jobs,
  total,
  page,
  pageSize,
  loading,
  error,
  selectedId,
  phaseOf,
  renderStatus,
  extraColumns = [],
  onRetry,
  onPageChange,
  onOpen,
  onAction,
  onDownload,
}: JobsTableProps<T>) {
  const { t } = useTranslation(NAMESPACE);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  const columns: ProColumns<T>[] = [
    { title: t('bulk.jobs.name'), dataIndex: 'name', ellipsis: true },
    { title: t('bulk.jobs.status'), key: 'status', render: (_, job) => renderStatus(job) },
    {
      title: t('bulk.jobs.progress'),
      key: 'progress',
      width: 220,
      render: (_, job) => {
        const phase = phaseOf(job);
        return (
          <Progress
            percent={jobPercent(job)}
            size="small"
            status={phase === 'failed' ? 'exception' : phase === 'running' ? 'active' : 'normal'}
            format={() => `${job.processed}/${job.total}`}
            aria-label={t('bulk.jobs.progressOf', { name: job.name })}
          />
        );
      },
    },
    ...extraColumns,
    {
      title: t('bulk.jobs.actions'),
      key: 'actions',
      render: (_, job) => (
        <Space size={4} wrap>
          <Button size="small" type={job.id === selectedId ? 'primary' : 'default'} onClick={() => onOpen(job)}>
            {t('bulk.jobs.results')}
          </Button>
          {jobActions(phaseOf(job)).map((action) => (
            <Button key={action} size="small" danger={action === 'cancel'} onClick={() => onAction(job, action)}>
              {t(`bulk.jobs.${action}`)}
            </Button>
          ))}
          <Button size="small" onClick={() => onDownload(job)} disabled={job.processed === 0}>
            {t('bulk.jobs.download')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ServerPagedTable<T>
      headerTitle={title}
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={jobs}
      emptyText={emptyText}
      page={page}
      pageSize={pageSize}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
