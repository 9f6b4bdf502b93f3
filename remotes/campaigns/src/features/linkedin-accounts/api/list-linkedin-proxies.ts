import { useQuery } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /linkedin-accounts/proxies: the countries the built-in proxies serve. */
export const listLinkedinProxiesQueryOptions = () =>
  routeQueryOptions(linkedinAccountsRoutes.linkedinProxies, {}, campaignsKeys.linkedinProxies());

/** Asked when a form that picks a proxy opens; the set changes only with the platform's set-up. */
export const useListLinkedinProxies = (enabled: boolean) => useQuery({ ...listLinkedinProxiesQueryOptions(), staleTime: Infinity, enabled });
