import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BULK_VERIFICATION_LIST_PAGE, type BulkVerification, type BulkVerificationStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { JobsTable } from '../../../components/jobs-table';
import type { JobAction, JobPhase } from '../../../utils/job-phase';

const JOB_COLOR: Record<BulkVerificationStatus, string> = {
  queued: 'default',
  in_progress: 'processing',
  paused: 'warning',
  completed: 'success',
  stopped: 'default',
  failed: 'error',
};

const PHASE: Record<BulkVerificationStatus, JobPhase> = {
  queued: 'queued',
  in_progress: 'running',
  paused: 'paused',
  completed: 'finished',
  stopped: 'finished',
  failed: 'failed',
};

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
  onAction: (job: BulkVerification, action: JobAction) => void;
  onDownload: (job: BulkVerification) => void;
};

/** The caller's bulk verifications, with the count of each status found so far. */
export function BulkJobsTable(props: BulkJobsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <JobsTable<BulkVerification>
      {...props}
      title={t('bulk.jobs.title')}
      emptyText={t('bulk.jobs.empty')}
      pageSize={BULK_VERIFICATION_LIST_PAGE}
      phaseOf={(job) => PHASE[job.status]}
      renderStatus={(job) => (
        <Tag color={JOB_COLOR[job.status]} data-job-status={job.status}>
          {t(`bulk.jobStatus.${job.status}`)}
        </Tag>
      )}
      extraColumns={[
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
      ]}
    />
  );
}
