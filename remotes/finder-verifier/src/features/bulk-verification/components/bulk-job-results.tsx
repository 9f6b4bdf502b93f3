import { useTranslation } from 'react-i18next';
import type { EmailVerificationStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useGetBulkVerificationResults } from '../api/get-bulk-verification-results';
import { BulkResultsTable } from './bulk-results-table';

export type BulkJobResultsProps = {
  jobId: number;
  /** The job's name as the jobs table knows it, until its results arrive with their own. */
  name: string;
  page: number;
  status: EmailVerificationStatus | undefined;
  onPageChange: (page: number) => void;
  onStatusChange: (status: EmailVerificationStatus | undefined) => void;
};

/** One job's rows, fetched a page at a time and asked again while some are unresolved. */
export function BulkJobResults({ jobId, name, page, status, onPageChange, onStatusChange }: BulkJobResultsProps) {
  const { t } = useTranslation(NAMESPACE);
  const results = useGetBulkVerificationResults(jobId, page, status);
  return (
    <BulkResultsTable
      title={t('bulk.results.title', { name: results.data?.job.name ?? name })}
      rows={results.data?.items ?? []}
      total={results.data?.total ?? 0}
      page={page}
      status={status}
      loading={results.isFetching}
      error={results.isError ? results.error : undefined}
      onRetry={() => void results.refetch()}
      onPageChange={onPageChange}
      onStatusChange={onStatusChange}
    />
  );
}
