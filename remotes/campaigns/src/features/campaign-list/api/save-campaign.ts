import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** POST /pipelines/api/campaign/save: without campaignId creates a campaign (status new) from a title. */
export const saveCampaignMutation = routeMutation(campaignsRoutes.saveCampaign, {
  invalidates: () => [campaignKeys.lists(), campaignKeys.folders()],
});

export const useSaveCampaign = () => useMutation(saveCampaignMutation);
