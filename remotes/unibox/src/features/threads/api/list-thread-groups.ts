import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { uniboxRoutes, type RouteResponse, type UniboxThreadGroupsBody, type UniboxThreadRow } from '@leadforge/contracts';
import { callApi, routeQueryKey } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

type ThreadPage = RouteResponse<typeof uniboxRoutes.uniboxThreadGroups>;
export type ThreadPages = InfiniteData<ThreadPage, number>;

/**
 * POST /pipelines/api/unibox/thread-groups, page after page for the infinite list: the next page
 * exists while the pages seen hold fewer rows than the total.
 */
export const listThreadGroupsQueryOptions = (body: Omit<UniboxThreadGroupsBody, 'page'>) =>
  infiniteQueryOptions({
    queryKey: routeQueryKey(uniboxKeys.threadLists(), { body }),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(uniboxRoutes.uniboxThreadGroups, { body: { ...body, page: pageParam } }, { signal }),
    getNextPageParam: (last, pages) => (pages.reduce((seen, page) => seen + page.items.length, 0) < last.total && last.items.length > 0 ? last.page + 1 : undefined),
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
