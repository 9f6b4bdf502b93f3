import * as z from './zod';
import type { ErrorKey } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route.
 * - `public`: anyone, no session needed (login, register, anonymous user-info).
 * - `user`: a signed-in user whose second factor is done.
 * - `pending2fa`: a signed-in user who still owes the second factor (only the 2FA calls).
 */
export type RouteAuth = 'public' | 'user' | 'pending2fa';

/**
 * What a route answers with.
 * - `json`: the response schema is validated.
 * - `redirect`: a 302 to a page of the app (GET /logout).
 * - `file`: a download; the schema describes nothing.
 */
export type ResponseKind = 'json' | 'redirect' | 'file';

/**
 * What a route's body is.
 * - `json`: a JSON object validated by the body schema.
 * - `multipart`: multipart/form-data (file uploads); the body schema validates its text fields,
 *   the files reach the handler apart (document 2 §7.6 "save (multipart)").
 */
export type RequestKind = 'json' | 'multipart';

export interface RouteDefinition<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** Stable operation id, `<area>.<operation>`; the client and the API log use it. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path as the browser calls it, with `:name` parameters (fastify syntax). */
  readonly path: string;
  /** Further paths that reach the same handler (spec aliases such as POST and PUT of /uninstall). */
  readonly aliases?: readonly { readonly method: HttpMethod; readonly path: string }[];
  readonly auth: RouteAuth;
  readonly params: TParams;
  readonly query: TQuery;
  readonly body: TBody;
  readonly response: TResponse;
  readonly responseKind: ResponseKind;
  readonly requestKind: RequestKind;
  /** Catalogue keys this call may answer with, beyond the generic ones every call may give. */
  readonly errors: readonly ErrorKey[];
  readonly summary: string;
}

const emptyObject = z.object({}).strict();
export type EmptyObject = typeof emptyObject;

interface RouteInput<
  TParams extends z.ZodType,
  TQuery extends z.ZodType,
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  aliases?: readonly { method: HttpMethod; path: string }[];
  auth?: RouteAuth;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  response: TResponse;
  responseKind?: ResponseKind;
  requestKind?: RequestKind;
  errors?: readonly ErrorKey[];
  summary: string;
}

/**
 * Declares one call. Both the API (handler registration and validation) and the typed client
 * (URL building, response parsing) read the same object, so a payload is never restated by hand.
 */
export function defineRoute<
  TParams extends z.ZodType = EmptyObject,
  TQuery extends z.ZodType = EmptyObject,
  TBody extends z.ZodType = EmptyObject,
  TResponse extends z.ZodType = z.ZodType,
>(
  input: RouteInput<TParams, TQuery, TBody, TResponse>,
): RouteDefinition<TParams, TQuery, TBody, TResponse> {
  const pathParams = [...input.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (pathParams.length > 0 && !input.params) {
    throw new Error(`route ${input.id}: path ${input.path} has parameters but no params schema`);
  }
  return {
    id: input.id,
    method: input.method,
    path: input.path,
    ...(input.aliases ? { aliases: input.aliases } : {}),
    auth: input.auth ?? 'user',
    params: (input.params ?? emptyObject) as TParams,
    query: (input.query ?? emptyObject) as TQuery,
    body: (input.body ?? emptyObject) as TBody,
    response: input.response,
    responseKind: input.responseKind ?? 'json',
    requestKind: input.requestKind ?? 'json',
    errors: input.errors ?? [],
    summary: input.summary,
  };
}

export type AnyRoute = RouteDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export type RouteParams<R extends AnyRoute> = z.input<R['params']>;
export type RouteQuery<R extends AnyRoute> = z.input<R['query']>;
export type RouteBody<R extends AnyRoute> = z.input<R['body']>;
export type RouteResponse<R extends AnyRoute> = z.output<R['response']>;

/** Builds a concrete URL from a route path and its parameters (`/prospects/:id` → `/prospects/12`). */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Serialises a query object the way the API parses it (arrays repeat the key). */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Groups of document 2 §7: every call path starts with one of these (root is ''). */
export const API_GROUPS = {
  root: '',
  crm: '/crm/api',
  enrichment: '/enrichment/api',
  pipelines: '/pipelines/api',
  aiStudio: '/api/ai-studio',
  warmup: '/warm-up/api',
  payment: '/payment-service',
} as const;

/** The back-end prefix of document 2 §7: `/back/<path>` reaches the same handler as `<path>`. */
export const BACK_PREFIX = '/back';
