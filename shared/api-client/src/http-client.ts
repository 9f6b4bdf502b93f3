import {
  apiErrorEnvelopeSchema,
  buildPath,
  buildQueryString,
  csrfToken as csrfTokenRoute,
  type AnyRoute,
  type ApiErrorItem,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@leadforge/contracts';
import { ApiError } from './api-error';
import {
  UNAUTHORIZED_RELOAD_INTERVAL_MS,
  UNAUTHORIZED_RELOAD_MARKER,
  readCookie,
  reloadOnceWithin,
  type ReloadGuardOptions,
} from './browser';

/** Readable cookie the API keeps filled with a valid CSRF token (interfaces: Sessions and CSRF). */
export const CSRF_COOKIE = 'lf_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Document 1 §2: a 401 on the start-up user-info call reloads the page (at most once per 30 s,
   * see `reloadOnceWithin`). Only the session's user-info query sets it.
   */
  reloadOnUnauthorized?: boolean;
}

/**
 * Whether a schema input declares no fields. `z.object({}).strict()` (what defineRoute fills in)
 * has the input `Record<string, never>`, whose keyof is `string`, so "no keys" alone misses it;
 * so the `string extends keyof T` case counts as "declares nothing" too.
 */
type DeclaresNothing<T> = [keyof T] extends [never] ? true : string extends keyof T ? true : false;

/** The request a caller passes for a route: only the parts the route declares. */
export type ApiRequest<R extends AnyRoute> = (DeclaresNothing<RouteParams<R>> extends true
  ? { params?: undefined }
  : { params: RouteParams<R> }) &
  (DeclaresNothing<RouteQuery<R>> extends true ? { query?: undefined } : { query?: RouteQuery<R> }) &
  (DeclaresNothing<RouteBody<R>> extends true
    ? { body?: undefined }
    : object extends RouteBody<R>
      ? { body?: RouteBody<R> }
      : { body: RouteBody<R> });

/** The request argument is optional exactly when the route declares nothing required. */
export type CallArgs<R extends AnyRoute> = object extends ApiRequest<R>
  ? [request?: ApiRequest<R>, options?: CallOptions]
  : [request: ApiRequest<R>, options?: CallOptions];

export type CallApi = <R extends AnyRoute>(route: R, ...args: CallArgs<R>) => Promise<RouteResponse<R>>;

export interface ApiClientOptions {
  /** Prefix of every URL; '' (same origin) in the browser, `http://127.0.0.1:<port>` in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Source of `document.cookie`, read on every unsafe call so a rotated token is picked up. */
  cookies?: () => string;
  /** Where a `responseKind: 'redirect'` route sends the browser. */
  navigate?: (url: string) => void;
  reloadGuard?: ReloadGuardOptions;
}

export interface ApiClient {
  callApi: CallApi;
  /** The URL of a call (also for links and redirect routes such as GET /logout). */
  routeUrl<R extends AnyRoute>(route: R, request?: ApiRequest<R>): string;
}

