/**
 * Registers every call FROM its contracts declaration: method, path (plus aliases and the
 * `/back` prefix), zod schemas for params/query/body (and the response), the auth level, CSRF.
 * Modules only supply handlers keyed by the route's name in `allRoutes`; a declared route
 * without a handler stops the build of the app.
 */
import { BACK_PREFIX, type AnyRoute, type ErrorKey, type Locale, type allRoutes } from '@leadforge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Caller } from '../modules/account/caller';
import type { ActiveSession, SessionLookup, SessionService } from '../modules/auth/sessions';
import { DomainError } from './domain-error';
import { resolveLocale } from './locale';

declare module 'fastify' {
  interface FastifyRequest {
    sessionLookup?: SessionLookup;
    contractRoute?: AnyRoute;
  }
}

/** A file of a multipart call, read whole (the multipart limits bound its size). */
export interface UploadedFile {
  fieldName: string;
  /** As the browser sent it (unsanitised). */
  fileName: string;
  /** As the browser declared it (unchecked). */
  mimeType: string;
  data: Buffer;
}

export interface HandlerContext<R extends AnyRoute> {
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  /** A JSON route's body; a multipart route's text fields, validated by the same schema. */
  body: z.output<R['body']>;
  /** A multipart route's files, in the order sent; empty for JSON routes. */
  files: UploadedFile[];
  request: FastifyRequest;
  reply: FastifyReply;
  /** The valid session (for `user` routes: signed in with the second factor done). */
  session: ActiveSession | null;
  /** Who is calling, resolved once with the session; use callerOf(ctx) on `user` routes. */
  caller: Caller | null;
  sessionState: SessionLookup['state'];
  locale: Locale;
  ip: string;
}

export type RouteHandler<R extends AnyRoute> = (ctx: HandlerContext<R>) => Promise<z.output<R['response']> | FastifyReply>;

export type RouteName = keyof typeof allRoutes;
export type HandlerMap = { [K in RouteName]?: RouteHandler<(typeof allRoutes)[K]> };

/** For `user` routes: the session is there (the auth hook refused the others). */
export function userOf(ctx: { session: ActiveSession | null }): ActiveSession {
  if (!ctx.session || ctx.session.twoFactorPending) throw new DomainError('unauthorized');
  return ctx.session;
}

/**
 * The caller of a `user` route (user, account, team, role, plan), read with the session in the
 * request's one session query. Services take it; their repositories take its scope.
 */
export function callerOf(ctx: { session: ActiveSession | null }): Caller {
  return userOf(ctx).caller;
}

/**
 * The handler of a call whose area is not built yet (document 2 §7): signed-in callers learn it
 * honestly instead of getting invented data.
 */
export function notAvailableYet(ctx: { session: ActiveSession | null }): never {
  userOf(ctx);
  throw new DomainError('not_available_yet');
}

export interface RegisterOptions {
  sessions: SessionService;
  /** Cross-site request check (CSRF token + Origin), run before anything else on state changes. */
  csrf: onRequestHookHandler;
  /** GET navigations of a browser get the SPA instead of JSON (interfaces.md). */
  navigation: (request: FastifyRequest, reply: FastifyReply, route: AnyRoute) => Promise<boolean>;
  /**
   * Session lookups of particular routes that read what their handler needs together with the
   * session (one query instead of two); they answer as `sessions.lookup` does.
   */
  sessionLookups?: { [K in RouteName]?: (token: string | undefined) => Promise<SessionLookup> };
  /** The most a multipart call's files may weigh together. */
  multipartBytesMax: number;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Catalogue keys of multipart failures (@fastify/multipart's error codes). */
const MULTIPART_ERRORS: Record<string, ErrorKey> = {
  FST_REQ_FILE_TOO_LARGE: 'attachment_too_large',
  FST_FILES_LIMIT: 'attachments_total_too_large',
  FST_PARTS_LIMIT: 'body_too_large',
  FST_FIELDS_LIMIT: 'body_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_PROTO_VIOLATION: 'field_invalid',
};

/**
 * Reads a multipart body: its text fields (validated by the route's body schema) and its files,
 * whole. A file over the per-file limit or too many files answer their catalogue key; so does a
 * body whose files together pass `totalBytesMax`.
 */
async function readMultipart(request: FastifyRequest, route: AnyRoute, totalBytesMax: number): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new DomainError('unsupported_media_type');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        total += data.length;
        if (total > totalBytesMax) throw new DomainError('attachments_total_too_large');
        files.push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data });
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      } else {
        throw new DomainError('field_invalid', { field: part.fieldname });
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const key = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
    if (key) throw new DomainError(key);
    throw error;
  }
  const parsed = route.body.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    const missing = issue?.code === 'invalid_type' && field !== undefined && fields[field] === undefined;
    throw new DomainError(missing ? 'field_required' : issue?.code === 'unrecognized_keys' ? 'field_unknown' : 'field_invalid', field ? { field } : {});
  }
  return { body: parsed.data, files };
}

