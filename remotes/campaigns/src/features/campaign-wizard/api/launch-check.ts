import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/**
 * POST …/campaign/:id/launch-check: the launch checks without launching. A POST that changes
 * nothing, so the review step reads it as a query (and re-reads it after every save). What it
 * checks also changes outside the wizard (a mailbox resumed on its screen, a list deleted), so
 * it is never taken as fresh: the review re-reads it each time it opens.
 */
export const launchCheckQueryOptions = (id: number) => ({
  ...routeQueryOptions(campaignsRoutes.campaignLaunchCheck, { params: { id } }, campaignKeys.launchCheck(id)),
  staleTime: 0,
});

export const useLaunchCheck = (id: number) => useQuery(launchCheckQueryOptions(id));
