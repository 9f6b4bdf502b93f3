import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  finderBulkCancel,
  finderBulkDomains,
  finderBulkDownload,
  finderBulkList,
  finderBulkNames,
  finderBulkPause,
  finderBulkResults,
  finderBulkResume,
  type BulkKind,
  type BulkState,
} from '@leadforge/contracts';
import { callApi, routeMutation, routeQueryOptions } from '@leadforge/api-client';
import { finderKeys } from '../../single-email-search/api/keys';

export const finderBulkKeys = {
  all: finderKeys.scope('bulk'),
  list: (kind: BulkKind) => finderKeys.scope('bulk', 'list', kind),
  results: (id: number) => finderKeys.scope('bulk', 'results', id),
};

const RUNNING: readonly BulkState[] = ['queued', 'active'];
/** Progress arrives by push; this slower re-poll only covers a socket that is down. */
const FALLBACK_POLL_MS = 10_000;

/** POST /emails-from-names/jobs: a bulk email search from names. */
export const useCreateBulkNames = () => useMutation(routeMutation(finderBulkNames, { invalidates: () => [finderBulkKeys.all] }));

/** POST /url-emails/jobs: a bulk domain search. */
export const useCreateBulkDomains = () => useMutation(routeMutation(finderBulkDomains, { invalidates: () => [finderBulkKeys.all] }));

/** GET /finder/bulk-jobs?kind=: the caller's bulk searches of one kind. */
export const bulkJobsQuery = (kind: BulkKind, page: number) =>
  routeQueryOptions(finderBulkList, { query: { page, kind } }, finderBulkKeys.list(kind));
export const useFinderBulkJobs = (kind: BulkKind, page: number) =>
  useQuery({
    ...bulkJobsQuery(kind, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((job) => RUNNING.includes(job.state)) ? FALLBACK_POLL_MS : false),
  });

/** GET /finder/bulk-jobs/:id/results: the rows done so far. */
export const bulkResultsQuery = (id: number, page: number) =>
  routeQueryOptions(finderBulkResults, { params: { id }, query: { page } }, finderBulkKeys.results(id));
export const useFinderBulkResults = (id: number, page: number) =>
  useQuery({ ...bulkResultsQuery(id, page), placeholderData: keepPreviousData });

export type FinderBulkAction = 'pause' | 'resume' | 'cancel';
const actionRoutes = { pause: finderBulkPause, resume: finderBulkResume, cancel: finderBulkCancel } as const;

/** POST /finder/bulk-jobs/:id/{pause|resume|cancel}. */
export const useFinderBulkAction = () =>
  useMutation({
    mutationKey: ['finder', 'bulk', 'action'],
    mutationFn: ({ id, action }: { id: number; action: FinderBulkAction }) => callApi(actionRoutes[action], { params: { id } }),
    onSuccess: (_data, _variables, _result, context) => context.client.invalidateQueries({ queryKey: finderBulkKeys.all }),
  });

/** GET /finder/bulk-jobs/:id/download: the results as CSV. */
export const downloadFinderBulk = async (id: number): Promise<Blob> => (await callApi(finderBulkDownload, { params: { id } })) as Blob;
