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

/**
 * While the warm-up runs, the day's mail keeps arriving (sends, landings, answers come from the
 * pool's jobs, with no push of their own): the open page reads them again every so often.
 */
export const WARMUP_LIVE_REFRESH_MS = 15_000;

export const useWarmupStatistics = (emailAccountId: number, days: StatisticsDays, live: boolean) =>
  useQuery({ ...getWarmupStatisticsQueryOptions(emailAccountId, days), refetchInterval: live ? WARMUP_LIVE_REFRESH_MS : false });
