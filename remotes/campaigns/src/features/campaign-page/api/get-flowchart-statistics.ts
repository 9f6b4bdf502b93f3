import { useQuery } from '@tanstack/react-query';
import { campaignStatisticsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /pipelines/api/statistics/flowchart/:campaignId: recipients at and through each block, events per block. */
export const getFlowchartStatisticsQueryOptions = (campaignId: number) =>
  routeQueryOptions(campaignStatisticsRoutes.statisticsFlowchart, { params: { campaignId } }, campaignPageKeys.flowchartStatistics(campaignId));

export const useGetFlowchartStatistics = (campaignId: number, enabled = true) =>
  useQuery({ ...getFlowchartStatisticsQueryOptions(campaignId), enabled });
