import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type BulkJob, type BulkKind, type BulkState } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { JobsTable } from '../../../components/jobs-table';
import type { JobAction, JobPhase } from '../../../utils/job-phase';

const STATE_COLOR: Record<BulkState, string> = {
  queued: 'default',
  active: 'processing',
  paused: 'warning',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

const PHASE: Record<BulkState, JobPhase> = {
  queued: 'queued',
  active: 'running',
  paused: 'paused',
  completed: 'finished',
  cancelled: 'finished',
  failed: 'failed',
};

export type FinderBulkJobsTableProps = {
  kind: BulkKind;
  jobs: BulkJob[];
  total: number;
  page: number;
  loading: boolean;
  error?: unknown;
  selectedId?: number;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  onOpen: (job: BulkJob) => void;
  onAction: (job: BulkJob, action: JobAction) => void;
  onDownload: (job: BulkJob) => void;
};

/** The caller's bulk email searches, with how many addresses each found. */
export function FinderBulkJobsTable({ kind, ...props }: FinderBulkJobsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <JobsTable<BulkJob>
      {...props}
      title={t(`finderBulk.jobs.${kind}.title`)}
      emptyText={t(`finderBulk.jobs.${kind}.empty`)}
      pageSize={FINDER_LIMITS.historyPerPage}
      phaseOf={(job) => PHASE[job.state]}
      renderStatus={(job) => (
        <Tag color={STATE_COLOR[job.state]} data-job-status={job.state}>
          {t(`finderBulk.states.${job.state}`)}
        </Tag>
      )}
      extraColumns={[{ title: t('finderBulk.found'), dataIndex: 'found' }]}
    />
  );
}
