import { queryOptions, useQuery } from '@tanstack/react-query';
import { prospectInfo } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { verificationRefetchInterval } from '../../verification/utils/polling';

/**
 * GET /prospects-new/info/{prospectId}/{listId} (list 0 from All contacts): the prospect without
 * the elements hidden from this viewer, and its access map. While an email is still being verified
 * it is re-polled every 10 s (document 2 §7.11).
 */
export const prospectInfoQueryOptions = (prospectId: number, listId: number) =>
  queryOptions({
    queryKey: prospectsKeys.prospectInfo(prospectId, listId),
    queryFn: ({ signal }) => callApi(prospectInfo, { params: { prospectId, listId } }, { signal }),
    refetchInterval: (query) => verificationRefetchInterval(query.state.data?.emails.map((email) => email.status) ?? []),
  });

export const useProspectInfo = (prospectId: number, listId: number) => useQuery(prospectInfoQueryOptions(prospectId, listId));
