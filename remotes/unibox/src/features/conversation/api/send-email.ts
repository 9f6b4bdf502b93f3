import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uniboxRoutes, type RouteResponse } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

type Messages = RouteResponse<typeof uniboxRoutes.uniboxThreadMessages>;

/**
 * POST /pipelines/api/send-email: a reply, reply-all or forward from the mailbox that received the
 * thread. A queued answer carries the new message, which joins the thread at once; the lists
 * refetch for their snippet and time.
 */
export const sendEmailMutation = routeMutation(uniboxRoutes.uniboxSendEmail, {
  invalidates: (data) => (data.status === 'queued' ? [uniboxKeys.threadLists()] : []),
});

export function useSendEmail() {
  const client = useQueryClient();
  return useMutation({
    ...sendEmailMutation,
    onSuccess: async (data, request, onMutateResult, context) => {
      if (data.status === 'queued') {
        const { item } = data;
        client.setQueriesData<Messages>({ queryKey: uniboxKeys.threadMessages(item.threadId) }, (current) =>
          current && !current.items.some((message) => message.id === item.id) ? { items: [...current.items, item] } : current,
        );
      }
      await sendEmailMutation.onSuccess?.(data, request, onMutateResult, context);
    },
  });
}
