import { useQuery } from '@tanstack/react-query';
import { campaignStatisticsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /pipelines/api/statistics/recipients/:campaignId: recipients per status (the to-check panel reads `tocheck`). */
export const getRecipientStatusCountsQueryOptions = (campaignId: number) =>
  routeQueryOptions(campaignStatisticsRoutes.statisticsRecipients, { params: { campaignId } }, campaignPageKeys.statusCounts(campaignId));

export const useGetRecipientStatusCounts = (campaignId: number) => useQuery(getRecipientStatusCountsQueryOptions(campaignId));
