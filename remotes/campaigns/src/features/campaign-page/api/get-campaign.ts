import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /pipelines/api/campaign/:id: the campaign with its settings, flowchart and current block issues (404 for one the caller may not see). */
export const getCampaignQueryOptions = (id: number) =>
  routeQueryOptions(campaignsRoutes.getCampaign, { params: { id } }, campaignPageKeys.view(id));

export const useGetCampaign = (id: number) => useQuery(getCampaignQueryOptions(id));
