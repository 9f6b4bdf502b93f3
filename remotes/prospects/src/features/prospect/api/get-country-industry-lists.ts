import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE, countryIndustryLists } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /prospects/country-industry-lists: countries and industries saved by id (cached 36,000,000 ms). */
export const countryIndustryQueryOptions = queryOptions({
  queryKey: prospectsKeys.countryIndustry(),
  queryFn: ({ signal }) => callApi(countryIndustryLists, {}, { signal }),
  staleTime: CACHE.countriesMs,
});

export const useCountryIndustryLists = () => useQuery(countryIndustryQueryOptions);
