import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  campaignStatisticsRoutes,
  type DashboardBody,
  type DashboardChannel,
} from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { dashboardKeys } from './dashboard-keys';

const TABLE_ROUTES = {
  email: campaignStatisticsRoutes.dashboardEmailTables,
  linkedin: campaignStatisticsRoutes.dashboardLinkedinTables,
  summary: campaignStatisticsRoutes.dashboardSummaryTables,
} as const;

/** POST /pipelines/api/dashboard/{email,linkedin,summary}/tables: figures and rates per campaign in the range, and their total. */
export const getDashboardTablesQueryOptions = (channel: DashboardChannel, body: DashboardBody) =>
  routeQueryOptions(TABLE_ROUTES[channel], { body }, dashboardKeys.tables(channel, body));

export const useGetDashboardTables = (channel: DashboardChannel, body: DashboardBody) =>
  useQuery({ ...getDashboardTablesQueryOptions(channel, body), placeholderData: keepPreviousData });
