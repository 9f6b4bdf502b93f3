import { useQuery } from '@tanstack/react-query';
import { prospectsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/**
 * GET /prospects-new/info/{prospectId}/0: the conversation's prospect as the prospects area shows
 * it to this viewer (elements hidden from them left out, 404 when they may not see it at all).
 */
export const getProspectInfoQueryOptions = (prospectId: number) =>
  routeQueryOptions(prospectsRoutes.prospectInfo, { params: { prospectId, listId: 0 } }, uniboxKeys.prospect(prospectId));

export const useProspectInfo = (prospectId: number) => useQuery({ ...getProspectInfoQueryOptions(prospectId), retry: false });
