import { useQuery } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';
import { WARMUP_LIVE_REFRESH_MS } from './get-warmup-statistics';

/** GET /warm-up/api/email-accounts/:id: one mailbox's warm-up as the list shows it (not_found when not the caller's). */
export const getWarmupQueryOptions = (emailAccountId: number) =>
  routeQueryOptions(warmupRoutes.warmupGet, { params: { emailAccountId } }, warmupKeys.warmUpAccount(emailAccountId));

/** Sent today and health move while the warm-up runs (see WARMUP_LIVE_REFRESH_MS). */
export const useWarmup = (emailAccountId: number) =>
  useQuery({ ...getWarmupQueryOptions(emailAccountId), refetchInterval: (query) => (query.state.data?.item.status === 'active' ? WARMUP_LIVE_REFRESH_MS : false) });
