import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** PATCH /pipelines/api/campaign/update: any subset of settings (the list moves a campaign to a folder with it). */
export const updateCampaignMutation = routeMutation(campaignsRoutes.updateCampaign, {
  invalidates: (_data, request) => [campaignKeys.lists(), campaignKeys.folders(), campaignKeys.campaign(request.body.campaignId)],
});

export const useUpdateCampaign = () => useMutation(updateCampaignMutation);
