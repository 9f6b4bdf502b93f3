import { useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /general-info/time-zones: IANA zones with their current offsets, for the sending window. */
export const listTimeZonesQueryOptions = () => routeQueryOptions(generalRoutes.timeZones, {}, warmupKeys.timeZones());

/** The list changes only with daylight saving; one fetch per visit is enough. */
export const useListTimeZones = (enabled = true) => useQuery({ ...listTimeZonesQueryOptions(), staleTime: Infinity, enabled });
