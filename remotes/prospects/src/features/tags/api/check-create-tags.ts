import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { tagsCheckCreate } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { tagCreationRefetchInterval } from '../../verification/utils/polling';

/** POST /prospect-tags/check-create {entityId, type}: polled every 10 s until the process is done. */
export const tagProcessQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: prospectsKeys.tagProcess(processId),
    queryFn: ({ signal }) => callApi(tagsCheckCreate, { body: { entityId: processId, type: 'prospect' } }, { signal }),
    refetchInterval: (query) => tagCreationRefetchInterval(query.state.data?.status ?? 'in_progress'),
  });

/** Follows a tagging process; when it finishes the table and the tags reload (document 1 §4). */
export function useTagProcess(processId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...tagProcessQueryOptions(processId ?? ''), enabled: processId !== null });
  const done = query.data?.status === 'done';
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: prospectsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: prospectsKeys.tags() });
  }, [done, queryClient]);
  return query;
}
