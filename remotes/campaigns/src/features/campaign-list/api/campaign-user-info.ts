import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /campaigns/user-info: plan capabilities, whether the owner filter shows, owners, variables. */
export const campaignUserInfoQueryOptions = () => routeQueryOptions(campaignsRoutes.campaignUserInfo, {}, campaignKeys.userInfo());

export const useCampaignUserInfo = () => useQuery(campaignUserInfoQueryOptions());
