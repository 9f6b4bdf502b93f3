import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { updateCheckEmails } from '@leadforge/contracts';
import { callApi, routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { verificationRefetchInterval } from '../utils/polling';

/**
 * POST /prospects/updateCheckEmails {ids}: the newest verification statuses of these prospects,
 * re-polled every 10 s while any is in_progress or greylist (document 2 §7.11).
 */
export const checkEmailsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: prospectsKeys.verification(ids),
    queryFn: ({ signal }) => callApi(updateCheckEmails, { body: { ids: [...ids] } }, { signal }),
    enabled: ids.length > 0,
    refetchInterval: (query) =>
      verificationRefetchInterval(query.state.data?.prospects.flatMap((prospect) => prospect.emails.map((email) => email.status)) ?? []),
  });

export const useCheckEmails = (ids: readonly number[]) => useQuery(checkEmailsQueryOptions(ids));

/**
 * POST /prospects/updateCheckEmails {ids} or {selection}: queues the never-verified emails of the
 * bulk selection in one call (a selection by filter is resolved by the server, however large).
 * The table then shows them in_progress.
 */
export const queueVerificationMutation = routeMutation(updateCheckEmails, { invalidates: () => [prospectsKeys.lists()] });
export const useQueueVerification = () => useMutation(queueVerificationMutation);
