import { useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/** GET /team-info: the caller's team and its members, whose mailboxes a lead may read. */
export const getTeamInfoQueryOptions = () => routeQueryOptions(generalRoutes.teamInfo, {}, uniboxKeys.teamInfo());

export const useTeamInfo = (enabled: boolean) => useQuery({ ...getTeamInfoQueryOptions(), enabled });
