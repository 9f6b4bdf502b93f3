import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BULK_VERIFICATION_LIST_PAGE, verificationRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /verify/bulk-jobs: the caller's jobs, newest first. */
export const listBulkVerificationsQueryOptions = (page: number) =>
  routeQueryOptions(
    verificationRoutes.listBulkVerifications,
    { query: { page, perPage: BULK_VERIFICATION_LIST_PAGE } },
    finderVerifierKeys.bulkVerificationJobs(),
  );

export const useListBulkVerifications = (page: number) =>
  useQuery({ ...listBulkVerificationsQueryOptions(page), placeholderData: keepPreviousData });
