import { useQuery } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /linkedin-accounts/all: the caller's slots and accounts, the network they connect to, slots used and allowed. */
export const listLinkedinAccountsQueryOptions = () =>
  routeQueryOptions(linkedinAccountsRoutes.listLinkedinAccounts, {}, campaignsKeys.linkedinAccountList());

export const useListLinkedinAccounts = () => useQuery(listLinkedinAccountsQueryOptions());
