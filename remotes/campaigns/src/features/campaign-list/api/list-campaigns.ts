import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { campaignsRoutes, type CampaignListQuery } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /pipelines/api/campaigns: one page (20) of the campaigns the caller sees, filtered. */
export const listCampaignsQueryOptions = (query: CampaignListQuery) =>
  routeQueryOptions(campaignsRoutes.listCampaigns, { query }, campaignKeys.lists());

/** The previous page stays on screen while the next one loads (no flash of the empty state). */
export const useListCampaigns = (query: CampaignListQuery) =>
  useQuery({ ...listCampaignsQueryOptions(query), placeholderData: keepPreviousData });
