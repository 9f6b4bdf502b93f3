import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /campaigns/user-info: the plan's capabilities and the variables the sequence may use. */
export const getCampaignUserInfoQueryOptions = () => routeQueryOptions(campaignsRoutes.campaignUserInfo, {}, campaignPageKeys.userInfo());

export const useGetCampaignUserInfo = () => useQuery(getCampaignUserInfoQueryOptions());
