import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/**
 * POST …/campaign/:id/launch-check: the launch checks without launching. A POST that changes
 * nothing, so the review step reads it as a query (and re-reads it after every save).
 */
export const launchCheckQueryOptions = (id: number) =>
  routeQueryOptions(campaignsRoutes.campaignLaunchCheck, { params: { id } }, campaignKeys.launchCheck(id));

export const useLaunchCheck = (id: number) => useQuery(launchCheckQueryOptions(id));
