import { useQuery } from '@tanstack/react-query';
import { campaignStatisticsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

export type DailyRange = { from?: string; to?: string };

/** GET /pipelines/api/statistics/daily/:campaignId: events per day and kind (the last 30 days unless a range is given). */
export const getDailyStatisticsQueryOptions = (campaignId: number, range: DailyRange) =>
  routeQueryOptions(
    campaignStatisticsRoutes.statisticsDaily,
    { params: { campaignId }, query: range },
    campaignPageKeys.daily(campaignId, range),
  );

export const useGetDailyStatistics = (campaignId: number, range: DailyRange) => useQuery(getDailyStatisticsQueryOptions(campaignId, range));