export class MissingHandlersError extends Error {
  constructor(public readonly names: string[]) {
    super(`Declared routes without a handler: ${names.join(', ')}`);
  }
}

export function missingHandlers(routes: Record<string, AnyRoute>, handlers: Record<string, unknown>): string[] {
  return Object.keys(routes).filter((name) => typeof handlers[name] !== 'function');
}

export function registerContractRoutes(
  app: FastifyInstance,
  routes: Record<string, AnyRoute>,
  handlers: HandlerMap,
  options: RegisterOptions,
) {
  const missing = missingHandlers(routes, handlers as Record<string, unknown>);
  if (missing.length > 0) throw new MissingHandlersError(missing);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  for (const [name, route] of Object.entries(routes)) {
    const handler = (handlers as Record<string, RouteHandler<AnyRoute>>)[name]!;
    const endpoints = [{ method: route.method, path: route.path }, ...(route.aliases ?? [])];

    const lookupSession = options.sessionLookups?.[name as RouteName] ?? ((token: string | undefined) => options.sessions.lookup(token));
    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const lookup = await lookupSession(options.sessions.tokenOf(request));
      request.sessionLookup = lookup;
      request.userLocale = lookup.state === 'valid' ? lookup.session.locale : null;
      if (route.auth === 'public') return;
      if (lookup.state === 'expired') {
        // Cleared so the page reload that follows a 401 starts anonymous instead of looping.
        options.sessions.clearCookie(request, reply);
        throw new DomainError('session_expired');
      }
      if (lookup.state === 'none') throw new DomainError('unauthorized');
      if (route.auth === 'user' && lookup.session.twoFactorPending) throw new DomainError('two_factor_required', { status: 401 });
      if (route.auth === 'pending2fa' && !lookup.session.twoFactorPending) throw new DomainError('conflict');
    };

    for (const endpoint of endpoints) {
      for (const prefix of ['', BACK_PREFIX]) {
        const hasBody = METHODS_WITH_BODY.has(endpoint.method);
        const multipart = hasBody && route.requestKind === 'multipart';
        typed.route({
          method: endpoint.method,
          url: `${prefix}${endpoint.path}`,
          schema: {
            params: route.params,
            querystring: route.query,
            ...(hasBody && !multipart ? { body: route.body } : {}),
            ...(route.responseKind === 'json' ? { response: { 200: route.response } } : {}),
          },
          onRequest: [
            async (request, reply) => {
              request.contractRoute = route;
              if (!prefix && (endpoint.method === 'GET') && (await options.navigation(request, reply, route))) return reply;
              return undefined;
            },
            ...(hasBody ? [options.csrf] : []),
            authenticate,
          ],
          preValidation: async (request) => {
            // A JSON call must not be answered from a form upload (a cross-site form can post one).
            if (hasBody && !multipart && request.isMultipart()) throw new DomainError('unsupported_media_type');
            // A call without a body is an empty object, so `{}`-bodied routes need no payload.
            if (hasBody && !multipart && request.body === undefined) request.body = {};
          },
          handler: async (request, reply) => {
            const lookup = request.sessionLookup ?? { state: 'none' as const };
            // Read after the session and CSRF checks, so an anonymous upload is refused unread.
            const upload = multipart ? await readMultipart(request, route, options.multipartBytesMax) : { body: request.body, files: [] };
            const result = await handler({
              params: request.params,
              query: request.query,
              body: upload.body,
              files: upload.files,
              request,
              reply,
              session: lookup.state === 'valid' ? lookup.session : null,
              caller: lookup.state === 'valid' && !lookup.session.twoFactorPending ? lookup.session.caller : null,
              sessionState: lookup.state,
              locale: resolveLocale(request, request.userLocale),
              ip: request.ip,
            });
            return result === reply ? reply : result;
          },
        });
      }
    }
  }
}
