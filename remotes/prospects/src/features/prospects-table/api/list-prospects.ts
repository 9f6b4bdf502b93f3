import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listProspects } from '@leadforge/contracts';
import { callApi, isApiError } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { listProspectsBody, type ProspectsTableState } from '../utils/table-query';

export const fetchProspectsPage = (state: ProspectsTableState, signal?: AbortSignal) =>
  callApi(listProspects, { body: listProspectsBody(state) }, { signal });

/** A page of the table: `['prospects', 'list', { listId, page, sort, filter }]`. */
export const prospectsPageQueryOptions = (state: ProspectsTableState) =>
  queryOptions({
    queryKey: prospectsKeys.list(listProspectsBody(state)),
    queryFn: ({ signal }) => fetchProspectsPage(state, signal),
    // The next page keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
    // Document 2 §8: a list fetch failing with "expired" is rethrown (to the shell's boundary).
    throwOnError: (error) => isApiError(error) && error.isExpired,
  });

export const useProspectsPage = (state: ProspectsTableState) => useQuery(prospectsPageQueryOptions(state));
