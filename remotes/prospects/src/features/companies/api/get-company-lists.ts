import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyListsGet } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /companies/lists: the user's company lists. */
export const companyListsQueryOptions = queryOptions({
  queryKey: prospectsKeys.companyLists(),
  queryFn: ({ signal }) => callApi(companyListsGet, {}, { signal }),
});

export const useCompanyLists = () => useQuery(companyListsQueryOptions);