type LooseRequest = { params?: unknown; query?: unknown; body?: unknown };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function retryAfterHeader(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Turns a failed answer into an ApiError: the envelope when it is one, the raw text otherwise. */
function errorFromResponse(routeId: string, response: Response, text: string): ApiError {
  const parsed = parseJson(text);
  let errors: ApiErrorItem[] = [];
  let rawText = text;
  let retryAfter = retryAfterHeader(response);
  if (parsed.ok && parsed.value !== undefined) {
    const envelope = apiErrorEnvelopeSchema.safeParse(parsed.value);
    if (envelope.success) {
      errors = envelope.data.errors;
      retryAfter = envelope.data.retryAfter ?? retryAfter;
    } else if (typeof parsed.value === 'object' && parsed.value !== null) {
      // Not our envelope (a proxy, an older service): keep its single message as the raw text,
      // which is what the §8 modal shows when there is no error list.
      const loose = parsed.value as { message?: unknown; error?: unknown };
      if (typeof loose.message === 'string') rawText = loose.message;
      else if (typeof loose.error === 'string') rawText = loose.error;
    }
  }
  return new ApiError({ kind: 'http', routeId, status: response.status, errors, rawText, retryAfter });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  // Resolved per call, not at creation, so a polyfilled or replaced global fetch is honoured.
  const fetchImpl = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args);
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));

  let fetchedToken: string | null = null;
  let pendingToken: Promise<string> | null = null;

  function routeUrl<R extends AnyRoute>(route: R, request?: ApiRequest<R>): string {
    const loose = (request ?? {}) as LooseRequest;
    const path = buildPath(route.path, loose.params as Record<string, unknown> | undefined);
    return `${baseUrl}${path}${buildQueryString(loose.query as Record<string, unknown> | undefined)}`;
  }

  async function fetchCsrfToken(): Promise<string> {
    pendingToken ??= (async () => {
      try {
        const response = await fetchImpl(`${baseUrl}${csrfTokenRoute.path}`, {
          method: 'GET',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        });
        const text = await response.text();
        if (!response.ok) throw errorFromResponse(csrfTokenRoute.id, response, text);
        const parsed = parseJson(text);
        const body = csrfTokenRoute.response.safeParse(parsed.ok ? parsed.value : undefined);
        if (!body.success) {
          throw new ApiError({ kind: 'invalid_response', routeId: csrfTokenRoute.id, status: response.status, errors: [], rawText: text });
        }
        fetchedToken = body.data.token;
        return body.data.token;
      } finally {
        pendingToken = null;
      }
    })();
    return pendingToken;
  }

  /** Cookie first (the API refreshes it), then the last fetched token, then GET /auth/csrf. */
  async function currentCsrfToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh) {
      const fromCookie = readCookie(CSRF_COOKIE, cookies());
      if (fromCookie) return fromCookie;
      if (fetchedToken) return fetchedToken;
    }
    return fetchCsrfToken();
  }

  async function send(route: AnyRoute, request: LooseRequest, callOptions: CallOptions, csrfRetry: boolean): Promise<unknown> {
    const url = routeUrl(route, request as ApiRequest<AnyRoute>);
    if (route.responseKind === 'redirect') {
      navigate(url);
      return undefined;
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    const unsafe = UNSAFE_METHODS.has(route.method);
    // A POST/PUT/PATCH always carries a JSON object (the API validates `{}` against an empty
    // schema); DELETE only when the caller gave one, since an empty JSON body is rejected.
    if (unsafe && (route.method !== 'DELETE' || request.body !== undefined)) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    }
    if (unsafe) headers[CSRF_HEADER] = await currentCsrfToken(csrfRetry);

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: route.method,
        headers,
        body,
        credentials: 'same-origin',
        signal: callOptions.signal,
      });
    } catch (error) {
      if (isAbort(error, callOptions.signal)) throw error;
      throw new ApiError({ kind: 'network', routeId: route.id, status: 0, errors: [], rawText: '', cause: error });
    }

    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const error = errorFromResponse(route.id, response, text);
      if (unsafe && !csrfRetry && error.status === 403 && error.hasKey('csrf_invalid')) {
        return send(route, request, callOptions, true);
      }
      if (error.status === 401 && callOptions.reloadOnUnauthorized) {
        reloadOnceWithin(UNAUTHORIZED_RELOAD_MARKER, UNAUTHORIZED_RELOAD_INTERVAL_MS, options.reloadGuard);
      }
      throw error;
    }

    if (route.responseKind === 'file') return response.blob();

    const text = await response.text();
    const parsed = parseJson(text);
    const result = parsed.ok ? route.response.safeParse(parsed.value) : null;
    if (!result?.success) {
      // The server broke its own contract: the user sees the generic error, the console the detail.
      console.error(`[api-client] ${route.id}: response does not match the contract`, result?.error ?? 'not JSON');
      throw new ApiError({
        kind: 'invalid_response',
        routeId: route.id,
        status: response.status,
        errors: [],
        rawText: '',
        cause: result?.error,
      });
    }
    return result.data;
  }

  const callApi = ((route: AnyRoute, request?: LooseRequest, callOptions?: CallOptions) =>
    send(route, request ?? {}, callOptions ?? {}, false)) as CallApi;

  return { callApi, routeUrl };
}

/** The browser's client: same origin, the page's cookies. Host and remotes share this one. */
export const defaultApiClient = createApiClient();

/**
 * Calls a route declared in contracts: builds the URL from params/query, sends the JSON body with
 * the CSRF header, parses the answer with the route's schema and rejects with an ApiError.
 */
export const callApi: CallApi = defaultApiClient.callApi;
export const routeUrl = defaultApiClient.routeUrl;
