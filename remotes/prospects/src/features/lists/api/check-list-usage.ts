import { queryOptions, useQuery } from '@tanstack/react-query';
import { listsCheckUsageInCampaigns } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/check-usage-in-campaigns for one list: the campaigns (id, title) the caller sees that use it. */
export const fetchListUsage = async (listId: number, signal?: AbortSignal) => {
  const { usage } = await callApi(listsCheckUsageInCampaigns, { body: { listIds: [listId] } }, { signal });
  return usage.find((entry) => entry.listId === listId)?.campaigns ?? [];
};

/** `['prospects', 'sidebar', 'usage', listId]`: under the sidebar, so a list change refreshes it. */
export const listUsageQueryOptions = (listId: number) =>
  queryOptions({
    queryKey: prospectsKeys.listUsage(listId),
    queryFn: ({ signal }) => fetchListUsage(listId, signal),
  });

export const useListUsage = (listId: number) => useQuery(listUsageQueryOptions(listId));
