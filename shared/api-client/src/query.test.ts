/**
 * @jest-environment node
 */
import { MutationObserver, QueryObserver, QueryClient } from '@tanstack/react-query';
import { teamInfo, teamRemoveMember, unreadMessagesCount } from '@leadforge/contracts';
import { ApiError, isNotAvailableYet } from './api-error';
import { createApiClient } from './http-client';
import { createQueryClient, createQueryKeys, routeMutation, routeQueryKey, routeQueryOptions, shouldRetry } from './query';
import { sendJson, startTestServer, type TestServer } from './test-server';

const teamPayload = { team: null, members: [], invitations: [], canInvite: false };

function apiError(kind: ApiError['kind'], status: number) {
  return new ApiError({ kind, routeId: 'x', status, errors: [], rawText: '' });
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('retry policy', () => {
  it('retries network failures and 5xx twice, never a 4xx or a broken contract', () => {
    expect(shouldRetry(0, apiError('network', 0))).toBe(true);
    expect(shouldRetry(1, apiError('http', 503))).toBe(true);
    expect(shouldRetry(2, apiError('http', 503))).toBe(false);
    expect(shouldRetry(0, apiError('http', 404))).toBe(false);
    expect(shouldRetry(0, apiError('http', 429))).toBe(false);
    expect(shouldRetry(0, apiError('invalid_response', 200))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });

  it('is the default of the shared query client, with a 30 s stale time', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.queries?.staleTime).toBe(30_000);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('an area not built yet', () => {
  it('answers 501 not_available_yet once: the shared client neither retries it nor treats it as a figure', async () => {
    server.handle((_request, response) =>
      sendJson(response, 501, { errors: [{ key: 'not_available_yet', title: 'Not available yet', description: 'Coming.' }] }),
    );
    const { callApi } = createApiClient({ baseUrl: server.baseUrl });
    const queryClient = createQueryClient();
    const options = routeQueryOptions(unreadMessagesCount, {}, ['unibox', 'unreadCount'], callApi);
    const error = await queryClient.fetchQuery({ ...options, retryDelay: 0 }).catch((caught: unknown) => caught);
    expect(isNotAvailableYet(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(queryClient.getQueryData(['unibox', 'unreadCount'])).toBeUndefined();
    expect(isNotAvailableYet(apiError('http', 500))).toBe(false);
    queryClient.clear();
  });
});

describe('query keys', () => {
  it('go from general to specific and append the request only when it carries something', () => {
    expect(routeQueryKey(['team', 'info'], {})).toEqual(['team', 'info']);
    expect(routeQueryKey(['prospects', 'list'], { params: { id: 3 }, query: { page: 2 } })).toEqual([
      'prospects',
      'list',
      { params: { id: 3 }, query: { page: 2 } },
    ]);
    const keys = createQueryKeys('prospects');
    expect(keys.all).toEqual(['prospects']);
    expect(keys.scope('list', { listId: 4 })).toEqual(['prospects', 'list', { listId: 4 }]);
  });
});

describe('route queries and mutations', () => {
  it('fetch through the typed client under the built key', async () => {
    server.handle((_request, response) => sendJson(response, 200, teamPayload));
    const { callApi } = createApiClient({ baseUrl: server.baseUrl });
    const queryClient = new QueryClient();
    const options = routeQueryOptions(teamInfo, {}, ['team', 'info'], callApi);
    expect(options.queryKey).toEqual(['team', 'info']);
    await expect(queryClient.fetchQuery(options)).resolves.toEqual(teamPayload);
    expect(queryClient.getQueryData(['team', 'info'])).toEqual(teamPayload);
    queryClient.clear();
  });

  it('invalidate the keys the caller names after success', async () => {
    server.handle((_request, response) => sendJson(response, 200, { ok: true }));
    const { callApi } = createApiClient({ baseUrl: server.baseUrl, cookies: () => 'lf_csrf=t' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['team', 'info'], teamPayload);
    queryClient.setQueryData(['prospects', 'all'], []);
    const observer = new MutationObserver(
      queryClient,
      routeMutation(teamRemoveMember, { invalidates: () => [['team']], callApi }),
    );
    await observer.mutate({ params: { id: 9 } });
    expect(server.requests[0]?.url).toBe('/team/members/9');
    expect(queryClient.getQueryState(['team', 'info'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['prospects', 'all'])?.isInvalidated).toBe(false);
    queryClient.clear();
  });

  it('fetches again a first fetch that was under way when the change succeeded, instead of joining it', async () => {
    const { callApi } = createApiClient({ baseUrl: server.baseUrl, cookies: () => 'lf_csrf=t' });
    const queryClient = new QueryClient();
    // The first answer is the server before the change, and comes only after the change is done.
    let answerBefore: (value: string) => void = () => undefined;
    let calls = 0;
    const observed = new QueryObserver(queryClient, {
      queryKey: ['team', 'info'],
      queryFn: () => {
        calls += 1;
        return calls === 1 ? new Promise<string>((resolve) => (answerBefore = resolve)) : Promise.resolve('after');
      },
    });
    const seen: unknown[] = [];
    const unsubscribe = observed.subscribe((result) => seen.push(result.data));
    server.handle((_request, response) => sendJson(response, 200, { ok: true }));
    const observer = new MutationObserver(queryClient, routeMutation(teamRemoveMember, { invalidates: () => [['team']], callApi }));
    // The first fetch (no data yet) is in flight while the change succeeds.
    await observer.mutate({ params: { id: 9 } });
    answerBefore('before');
    expect(queryClient.getQueryData(['team', 'info'])).toBe('after');
    expect(calls).toBe(2);
    await Promise.resolve();
    expect(seen).not.toContain('before');
    unsubscribe();
    queryClient.clear();
  });
});
