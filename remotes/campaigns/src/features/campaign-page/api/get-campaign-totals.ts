import { useQuery } from '@tanstack/react-query';
import { campaignStatisticsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /pipelines/api/statistics/campaign-totals/:campaignId: every figure with its rate. */
export const getCampaignTotalsQueryOptions = (campaignId: number) =>
  routeQueryOptions(campaignStatisticsRoutes.statisticsCampaignTotals, { params: { campaignId } }, campaignPageKeys.totals(campaignId));

export const useGetCampaignTotals = (campaignId: number) => useQuery(getCampaignTotalsQueryOptions(campaignId));
