import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** POST /pipelines/api/campaign/:id/create-copy: a new campaign (status new), with or without attachments. */
export const createCampaignCopyMutation = routeMutation(campaignsRoutes.createCampaignCopy, {
  invalidates: () => [campaignKeys.lists(), campaignKeys.folders()],
});

export const useCreateCampaignCopy = () => useMutation(createCampaignCopyMutation);
