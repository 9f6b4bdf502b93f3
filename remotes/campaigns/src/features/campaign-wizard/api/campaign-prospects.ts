import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/** GET /campaigns/:id/prospects: how many recipients the saved step-2 choices would add, and why others are skipped. */
export const campaignProspectsQueryOptions = (id: number) =>
  routeQueryOptions(campaignsRoutes.campaignProspects, { params: { id } }, campaignKeys.campaignProspects(id));

export const useCampaignProspects = (id: number) => useQuery(campaignProspectsQueryOptions(id));
