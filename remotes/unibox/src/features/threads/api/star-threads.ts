import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { patchThreadRows } from './list-thread-groups';

/** POST /pipelines/api/unibox/star: threads or messages starred or unstarred. */
export const starThreadsMutation = routeMutation(uniboxRoutes.uniboxStar, {
  invalidates: (_data, request) => [uniboxKeys.threadLists(), ...(request.body.threadIds ?? []).map((id) => uniboxKeys.threadMessages(id))],
});

/** Optimistic: the star turns at once; a refusal refetches the lists. */
export function useStarThreads() {
  const client = useQueryClient();
  return useMutation({
    ...starThreadsMutation,
    onMutate: ({ body }) => patchThreadRows(client, body.threadIds ?? [], (row) => ({ ...row, isStarred: body.isStarred })),
    onError: () => void client.invalidateQueries({ queryKey: uniboxKeys.threadLists() }),
  });
}
