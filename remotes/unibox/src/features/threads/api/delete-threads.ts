import { useMutation } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/**
 * POST /pipelines/api/unibox/delete: threads or messages to the unibox trash. Not optimistic: a
 * row that vanished and came back would be worse than one that waits for the answer.
 */
export const deleteThreadsMutation = routeMutation(uniboxRoutes.uniboxDelete, {
  invalidates: () => [uniboxKeys.threadLists(), uniboxKeys.accounts(), uniboxKeys.directories(), uniboxKeys.unreadCount()],
});

export const useDeleteThreads = () => useMutation(deleteThreadsMutation);
