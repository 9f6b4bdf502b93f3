import { Space } from 'antd';
import { EMAIL_VERIFICATION_STATUSES, type BulkVerification, type EmailVerificationStatus } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { downloadBlob } from '../utils/csv';
import type { JobAction } from '../utils/job-phase';
import { pageParam, readId, readOneOf, readPage } from '@leadforge/ui';
import { downloadBulkVerification } from '../features/bulk-verification/api/download-bulk-verification';
import { useListBulkVerifications } from '../features/bulk-verification/api/list-bulk-verifications';
import { useRunBulkVerificationAction } from '../features/bulk-verification/api/run-bulk-verification-action';
import { BulkJobResults } from '../features/bulk-verification/components/bulk-job-results';
import { BulkJobsTable } from '../features/bulk-verification/components/bulk-jobs-table';
import { NewBulkVerification } from '../features/bulk-verification/components/new-bulk-verification';
import { useBulkJobProgress } from '../features/bulk-verification/hooks/use-bulk-job-progress';

/**
 * /bulk-email-verification: start a run, follow its progress, read and download the results.
 * In the URL: `page` of the jobs, the `job` opened, its `resultsPage` and `status` filter.
 */
export function BulkVerificationPage() {
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const page = readPage(params, 'page');
  const jobId = readId(params, 'job');
  const resultsPage = readPage(params, 'resultsPage');
  const status = readOneOf(params, 'status', EMAIL_VERIFICATION_STATUSES);
  const jobs = useListBulkVerifications(page);
  const action = useRunBulkVerificationAction();
  useBulkJobProgress();

  const openJob = (id: number, patch: Record<string, number | undefined> = {}) =>
    update({ job: id, resultsPage: undefined, status: undefined, ...patch });
  const handleAction = (job: BulkVerification, next: JobAction) =>
    action.mutate({ id: job.id, action: next }, { onError: (error) => showError(error) });
  const handleDownload = (job: BulkVerification) =>
    downloadBulkVerification(job.id).then(
      (blob) => downloadBlob(`verification-${job.id}.csv`, blob),
      (error: unknown) => showError(error),
    );
  const handleStatus = (next: EmailVerificationStatus | undefined) => update({ status: next, resultsPage: undefined });

  return (
    <Screen pageKey="bulkVerification">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <NewBulkVerification onStarted={(id) => openJob(id, { page: undefined })} />
        <BulkJobsTable
          jobs={jobs.data?.items ?? []}
          total={jobs.data?.total ?? 0}
          page={page}
          loading={jobs.isPending}
          error={jobs.isError ? jobs.error : undefined}
          selectedId={jobId ?? undefined}
          onRetry={() => void jobs.refetch()}
          onPageChange={(next) => update({ page: pageParam(next) })}
          onOpen={(job) => openJob(job.id)}
          onAction={handleAction}
          onDownload={handleDownload}
        />
        {jobId !== null ? (
          <BulkJobResults
            key={jobId}
            jobId={jobId}
            name={jobs.data?.items.find((job) => job.id === jobId)?.name ?? ''}
            page={resultsPage}
            status={status}
            onPageChange={(next) => update({ resultsPage: pageParam(next) })}
            onStatusChange={handleStatus}
          />
        ) : null}
      </Space>
    </Screen>
  );
}
