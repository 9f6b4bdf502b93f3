import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderBulkResults } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /finder/bulk-jobs/:id/results: the rows done so far, a page at a time. */
export const getFinderBulkResultsQueryOptions = (id: number, page: number) =>
  routeQueryOptions(finderBulkResults, { params: { id }, query: { page } }, finderVerifierKeys.finderBulkResults(id));

export const useGetFinderBulkResults = (id: number, page: number) =>
  useQuery({ ...getFinderBulkResultsQueryOptions(id, page), placeholderData: keepPreviousData });
