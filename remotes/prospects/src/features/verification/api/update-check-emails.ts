import { queryOptions, useQuery } from '@tanstack/react-query';
import { updateCheckEmails } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';
import { verificationRefetchInterval } from '../utils/polling';

/**
 * POST /prospects/updateCheckEmails {ids}: the newest verification statuses of these prospects,
 * re-polled every 10 s while any is in_progress or greylist (document 2 §7.11).
 */
export const checkEmailsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: prospectKeys.verification(ids),
    queryFn: ({ signal }) => callApi(updateCheckEmails, { body: { ids: [...ids] } }, { signal }),
    enabled: ids.length > 0,
    refetchInterval: (query) =>
      verificationRefetchInterval(query.state.data?.prospects.flatMap((prospect) => prospect.emails.map((email) => email.status)) ?? []),
  });

export const useCheckEmails = (ids: readonly number[]) => useQuery(checkEmailsQueryOptions(ids));
