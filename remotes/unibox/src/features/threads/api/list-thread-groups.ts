import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { uniboxRoutes, type RouteResponse, type UniboxThreadGroupsBody, type UniboxThreadRow } from '@leadforge/contracts';
import { callApi, routeQueryKey } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

type ThreadPage = RouteResponse<typeof uniboxRoutes.uniboxThreadGroups>;
export type ThreadPages = InfiniteData<ThreadPage, number>;

/**
 * The page after `last`, if there is one: while the pages seen hold fewer rows than the total; and
 * when the total is only a lower bound (`totalCapped`: the server stopped counting), while the last
 * page came back full, so the list scrolls on past the count.
 */
export function nextThreadPage(last: ThreadPage, pages: readonly ThreadPage[]): number | undefined {
  if (last.items.length === 0) return undefined;
  if (last.totalCapped) return last.items.length >= last.pageSize ? last.page + 1 : undefined;
  return pages.reduce((seen, page) => seen + page.items.length, 0) < last.total ? last.page + 1 : undefined;
}

/** POST /pipelines/api/unibox/thread-groups, page after page for the infinite list. */
export const listThreadGroupsQueryOptions = (body: Omit<UniboxThreadGroupsBody, 'page'>) =>
  infiniteQueryOptions({
    queryKey: routeQueryKey(uniboxKeys.threadLists(), { body }),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(uniboxRoutes.uniboxThreadGroups, { body: { ...body, page: pageParam } }, { signal }),
    getNextPageParam: nextThreadPage,
  });

export const useListThreadGroups = (body: Omit<UniboxThreadGroupsBody, 'page'>) => useInfiniteQuery(listThreadGroupsQueryOptions(body));

/**
 * Changes the rows of `threadIds` in every loaded list at once (optimistic marks); the lists are
 * refetched after the server answers, so a wrong guess lasts one round trip.
 */
export function patchThreadRows(client: QueryClient, threadIds: readonly number[], patch: (row: UniboxThreadRow) => UniboxThreadRow): void {
  const ids = new Set(threadIds);
  client.setQueriesData<ThreadPages>({ queryKey: uniboxKeys.threadLists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((row) => (ids.has(row.id) ? patch(row) : row)) })) }
      : data,
  );
}
