import { useQuery } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** The windows the screens offer for the daily series (the rates are always over 7 and 30 days). */
export const STATISTICS_DAYS = [7, 30] as const;
export type StatisticsDays = (typeof STATISTICS_DAYS)[number];

/** GET /warm-up/api/statistics: one mailbox's warm-up mail per day, its 7- and 30-day rates and its health. */
export const getWarmupStatisticsQueryOptions = (emailAccountId: number, days: StatisticsDays) =>
  routeQueryOptions(warmupRoutes.warmupStatistics, { query: { emailAccountId, days } }, warmupKeys.warmUpStatistics(emailAccountId));

export const useWarmupStatistics = (emailAccountId: number, days: StatisticsDays) =>
  useQuery(getWarmupStatisticsQueryOptions(emailAccountId, days));
