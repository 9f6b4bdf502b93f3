import { useQuery } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /warm-up/api/user-limits: what the plan allows (mailboxes, ceiling), the defaults and the pool's size. */
export const getWarmupUserLimitsQueryOptions = () => routeQueryOptions(warmupRoutes.warmupUserLimits, {}, warmupKeys.warmUpLimits());

export const useWarmupUserLimits = () => useQuery(getWarmupUserLimitsQueryOptions());
