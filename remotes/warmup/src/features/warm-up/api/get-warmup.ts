import { useQuery } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /warm-up/api/email-accounts/:id: one mailbox's warm-up as the list shows it (not_found when not the caller's). */
export const getWarmupQueryOptions = (emailAccountId: number) =>
  routeQueryOptions(warmupRoutes.warmupGet, { params: { emailAccountId } }, warmupKeys.warmUpAccount(emailAccountId));

export const useWarmup = (emailAccountId: number) => useQuery(getWarmupQueryOptions(emailAccountId));
