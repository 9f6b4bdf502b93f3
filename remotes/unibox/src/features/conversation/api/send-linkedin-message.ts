import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/**
 * POST /pipelines/api/li-touch/inline-message: an answer in a LinkedIn conversation, queued on the
 * conversation's account. The runner sends it within the account's limits and working hours; until
 * then the conversation lists it as queued (so it is read again now), and it reads itself again
 * when the answer is sent or given up on (the `unibox.delivery` push).
 */
export const sendLinkedinMessageMutation = routeMutation(linkedinAccountsRoutes.sendInlineLinkedinMessage, {
  invalidates: () => [uniboxKeys.threadLists(), uniboxKeys.allThreadMessages()],
});

export function useSendLinkedinMessage() {
  return useMutation(sendLinkedinMessageMutation);
}
