/**
 * @jest-environment node
 */
import { z } from 'zod';
import {
  SUPPORT_EMAIL,
  changeLanguage,
  defineRoute,
  teamRemoveMember,
  userInfo,
  type ApiErrorItem,
} from '@leadforge/contracts';
import { ApiError, apiErrorMessage, describeApiError, rethrowIfExpired, type TranslateFn } from './api-error';
import { createApiClient, type ApiClientOptions } from './http-client';
import { sendJson, startTestServer, type TestServer } from './test-server';
import { MemoryStorage } from './testing/memory-storage';

const itemRoute = defineRoute({
  id: 'test.item',
  method: 'GET',
  path: '/items/:id/notes/:noteId',
  params: z.object({ id: z.number(), noteId: z.string() }),
  query: z.object({ page: z.number().optional(), tags: z.array(z.string()).optional(), q: z.string().optional() }),
  response: z.object({ id: z.number(), name: z.string() }),
  summary: 'test route',
});

const fileRoute = defineRoute({
  id: 'test.file',
  method: 'GET',
  path: '/export.csv',
  response: z.unknown(),
  responseKind: 'file',
  summary: 'test download',
});

/** i18next-like `t` that shows which key and values the rules asked for. */
const t: TranslateFn = (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key);

function errorItem(key: ApiErrorItem['key'], title: string, description: string): ApiErrorItem {
  return { key, title, description };
}

let server: TestServer;
let cookieJar: string;
const fetchCalls: RequestInit[] = [];

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: server.baseUrl,
    cookies: () => cookieJar,
    fetch: (input, init) => {
      fetchCalls.push(init ?? {});
      return fetch(input, init);
    },
    ...extra,
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  server = await startTestServer();
  cookieJar = '';
  fetchCalls.length = 0;
});

afterEach(async () => {
  await server.close();
  jest.restoreAllMocks();
});

