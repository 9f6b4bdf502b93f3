import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** DELETE /pipelines/api/campaign/:id: queued, unsent mail and LinkedIn actions are cancelled; sent mail stays sent. */
export const deleteCampaignMutation = routeMutation(campaignsRoutes.deleteCampaign, {
  invalidates: () => [campaignKeys.lists(), campaignKeys.folders()],
});

export const useDeleteCampaign = () => useMutation(deleteCampaignMutation);
