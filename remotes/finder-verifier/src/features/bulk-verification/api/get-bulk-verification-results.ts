import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  BULK_VERIFICATION_RESULTS_PAGE,
  POLLING,
  verificationRoutes,
  type EmailVerificationStatus,
  type RouteResponse,
} from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

type ResultsPage = RouteResponse<typeof verificationRoutes.bulkVerificationResults>;

/** While the job runs or a row waits on a greylisting server, the page is asked again (document 2 §7.11). */
export function hasUnresolvedRows(data: ResultsPage | undefined): boolean {
  if (!data) return false;
  const running = data.job.status === 'queued' || data.job.status === 'in_progress';
  return running || data.job.greylist > 0 || data.items.some((row) => row.status === 'in_progress' || row.status === 'greylist');
}

/** GET /verify/bulk-jobs/:id/results: one page of a job's rows, with the job itself. */
export const getBulkVerificationResultsQueryOptions = (id: number, page: number, status: EmailVerificationStatus | undefined) =>
  routeQueryOptions(
    verificationRoutes.bulkVerificationResults,
    { params: { id }, query: { page, perPage: BULK_VERIFICATION_RESULTS_PAGE, status } },
    finderVerifierKeys.bulkVerificationResults(id),
  );

export const useGetBulkVerificationResults = (id: number, page: number, status: EmailVerificationStatus | undefined) =>
  useQuery({
    ...getBulkVerificationResultsQueryOptions(id, page, status),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasUnresolvedRows(query.state.data) ? POLLING.verificationMs : false),
  });
