import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /pipelines/api/tips: the tips the campaign screens show, as keys this remote translates. */
export const campaignTipsQueryOptions = () => ({ ...routeQueryOptions(campaignsRoutes.campaignTips, {}, campaignKeys.tips()), staleTime: Number.POSITIVE_INFINITY });

export const useCampaignTips = () => useQuery(campaignTipsQueryOptions());
