/**
 * CSRF (interfaces.md): @fastify/csrf-protection keeps an httpOnly secret cookie and derives
 * tokens from it; the token is also kept in the readable `lf_csrf` cookie for the client, which
 * sends it back in `x-csrf-token` on every POST/PUT/PATCH/DELETE. A cross-site page can neither
 * read the cookie nor forge a token for the secret. On top, a request whose Origin (or
 * Sec-Fetch-Site) says it comes from another site is refused outright.
 */
import fastifyCsrf from '@fastify/csrf-protection';
import { SESSION } from '@leadforge/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { DomainError } from './domain-error';
import { isStaticFileRequest } from './static-files';

export const CSRF_SECRET_COOKIE = 'lf_csrf_secret';

export interface CsrfOptions {
  publicUrl: string | undefined;
  isSecure(request: FastifyRequest): boolean;
}

/**
 * Whether a request comes from another site, the one rule the CSRF check and the realtime
 * handshake share: Sec-Fetch-Site says cross-site, or an Origin other than the app's own (the
 * request's own origin or PUBLIC_URL). No Origin at all (non-browser clients, same-origin GETs)
 * is not foreign; `null` (sandboxed frames, file pages) is foreign unless `allowNullOrigin`, as
 * the CSRF check allows it because its token still has to match.
 */
export function isCrossSite(
  headers: IncomingHttpHeaders,
  selfOrigin: string,
  publicUrl: string | undefined,
  allowNullOrigin = false,
): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === 'null') return !allowNullOrigin;
  return origin !== selfOrigin && (!publicUrl || origin !== new URL(publicUrl).origin);
}

export async function installCsrf(app: FastifyInstance, options: CsrfOptions) {
  await app.register(fastifyCsrf, {
    cookieKey: CSRF_SECRET_COOKIE,
    cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true },
    getToken: (request) => {
      const header = request.headers[SESSION.csrfHeaderName];
      return typeof header === 'string' ? header : undefined;
    },
  });

  const issue = (request: FastifyRequest, reply: FastifyReply) => {
    const secure = options.isSecure(request);
    const token = reply.generateCsrf({ path: '/', sameSite: 'lax', httpOnly: true, secure });
    reply.setCookie(SESSION.csrfCookieName, token, { path: '/', sameSite: 'lax', httpOnly: false, secure });
    return token;
  };

  app.decorateReply('issueCsrfToken', function issueCsrfToken(this: FastifyReply) {
    return issue(this.request, this);
  });

  // "Set on any response when missing", so the client's first GET (user-info) arms it.
  // Built files are not armed: their answers must carry no Set-Cookie (see isStaticFileRequest).
  app.addHook('onRequest', async (request, reply) => {
    if (isStaticFileRequest(request.url)) return;
    if (!request.cookies[SESSION.csrfCookieName] || !request.cookies[CSRF_SECRET_COOKIE]) issue(request, reply);
  });

  const check: onRequestHookHandler = function csrfCheck(request, reply, done) {
    if (isCrossSite(request.headers, `${request.protocol}://${request.host}`, options.publicUrl, true)) {
      done(new DomainError('csrf_invalid'));
      return;
    }
    app.csrfProtection(request, reply, done);
  };
  return check;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sets a fresh CSRF secret/token pair (when needed) and the readable cookie; answers the token. */
    issueCsrfToken(): string;
  }
}
