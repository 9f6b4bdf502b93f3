import { queryOptions, useQuery } from '@tanstack/react-query';
import { companiesOverview } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /companies/overview/{id}: a company with its prospects. */
export const companyOverviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: prospectsKeys.companyOverview(id),
    queryFn: ({ signal }) => callApi(companiesOverview, { params: { id } }, { signal }),
  });

export const useCompanyOverview = (id: number | null) => useQuery({ ...companyOverviewQueryOptions(id ?? 0), enabled: id !== null });
