import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/** GET /pipelines/api/campaign/:id: every setting, the flowchart and its current issues. */
export const getCampaignQueryOptions = (id: number) => routeQueryOptions(campaignsRoutes.getCampaign, { params: { id } }, campaignKeys.campaign(id));

export const useGetCampaign = (id: number | null) => useQuery({ ...getCampaignQueryOptions(id ?? 0), enabled: id !== null });
