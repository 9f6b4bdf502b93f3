import { useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /general-info/time-zones: IANA zones with their current offsets, for an account's working hours. */
export const listTimeZonesQueryOptions = () => routeQueryOptions(generalRoutes.timeZones, {}, campaignsKeys.timeZones());

/** The list changes only with daylight saving; one fetch per visit is enough. */
export const useListTimeZones = (enabled: boolean) => useQuery({ ...listTimeZonesQueryOptions(), staleTime: Infinity, enabled });
