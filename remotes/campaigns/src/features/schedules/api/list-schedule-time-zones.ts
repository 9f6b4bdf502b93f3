import { useQuery } from '@tanstack/react-query';
import { schedulesRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { libraryKeys } from '../../templates/api/library-keys';

/** GET /schedules/timezoneList: IANA zones with their current offsets. */
export const listScheduleTimeZonesQueryOptions = () =>
  routeQueryOptions(schedulesRoutes.scheduleTimeZones, {}, libraryKeys.scheduleTimeZones());

/** The list changes only with daylight saving; one fetch per visit is enough. */
export const useListScheduleTimeZones = (enabled = true) => useQuery({ ...listScheduleTimeZonesQueryOptions(), staleTime: Infinity, enabled });
