import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLists, type ListTeamFilter } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** The lists sidebar: lists, folders, deleted lists, the All contacts count and team filter options. */
export const fetchLists = (teamFilter: ListTeamFilter, signal?: AbortSignal) =>
  callApi(getLists, { query: { id: teamFilter } }, { signal });

export const listsQueryOptions = (teamFilter: ListTeamFilter) =>
  queryOptions({ queryKey: prospectsKeys.sidebarFor(teamFilter), queryFn: ({ signal }) => fetchLists(teamFilter, signal) });

export const useLists = (teamFilter: ListTeamFilter) => useQuery(listsQueryOptions(teamFilter));
