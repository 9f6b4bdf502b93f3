import { useQuery } from '@tanstack/react-query';
import { schedulesRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { libraryKeys } from '../../templates/api/library-keys';

/** GET /schedules/getList: the caller's schedules, each with the campaigns that use it. */
export const listSchedulesQueryOptions = () => routeQueryOptions(schedulesRoutes.listSchedules, {}, libraryKeys.scheduleList());

export const useListSchedules = () => useQuery(listSchedulesQueryOptions());
