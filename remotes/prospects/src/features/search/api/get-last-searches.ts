import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchLastSearches } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

export const LAST_SEARCHES_LIMIT = 10;

/** POST /prospects/search/get-last-searches: newest first. */
export const lastSearchesQueryOptions = queryOptions({
  queryKey: prospectsKeys.lastSearches(),
  queryFn: ({ signal }) => callApi(searchLastSearches, { body: { limit: LAST_SEARCHES_LIMIT } }, { signal }),
});

export const useLastSearches = () => useQuery(lastSearchesQueryOptions);
