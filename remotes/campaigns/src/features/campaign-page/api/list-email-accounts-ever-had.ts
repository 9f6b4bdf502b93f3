import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /campaigns/email-accounts-ever-had/:id: every mailbox the campaign has sent from, current or removed. */
export const listEmailAccountsEverHadQueryOptions = (id: number) =>
  routeQueryOptions(campaignsRoutes.emailAccountsEverHad, { params: { id } }, campaignPageKeys.sendersEverUsed(id));

export const useListEmailAccountsEverHad = (id: number) => useQuery(listEmailAccountsEverHadQueryOptions(id));
