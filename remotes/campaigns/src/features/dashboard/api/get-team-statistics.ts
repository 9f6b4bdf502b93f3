import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { campaignStatisticsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { dashboardKeys } from './dashboard-keys';

/** POST /team/statistics: figures per member in the range — every member for a team lead, only the caller otherwise. */
export const getTeamStatisticsQueryOptions = (range: { from: string; to: string }) =>
  routeQueryOptions(campaignStatisticsRoutes.teamStatistics, { body: range }, dashboardKeys.team(range));

export const useGetTeamStatistics = (range: { from: string; to: string }) =>
  useQuery({ ...getTeamStatisticsQueryOptions(range), placeholderData: keepPreviousData });
