import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderBulkList, type BulkKind, type BulkState } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

const RUNNING: readonly BulkState[] = ['queued', 'active'];
/** Progress arrives by push; this slower re-poll only covers a socket that is down. */
const FALLBACK_POLL_MS = 10_000;

/** GET /finder/bulk-jobs?kind=: the caller's bulk searches of one kind. */
export const listFinderBulkJobsQueryOptions = (kind: BulkKind, page: number) =>
  routeQueryOptions(finderBulkList, { query: { page, kind } }, finderVerifierKeys.finderBulkJobs(kind));

export const useListFinderBulkJobs = (kind: BulkKind, page: number) =>
  useQuery({
    ...listFinderBulkJobsQueryOptions(kind, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((job) => RUNNING.includes(job.state)) ? FALLBACK_POLL_MS : false),
  });
