import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { companiesGetHistory } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** Entries asked for at a time: the most the call gives. */
export const COMPANY_HISTORY_PAGE = 200;

/**
 * POST /companies/get-history: what the user did with companies and company lists, newest first,
 * page by page; with a listId, only that list's entries (the server matches its id, and moves from
 * or to it).
 */
export const companyHistoryQueryOptions = (listId: number | null) =>
  infiniteQueryOptions({
    queryKey: prospectsKeys.companyHistoryOf(listId),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        companiesGetHistory,
        { body: { page: pageParam, limit: COMPANY_HISTORY_PAGE, ...(listId !== null ? { listId } : {}) } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * COMPANY_HISTORY_PAGE < last.total ? pages.length + 1 : undefined),
  });

export const useCompanyHistory = (listId: number | null) => useInfiniteQuery(companyHistoryQueryOptions(listId));
