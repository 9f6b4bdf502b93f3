import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** GET /pipelines/api/folders: the caller's folders in their order, with how many campaigns each holds. */
export const listCampaignFoldersQueryOptions = () => routeQueryOptions(campaignsRoutes.listCampaignFolders, {}, campaignKeys.folders());

export const useListCampaignFolders = () => useQuery(listCampaignFoldersQueryOptions());
