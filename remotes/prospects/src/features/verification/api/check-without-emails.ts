import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkWithoutEmails } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { withoutEmailRefetchInterval } from '../utils/polling';

/** POST /prospects/check-without-emails: polled every 8 s while the server answers -1 (still counting). */
export const withoutEmailsQueryOptions = (listId: number | null) =>
  queryOptions({
    queryKey: prospectsKeys.withoutEmails(listId),
    queryFn: ({ signal }) => callApi(checkWithoutEmails, { body: { listId } }, { signal }),
    refetchInterval: (query) => withoutEmailRefetchInterval(query.state.data?.count),
  });

export const useWithoutEmails = (listId: number | null) => useQuery(withoutEmailsQueryOptions(listId));
