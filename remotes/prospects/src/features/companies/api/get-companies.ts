import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, companiesGetAll } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

export interface CompaniesRequest {
  listId: number | null;
  page: number;
  query?: string;
}

/** POST /companies/get-all: the company table, 50 per page. */
export const companiesQueryOptions = (request: CompaniesRequest) =>
  queryOptions({
    queryKey: prospectsKeys.companies(request),
    queryFn: ({ signal }) => callApi(companiesGetAll, { body: { ...request, limit: PAGE_SIZES.companyTable } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (request: CompaniesRequest) => useQuery(companiesQueryOptions(request));
