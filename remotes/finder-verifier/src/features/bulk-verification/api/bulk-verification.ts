import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  BULK_VERIFICATION_LIST_PAGE,
  BULK_VERIFICATION_RESULTS_PAGE,
  POLLING,
  verificationRouteDeclarations as routes,
  type EmailVerificationStatus,
  type RouteBody,
} from '@leadforge/contracts';
import { callApi, routeMutation, routeQueryOptions } from '@leadforge/api-client';
import { verificationKeys } from '../../single-verification/api/keys';

/** All bulk-job queries, so one mutation refreshes the list, the job and its rows. */
export const bulkKeys = {
  all: verificationKeys.scope('bulk'),
  list: (page: number) => verificationKeys.scope('bulk', 'list', { page }),
  results: (id: number) => verificationKeys.scope('bulk', 'results', id),
};

/** POST /calculate-emails-for-verify: what a run of these addresses would cost. */
export const calculateEmailsQuery = (emails: string[], version: number) =>
  queryOptions({
    queryKey: verificationKeys.scope('calculate', version),
    queryFn: ({ signal }) => callApi(routes.calculateEmailsForVerify, { body: { emails } }, { signal }),
    staleTime: Infinity,
  });
export const useCalculateEmails = (emails: string[], version: number) =>
  useQuery({ ...calculateEmailsQuery(emails, version), enabled: emails.length > 0 });

/** POST /user-balance/check-balance: whether the balance covers the cost just calculated. */
export const checkBalanceQuery = (minBalance: number) =>
  routeQueryOptions(routes.checkBalance, { body: { minBalance } }, verificationKeys.scope('balance'));
export const useCheckBalance = (minBalance: number | undefined) =>
  useQuery({ ...checkBalanceQuery(minBalance ?? 0), enabled: minBalance !== undefined });

/** POST /verify/bulk-jobs: starts a durable bulk verification. */
export const createBulkVerification = (body: RouteBody<typeof routes.createBulkVerification>) =>
  callApi(routes.createBulkVerification, { body });
export const useCreateBulkVerification = () =>
  useMutation(routeMutation(routes.createBulkVerification, { invalidates: () => [bulkKeys.all, verificationKeys.scope('balance')] }));

/** GET /verify/bulk-jobs: the caller's jobs, newest first. */
export const bulkJobsQuery = (page: number) =>
  routeQueryOptions(routes.listBulkVerifications, { query: { page, perPage: BULK_VERIFICATION_LIST_PAGE } }, bulkKeys.list(page));
export const useBulkJobs = (page: number) => useQuery({ ...bulkJobsQuery(page), placeholderData: keepPreviousData });

/** GET /verify/bulk-jobs/:id/results, re-polled every 10 s while rows are unresolved (document 2 §7.11). */
export const bulkResultsQuery = (id: number, page: number, status: EmailVerificationStatus | undefined) =>
  routeQueryOptions(
    routes.bulkVerificationResults,
    { params: { id }, query: { page, perPage: BULK_VERIFICATION_RESULTS_PAGE, status } },
    bulkKeys.results(id),
  );
export const useBulkResults = (id: number, page: number, status: EmailVerificationStatus | undefined) =>
  useQuery({
    ...bulkResultsQuery(id, page, status),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const running = data.job.status === 'queued' || data.job.status === 'in_progress';
      const unresolved = data.job.greylist > 0 || data.items.some((row) => row.status === 'in_progress' || row.status === 'greylist');
      return running || unresolved ? POLLING.verificationMs : false;
    },
  });

export type BulkJobAction = 'pause' | 'resume' | 'cancel';
const actionRoutes = {
  pause: routes.pauseBulkVerification,
  resume: routes.resumeBulkVerification,
  cancel: routes.cancelBulkVerification,
} as const;

/** POST /verify/bulk-jobs/:id/{pause|resume|cancel}. */
export const useBulkJobAction = () =>
  useMutation({
    mutationKey: ['verification', 'bulk', 'action'],
    mutationFn: ({ id, action }: { id: number; action: BulkJobAction }) => callApi(actionRoutes[action], { params: { id } }),
    onSuccess: (_data, _variables, _result, context) => context.client.invalidateQueries({ queryKey: bulkKeys.all }),
  });

/** GET /verify/bulk-jobs/:id/download: the CSV of a job's rows and results. */
export const downloadBulkResults = async (id: number): Promise<Blob> =>
  (await callApi(routes.downloadBulkVerification, { params: { id } })) as Blob;
