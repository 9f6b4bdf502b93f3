import { queryOptions, useQuery } from '@tanstack/react-query';
import { companiesWithLogo } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** Shortest query worth sending: one character is too vague (document 1 §5). */
export const COMPANY_QUERY_MIN = 2;

/** POST /search/companiesWithLogo {query}: companies by name or domain, with logos. */
export const companySearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: prospectsKeys.companySearch(query),
    queryFn: ({ signal }) => callApi(companiesWithLogo, { body: { query } }, { signal }),
    enabled: query.length >= COMPANY_QUERY_MIN,
  });

export const useCompanySearch = (query: string) => useQuery(companySearchQueryOptions(query));
