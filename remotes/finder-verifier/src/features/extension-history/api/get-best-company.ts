import { useQuery } from '@tanstack/react-query';
import { finderPluginBestCompany } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /plugin/history-best-company/:searchId/data: company info and its most senior contacts. */
export const getBestCompanyQueryOptions = (searchId: string) =>
  routeQueryOptions(finderPluginBestCompany, { params: { searchId } }, finderVerifierKeys.bestCompany(searchId));

export const useGetBestCompany = (searchId: string) => useQuery(getBestCompanyQueryOptions(searchId));
