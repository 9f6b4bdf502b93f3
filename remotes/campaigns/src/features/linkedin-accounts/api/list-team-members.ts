import { useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /team-info: the caller's team and its members, the people a lead can give a slot to. */
export const listTeamMembersQueryOptions = () => routeQueryOptions(generalRoutes.teamInfo, {}, campaignsKeys.teamInfo());

export const useListTeamMembers = (enabled: boolean) => useQuery({ ...listTeamMembersQueryOptions(), enabled });
