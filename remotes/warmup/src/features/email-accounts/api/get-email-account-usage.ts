import { useQuery } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /email-account/:id/usage: the queued messages deleting would cancel, for the confirmation. */
export const getEmailAccountUsageQueryOptions = (id: number) =>
  routeQueryOptions(emailAccountsRoutes.emailAccountUsage, { params: { id } }, warmupKeys.emailAccountUsage(id));

/** Asked fresh each time the confirmation opens: the queue moves while the list is on screen. */
export const useGetEmailAccountUsage = (id: number | null) =>
  useQuery({ ...getEmailAccountUsageQueryOptions(id ?? 0), enabled: id !== null, staleTime: 0 });
