import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { patchThreadRows } from './list-thread-groups';

/** POST /pipelines/api/unibox/read: threads or messages read or unread; every count that shows unread follows. */
export const markReadMutation = routeMutation(uniboxRoutes.uniboxRead, {
  invalidates: () => [uniboxKeys.threadLists(), uniboxKeys.accounts(), uniboxKeys.directories(), uniboxKeys.unreadCount()],
});

/** Optimistic: the rows change at once (a read mark is safe to show early); a refusal refetches them. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    ...markReadMutation,
    onMutate: ({ body }) => {
      // Unread of a whole thread: at least one message; the refetch brings the real count.
      patchThreadRows(client, body.threadIds ?? [], (row) => ({ ...row, unreadCount: body.isRead ? 0 : Math.max(row.unreadCount, 1) }));
    },
    onError: () => void client.invalidateQueries({ queryKey: uniboxKeys.threadLists() }),
  });
}
