import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /team/prospect-lists: the prospect lists the caller may add to a campaign or move recipients to. */
export const listTeamProspectListsQueryOptions = () =>
  routeQueryOptions(campaignsRoutes.teamProspectLists, {}, campaignPageKeys.teamProspectLists());

export const useListTeamProspectLists = (enabled = true) => useQuery({ ...listTeamProspectListsQueryOptions(), enabled });
