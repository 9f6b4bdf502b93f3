import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** PATCH /pipelines/api/folders/:id: renames a folder. */
export const renameCampaignFolderMutation = routeMutation(campaignsRoutes.renameCampaignFolder, {
  invalidates: () => [campaignKeys.folders()],
});

export const useRenameCampaignFolder = () => useMutation(renameCampaignFolderMutation);
