import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { patchThreadRows } from '../../threads/api/list-thread-groups';

/** POST /pipelines/api/unibox/lead-interest: the counterpart marked interested, maybe, not interested or cleared. */
export const setLeadInterestMutation = routeMutation(uniboxRoutes.uniboxLeadInterest, {
  invalidates: () => [uniboxKeys.threadLists()],
});

/** Optimistic: the open conversation's control turns at once; a refusal refetches the lists. */
export function useSetLeadInterest() {
  const client = useQueryClient();
  return useMutation({
    ...setLeadInterestMutation,
    onMutate: ({ body }) =>
      patchThreadRows(client, [body.threadId], (row) => (row.lead ? { ...row, lead: { ...row.lead, interestLevel: body.interest } } : row)),
    onError: () => void client.invalidateQueries({ queryKey: uniboxKeys.threadLists() }),
  });
}
