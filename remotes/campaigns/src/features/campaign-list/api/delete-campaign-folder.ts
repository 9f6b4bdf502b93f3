import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** DELETE /pipelines/api/folders/:id: the folder goes, its campaigns stay in no folder (the list changes). */
export const deleteCampaignFolderMutation = routeMutation(campaignsRoutes.deleteCampaignFolder, {
  invalidates: () => [campaignKeys.folders(), campaignKeys.lists()],
});

export const useDeleteCampaignFolder = () => useMutation(deleteCampaignFolderMutation);
