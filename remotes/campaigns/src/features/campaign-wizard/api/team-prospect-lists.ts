import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/** GET /team/prospect-lists: lists the caller may send a campaign to (also the no-send list choices). */
export const teamProspectListsQueryOptions = () => routeQueryOptions(campaignsRoutes.teamProspectLists, {}, campaignKeys.teamProspectLists());

export const useTeamProspectLists = () => useQuery(teamProspectListsQueryOptions());
