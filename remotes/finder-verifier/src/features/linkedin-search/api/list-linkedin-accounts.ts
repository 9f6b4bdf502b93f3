import { useQuery } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /pipelines/api/linkedin-accounts/all: the caller's LinkedIn accounts (own and assigned to them), to run tasks on. */
export const listLinkedinAccountsQueryOptions = () =>
  routeQueryOptions(linkedinAccountsRoutes.listLinkedinAccounts, {}, finderVerifierKeys.linkedinAccounts());

export const useListLinkedinAccounts = () => useQuery(listLinkedinAccountsQueryOptions());
