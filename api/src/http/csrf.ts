/**
 * CSRF (interfaces.md): @fastify/csrf-protection keeps an httpOnly secret cookie and derives
 * tokens from it; the token is also kept in the readable `lf_csrf` cookie for the client, which
 * sends it back in `x-csrf-token` on every POST/PUT/PATCH/DELETE. A cross-site page can neither
 * read the cookie nor forge a token for the secret. On top, a request whose Origin (or
 * Sec-Fetch-Site) says it comes from another site is refused outright.
 */
import fastifyCsrf from '@fastify/csrf-protection';
import { SESSION } from '@leadforge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { DomainError } from './domain-error';

export const CSRF_SECRET_COOKIE = 'lf_csrf_secret';

export interface CsrfOptions {
  publicUrl: string | undefined;
  isSecure(request: FastifyRequest): boolean;
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
  app.addHook('onRequest', async (request, reply) => {
    if (!request.cookies[SESSION.csrfCookieName] || !request.cookies[CSRF_SECRET_COOKIE]) issue(request, reply);
  });

  const allowedOrigins = (request: FastifyRequest) => {
    const origins = new Set([`${request.protocol}://${request.host}`]);
    if (options.publicUrl) origins.add(new URL(options.publicUrl).origin);
    return origins;
  };

  const check: onRequestHookHandler = function csrfCheck(request, reply, done) {
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] === 'cross-site' || (origin && origin !== 'null' && !allowedOrigins(request).has(origin))) {
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
