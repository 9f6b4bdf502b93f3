import { useQueryClient } from '@tanstack/react-query';
import type { BulkVerification, BulkVerificationStatus, PushEvent } from '@leadforge/contracts';
import { usePushEvent } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** The kind the verification jobs report under the generic `job.progress` push. */
export const BULK_VERIFICATION_JOB_KIND = 'bulk_verification';

type JobProgress = Extract<PushEvent, { type: 'job.progress' }>['payload'];

const STATUS_OF_STATE: Record<JobProgress['state'], BulkVerificationStatus> = {
  queued: 'queued',
  active: 'in_progress',
  paused: 'paused',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'stopped',
};

/** A job list page with one job's counters moved on by a push. */
export function applyJobProgress<T extends { items: BulkVerification[] }>(page: T, progress: JobProgress): T {
  const touched = page.items.some((job) => String(job.id) === progress.jobId);
  if (!touched) return page;
  return {
    ...page,
    items: page.items.map((job) =>
      String(job.id) === progress.jobId
        ? { ...job, processed: progress.processed, total: progress.total, status: STATUS_OF_STATE[progress.state] }
        : job,
    ),
  };
}

/**
 * Moves the progress bars as `job.progress` pushes arrive, without refetching; when a job ends, the
 * list and its results are fetched again for the final counters.
 */
export function useBulkJobProgress(): void {
  const queryClient = useQueryClient();
  usePushEvent('job.progress', (event) => {
    const progress = event.payload;
    if (progress.kind !== BULK_VERIFICATION_JOB_KIND) return;
    queryClient.setQueriesData<{ items: BulkVerification[] }>({ queryKey: finderVerifierKeys.bulkVerifications() }, (page) =>
      page && Array.isArray(page.items) && page.items.every((item) => 'processed' in item) ? applyJobProgress(page, progress) : page,
    );
    if (progress.state !== 'active' && progress.state !== 'queued') void queryClient.invalidateQueries({ queryKey: finderVerifierKeys.bulkVerifications() });
  });
}