describe('building the request', () => {
  it('fills path params, serialises the query and asks for JSON with the same-origin cookies', async () => {
    server.handle((_request, response) => sendJson(response, 200, { id: 7, name: 'Ada' }));
    const result = await client().callApi(itemRoute, {
      params: { id: 7, noteId: 'a b' },
      query: { page: 2, tags: ['x', 'y'], q: undefined },
    });
    expect(result).toEqual({ id: 7, name: 'Ada' });
    expect(server.requests[0]?.url).toBe('/items/7/notes/a%20b?page=2&tags=x&tags=y');
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(server.requests[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(fetchCalls[0]?.credentials).toBe('same-origin');
    expect(fetchCalls[0]?.body).toBeUndefined();
  });

  it('refuses to build a URL with a missing path parameter', async () => {
    await expect(
      client().callApi(itemRoute, { params: { id: 1, noteId: '' } }),
    ).rejects.toThrow('missing path parameter noteId');
    expect(server.requests).toHaveLength(0);
  });

  it('sends the body as JSON with the CSRF token from the lf_csrf cookie', async () => {
    cookieJar = 'other=1; lf_csrf=token%2Dfrom-cookie';
    server.handle((_request, response) => sendJson(response, 200, { locale: 'ua' }));
    const result = await client().callApi(changeLanguage, { body: { lang: 'ua' } });
    expect(result).toEqual({ locale: 'ua' });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/change-language');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-csrf-token']).toBe('token-from-cookie');
    expect(JSON.parse(request?.body ?? '')).toEqual({ lang: 'ua' });
  });

  it('sends a DELETE without a body and without a JSON content type', async () => {
    cookieJar = 'lf_csrf=abc';
    server.handle((_request, response) => sendJson(response, 200, { ok: true }));
    await client().callApi(teamRemoveMember, { params: { id: 5 } });
    expect(server.requests[0]?.method).toBe('DELETE');
    expect(server.requests[0]?.url).toBe('/team/members/5');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
    expect(server.requests[0]?.body).toBe('');
  });

  it('returns a Blob for file routes', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end('a,b\n1,2\n');
    });
    const blob = (await client().callApi(fileRoute)) as Blob;
    expect(await blob.text()).toBe('a,b\n1,2\n');
  });

  it('navigates instead of fetching for redirect routes', async () => {
    const visited: string[] = [];
    const { callApi } = client({ navigate: (url) => visited.push(url) });
    const { logout } = await import('@leadforge/contracts');
    await callApi(logout);
    expect(visited).toEqual([`${server.baseUrl}/logout`]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('CSRF', () => {
  it('fetches a token from GET /auth/csrf when the cookie is missing and reuses it', async () => {
    server.handle((request, response) => {
      if (request.url === '/auth/csrf') return sendJson(response, 200, { token: 'fetched-1' });
      return sendJson(response, 200, { locale: 'en' });
    });
    const { callApi } = client();
    await callApi(changeLanguage, { body: { lang: 'en' } });
    await callApi(changeLanguage, { body: { lang: 'en' } });
    expect(server.requests.map((request) => request.url)).toEqual(['/auth/csrf', '/change-language', '/change-language']);
    expect(server.requests[1]?.headers['x-csrf-token']).toBe('fetched-1');
    expect(server.requests[2]?.headers['x-csrf-token']).toBe('fetched-1');
  });

  it('refetches the token and retries once after csrf_invalid', async () => {
    cookieJar = 'lf_csrf=stale';
    server.handle((request, response) => {
      if (request.url === '/auth/csrf') return sendJson(response, 200, { token: 'fresh' });
      if (request.headers['x-csrf-token'] === 'fresh') return sendJson(response, 200, { locale: 'zh' });
      return sendJson(response, 403, { errors: [errorItem('csrf_invalid', 'Security check', 'Reload the page')] });
    });
    await expect(client().callApi(changeLanguage, { body: { lang: 'zh' } })).resolves.toEqual({ locale: 'zh' });
    expect(server.requests.map((request) => `${request.method} ${request.url} ${request.headers['x-csrf-token'] ?? ''}`)).toEqual([
      'POST /change-language stale',
      'GET /auth/csrf ',
      'POST /change-language fresh',
    ]);
  });

  it('gives up after the single retry when the token is still refused', async () => {
    cookieJar = 'lf_csrf=stale';
    server.handle((request, response) => {
      if (request.url === '/auth/csrf') return sendJson(response, 200, { token: 'also-refused' });
      return sendJson(response, 403, { errors: [errorItem('csrf_invalid', 'Security check', 'Reload the page')] });
    });
    const error = await rejection(client().callApi(changeLanguage, { body: { lang: 'en' } }));
    expect(error.status).toBe(403);
    expect(error.key).toBe('csrf_invalid');
    expect(server.requests.filter((request) => request.url === '/change-language')).toHaveLength(2);
  });

  it('does not retry a 403 that is not about CSRF', async () => {
    cookieJar = 'lf_csrf=ok';
    server.handle((_request, response) =>
      sendJson(response, 403, { errors: [errorItem('forbidden', 'Not allowed', 'You cannot do that')] }),
    );
    const error = await rejection(client().callApi(changeLanguage, { body: { lang: 'en' } }));
    expect(error.key).toBe('forbidden');
    expect(server.requests).toHaveLength(1);
  });
});

describe('error rules of document 2 §8', () => {
  it('keeps the server error list: title and text come from it', async () => {
    server.handle((_request, response) =>
      sendJson(response, 422, {
        errors: [
          errorItem('list_create_failed', 'List not created', 'The name is taken'),
          errorItem('field_too_long', 'Too long', 'Name is too long'),
        ],
        retryAfter: 3,
      }),
    );
    const error = await rejection(client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.key).toBe('list_create_failed');
    expect(error.retryAfter).toBe(3);
    expect(describeApiError(error, t)).toEqual({ title: 'List not created', text: 'The name is taken\nName is too long' });
    expect(apiErrorMessage(error, t)).toBe('The name is taken');
  });

  it('uses the something_went_wrong key when the server returns no errors', async () => {
    server.handle((_request, response) => sendJson(response, 500, { errors: [] }));
    const error = await rejection(client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(error.errors).toEqual([]);
    expect(error.key).toBe('something_went_wrong');
    expect(apiErrorMessage(error, t)).toBe('errors:something_went_wrong.description');
  });

  it('titles the modal "Warning" and shows the raw response text when there is no error list', async () => {
    server.handle((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('Upstream mail provider is down');
    });
    const error = await rejection(client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(error.rawText).toBe('Upstream mail provider is down');
    expect(describeApiError(error, t)).toEqual({
      title: 'errors:warning.title',
      text: 'Upstream mail provider is down',
    });
  });

  it('reads a foreign JSON body with a single message as the raw text', async () => {
    server.handle((_request, response) => sendJson(response, 500, { message: 'Database is read-only' }));
    const error = await rejection(client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(describeApiError(error, t).text).toBe('Database is read-only');
  });

  it('falls back to "an error occurred" with the support address when there is neither list nor text', async () => {
    server.handle((_request, response) => {
      response.writeHead(500);
      response.end();
    });
    const error = await rejection(client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(describeApiError(error, t)).toEqual({
      title: 'errors:warning.title',
      text: `errors:an_error_occurred.description {"supportEmail":"${SUPPORT_EMAIL}"}`,
    });
  });

  it('does not show a proxy HTML error page as the message', async () => {
    server.handle((_request, response) => {
      response.writeHead(504, { 'content-type': 'text/html' });
      response.end('<!DOCTYPE html><html><body>Gateway Timeout</body></html>');
    });
    const error = await rejection(client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(describeApiError(error, t).text).toContain('errors:an_error_occurred.description');
  });

  it('treats an error that is not an ApiError with the last fallback', () => {
    expect(describeApiError(new TypeError('boom'), t)).toEqual({
      title: 'errors:warning.title',
      text: `errors:an_error_occurred.description {"supportEmail":"${SUPPORT_EMAIL}"}`,
    });
  });

  it('reports a network failure as status 0 of kind network', async () => {
    // Nothing listens on port 1 of loopback: the connection is refused.
    const unreachable = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const error = await rejection(unreachable.callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.key).toBe('something_went_wrong');
  });

  it('lets an aborted call reject with the abort, not an ApiError', async () => {
    server.handle(() => {
      /* never answers */
    });
    const controller = new AbortController();
    const pending = client().callApi(itemRoute, { params: { id: 1, noteId: 'n' } }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('flags "expired" errors so the prospects list can rethrow them', async () => {
    server.handle((request, response) => {
      if (request.url.startsWith('/items/1/')) {
        return sendJson(response, 403, { errors: [errorItem('plan_expired', 'Plan expired', 'Your plan has ended')] });
      }
      if (request.url.startsWith('/items/2/')) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('Token expired');
      }
      return sendJson(response, 404, { errors: [errorItem('list_not_found', 'Not found', 'No such list')] });
    });
    const { callApi } = client();
    const planExpired = await rejection(callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    const rawExpired = await rejection(callApi(itemRoute, { params: { id: 2, noteId: 'n' } }));
    const notFound = await rejection(callApi(itemRoute, { params: { id: 3, noteId: 'n' } }));
    expect(planExpired.isExpired).toBe(true);
    expect(rawExpired.isExpired).toBe(true);
    expect(notFound.isExpired).toBe(false);
    expect(() => rethrowIfExpired(planExpired)).toThrow(planExpired);
    expect(() => rethrowIfExpired(notFound)).not.toThrow();
  });

  it('groups field errors by field path', () => {
    const error = new ApiError({
      kind: 'http',
      routeId: 'x',
      status: 400,
      rawText: '',
      errors: [
        { key: 'field_required', title: 'Required', description: 'Email is required', field: 'email' },
        { key: 'field_too_short', title: 'Too short', description: 'Password is too short', field: 'password' },
        { key: 'validation_failed', title: 'Invalid', description: 'Check the form' },
      ],
    });
    expect(Object.keys(error.fieldErrors())).toEqual(['email', 'password']);
  });
});

describe('the start-up user-info call', () => {
  const unauthorized = { errors: [errorItem('session_expired', 'Session expired', 'Sign in again')] };

  it('reloads the page on 401, at most once per 30 seconds', async () => {
    server.handle((_request, response) => sendJson(response, 401, unauthorized));
    const storage = new MemoryStorage();
    let now = 1_000_000;
    let reloads = 0;
    const { callApi } = client({ reloadGuard: { storage, now: () => now, reload: () => (reloads += 1) } });

    const first = await rejection(callApi(userInfo, undefined, { reloadOnUnauthorized: true }));
    expect(first.status).toBe(401);
    expect(first.key).toBe('session_expired');
    expect(reloads).toBe(1);

    now += 10_000;
    await rejection(callApi(userInfo, undefined, { reloadOnUnauthorized: true }));
    expect(reloads).toBe(1);

    now += 30_000;
    await rejection(callApi(userInfo, undefined, { reloadOnUnauthorized: true }));
    expect(reloads).toBe(2);
  });

  it('never reloads for a 401 of another call', async () => {
    server.handle((_request, response) => sendJson(response, 401, unauthorized));
    let reloads = 0;
    const { callApi } = client({ reloadGuard: { storage: new MemoryStorage(), reload: () => (reloads += 1) } });
    await rejection(callApi(itemRoute, { params: { id: 1, noteId: 'n' } }));
    expect(reloads).toBe(0);
  });

  it('never reloads when the browser gives no session storage to remember the reload', async () => {
    server.handle((_request, response) => sendJson(response, 401, unauthorized));
    let reloads = 0;
    const { callApi } = client({ reloadGuard: { storage: null, reload: () => (reloads += 1) } });
    await rejection(callApi(userInfo, undefined, { reloadOnUnauthorized: true }));
    expect(reloads).toBe(0);
  });
});

describe('response validation', () => {
  it('rejects an answer that breaks the route schema with the generic error', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.handle((_request, response) => sendJson(response, 200, { id: 'seven', name: 'Ada' }));
    const error = await rejection(client().callApi(itemRoute, { params: { id: 7, noteId: 'n' } }));
    expect(error.kind).toBe('invalid_response');
    expect(error.status).toBe(200);
    expect(error.key).toBe('something_went_wrong');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('test.item'), expect.anything());
  });

  it('rejects a body that is not JSON', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html></html>');
    });
    const error = await rejection(client().callApi(itemRoute, { params: { id: 7, noteId: 'n' } }));
    expect(error.kind).toBe('invalid_response');
  });
});
