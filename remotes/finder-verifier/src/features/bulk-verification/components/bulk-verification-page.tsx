import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkVerification, EmailVerificationStatus } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { downloadBlob } from '../../../utils/csv';
import { downloadBulkResults, useBulkJobAction, useBulkJobs, useBulkResults, type BulkJobAction } from '../api/bulk-verification';
import { useBulkJobProgress } from '../hooks/use-bulk-job-progress';
import { BulkJobsTable } from './bulk-jobs-table';
import { BulkResultsTable } from './bulk-results-table';
import { NewBulkVerification } from './new-bulk-verification';

type JobResultsProps = { job: Pick<BulkVerification, 'id' | 'name'> };

function JobResults({ job }: JobResultsProps) {
  const { t } = useTranslation(NAMESPACE);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<EmailVerificationStatus | undefined>();
  const results = useBulkResults(job.id, page, status);
  const handleStatus = (next: EmailVerificationStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <BulkResultsTable
      title={t('bulk.results.title', { name: job.name })}
      rows={results.data?.items ?? []}
      total={results.data?.total ?? 0}
      page={page}
      status={status}
      loading={results.isFetching}
      error={results.isError ? results.error : undefined}
      onRetry={() => void results.refetch()}
      onPageChange={setPage}
      onStatusChange={handleStatus}
    />
  );
}

/** /bulk-email-verification: start a run, follow its progress, read and download the results. */
export function BulkVerificationPage() {
  const showError = useApiErrorModal();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Pick<BulkVerification, 'id' | 'name'> | null>(null);
  const jobs = useBulkJobs(page);
  const action = useBulkJobAction();
  useBulkJobProgress();

  const handleStarted = (id: number) => {
    setPage(1);
    setSelected({ id, name: '' });
  };
  const handleAction = (job: BulkVerification, next: BulkJobAction) =>
    action.mutate({ id: job.id, action: next }, { onError: (error) => showError(error) });
  const handleDownload = (job: BulkVerification) =>
    downloadBulkResults(job.id).then(
      (blob) => downloadBlob(`verification-${job.id}.csv`, blob),
      (error: unknown) => showError(error),
    );
  const selectedJob = selected ? (jobs.data?.items.find((job) => job.id === selected.id) ?? selected) : null;

  return (
    <Screen pageKey="bulkVerification">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <NewBulkVerification onStarted={handleStarted} />
        <BulkJobsTable
          jobs={jobs.data?.items ?? []}
          total={jobs.data?.total ?? 0}
          page={page}
          loading={jobs.isPending}
          error={jobs.isError ? jobs.error : undefined}
          selectedId={selected?.id}
          onRetry={() => void jobs.refetch()}
          onPageChange={setPage}
          onOpen={setSelected}
          onAction={handleAction}
          onDownload={handleDownload}
        />
        {selectedJob ? <JobResults key={selectedJob.id} job={selectedJob} /> : null}
      </Space>
    </Screen>
  );
}
