import {
  QueryClient,
  mutationOptions,
  queryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import type { AnyRoute, RouteResponse } from '@leadforge/contracts';
import { isApiError, isNotAvailableYet } from './api-error';
import { callApi as defaultCallApi, type ApiRequest, type CallApi } from './http-client';

export const DEFAULT_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/**
 * Retries only what may heal by itself: network failures and 5xx. A 4xx (validation, auth,
 * plan) answers the same the second time, and a broken contract is a bug, not a hiccup. Nor does
 * a 501 `not_available_yet`: the area is not built yet.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error) || isNotAvailableYet(error)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: shouldRetry,
        // Server pushes (account.changed, job.progress, …) invalidate what changed; refetching
        // every query on each window focus would only add load.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * A query key from general to specific (CONVENTIONS): the caller's parts, then the request when it
 * carries anything, e.g. `['prospects', 'list', { params: { id: 3 }, query: { page: 2 } }]`.
 * Invalidating `['prospects']` or `['prospects', 'list']` then reaches it.
 */
export function routeQueryKey(keyParts: readonly unknown[], request?: object): QueryKey {
  const parts = [...keyParts];
  if (request && Object.values(request).some((value) => value !== undefined)) parts.push(request);
  return parts;
}

/**
 * A key factory for one area, so mutations invalidate by factory and never by string literal:
 * `const prospectKeys = createQueryKeys('prospects'); prospectKeys.all; prospectKeys.scope('list', {listId})`.
 */
export function createQueryKeys<const TArea extends string>(area: TArea) {
  return {
    all: [area] as const,
    scope: <const TScope extends string>(scope: TScope, ...specific: unknown[]) =>
      [area, scope, ...specific] as const,
  };
}

/** react-query options for a GET route: `useQuery(routeQueryOptions(userInfo, {}, ['session', 'userInfo']))`. */
export function routeQueryOptions<R extends AnyRoute>(
  route: R,
  request: ApiRequest<R>,
  keyParts: readonly unknown[],
  callApi: CallApi = defaultCallApi,
) {
  const call = callApi as (route: AnyRoute, request?: object, options?: { signal?: AbortSignal }) => Promise<unknown>;
  return queryOptions({
    queryKey: routeQueryKey(keyParts, request as object),
    queryFn: ({ signal }) => call(route, request as object, { signal }) as Promise<RouteResponse<R>>,
  });
}

/** The name interfaces.md gives it. */
export const routeQuery = routeQueryOptions;

export interface RouteMutationOptions<R extends AnyRoute> {
  /** Keys to invalidate after success, built with the area's key factory. */
  invalidates?: (data: RouteResponse<R>, request: ApiRequest<R>) => readonly QueryKey[];
  callApi?: CallApi;
}

/**
 * react-query mutation options for a route: `useMutation(routeMutation(teamInvite, { invalidates:
 * () => [teamKeys.all] }))`, then `mutate({ body: { email, group } })`.
 */
export function routeMutation<R extends AnyRoute>(route: R, options: RouteMutationOptions<R> = {}) {
  const call = (options.callApi ?? defaultCallApi) as (route: AnyRoute, request?: object) => Promise<unknown>;
  return mutationOptions<RouteResponse<R>, Error, ApiRequest<R>>({
    mutationKey: [route.id],
    mutationFn: (request) => call(route, request as object) as Promise<RouteResponse<R>>,
    onSuccess: async (data, request, _onMutateResult, context) => {
      const keys = options.invalidates?.(data, request) ?? [];
      // A fetch already under way may have read the server before this change. Invalidation alone
      // restarts it only when the query has data; a first fetch (no data yet) would be joined, and
      // the list would show what was there before (a mailbox just connected, missing). Cancelled
      // first, every such fetch is made again.
      await Promise.all(
        keys.map(async (queryKey) => {
          await context.client.cancelQueries({ queryKey });
          await context.client.invalidateQueries({ queryKey });
        }),
      );
    },
  });
}
