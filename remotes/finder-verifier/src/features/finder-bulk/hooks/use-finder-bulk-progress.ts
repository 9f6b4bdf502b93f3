import { useQueryClient } from '@tanstack/react-query';
import type { BulkJob } from '@leadforge/contracts';
import { usePushEvent } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** The API reports bulk searches as `finder.bulk.<kind>` with job id `finder-bulk-<id>`. */
export const FINDER_BULK_KIND_PREFIX = 'finder.bulk.';
export const finderBulkJobId = (id: number) => `finder-bulk-${id}`;

type JobPage = { items: BulkJob[] };

/** A job list page with one job's counters moved on by a push. */
export function applyFinderProgress<T extends JobPage>(page: T, progress: { jobId: string; state: BulkJob['state']; processed: number; total: number }): T {
  if (!page.items.some((job) => finderBulkJobId(job.id) === progress.jobId)) return page;
  return {
    ...page,
    items: page.items.map((job) =>
      finderBulkJobId(job.id) === progress.jobId ? { ...job, state: progress.state, processed: progress.processed, total: progress.total } : job,
    ),
  };
}

/** Moves the bulk searches' progress bars on `job.progress` pushes; a finished job is fetched again. */
export function useFinderBulkProgress(): void {
  const queryClient = useQueryClient();
  usePushEvent('job.progress', ({ payload }) => {
    if (!payload.kind.startsWith(FINDER_BULK_KIND_PREFIX)) return;
    queryClient.setQueriesData<JobPage>({ queryKey: finderVerifierKeys.finderBulk() }, (page) =>
      page && Array.isArray(page.items) && page.items.every((item) => 'state' in item) ? applyFinderProgress(page, payload) : page,
    );
    if (payload.state !== 'active' && payload.state !== 'queued') void queryClient.invalidateQueries({ queryKey: finderVerifierKeys.finderBulk() });
  });
}
