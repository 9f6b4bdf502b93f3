import { useQuery } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /warm-up/api/used-schedules: the caller's schedules a warm-up can send on, with the mailboxes using each. */
export const listUsedSchedulesQueryOptions = () => routeQueryOptions(warmupRoutes.warmupUsedSchedules, {}, warmupKeys.warmUpSchedules());

export const useUsedSchedules = () => useQuery(listUsedSchedulesQueryOptions());
