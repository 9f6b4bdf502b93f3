import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** POST /pipelines/api/folders/sort: the folders in the order given. */
export const sortCampaignFoldersMutation = routeMutation(campaignsRoutes.sortCampaignFolders, {
  invalidates: () => [campaignKeys.folders()],
});

export const useSortCampaignFolders = () => useMutation(sortCampaignFoldersMutation);
