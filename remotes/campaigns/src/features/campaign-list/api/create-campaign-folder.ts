import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** POST /pipelines/api/folders: a new folder at the end. */
export const createCampaignFolderMutation = routeMutation(campaignsRoutes.createCampaignFolder, {
  invalidates: () => [campaignKeys.folders()],
});

export const useCreateCampaignFolder = () => useMutation(createCampaignFolderMutation);
