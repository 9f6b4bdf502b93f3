import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, prospectsSearch, type GlobalSearchFilters } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospects/search: a page of a global search across every prospect the user may see. */
export const searchQueryOptions = (filters: GlobalSearchFilters, page: number) =>
  queryOptions({
    queryKey: prospectsKeys.search({ filters, page }),
    queryFn: ({ signal }) => callApi(prospectsSearch, { body: { filters, page, perPage: PAGE_SIZES.prospects } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useSearchProspects = (filters: GlobalSearchFilters | null, page: number) =>
  useQuery({ ...searchQueryOptions(filters ?? {}, page), enabled: filters !== null });
