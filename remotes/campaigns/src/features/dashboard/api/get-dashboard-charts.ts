import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  campaignStatisticsRoutes,
  type DashboardBody,
  type DashboardChannel,
} from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { dashboardKeys } from './dashboard-keys';

const CHART_ROUTES = {
  email: campaignStatisticsRoutes.dashboardEmailCharts,
  linkedin: campaignStatisticsRoutes.dashboardLinkedinCharts,
  summary: campaignStatisticsRoutes.dashboardSummaryCharts,
} as const;

/** POST /pipelines/api/dashboard/{email,linkedin,summary}/charts: events per day and kind over the campaigns the caller sees (a read, so a query). */
export const getDashboardChartsQueryOptions = (channel: DashboardChannel, body: DashboardBody) =>
  routeQueryOptions(CHART_ROUTES[channel], { body }, dashboardKeys.charts(channel, body));

export const useGetDashboardCharts = (channel: DashboardChannel, body: DashboardBody) =>
  useQuery({ ...getDashboardChartsQueryOptions(channel, body), placeholderData: keepPreviousData });
