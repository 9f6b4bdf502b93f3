/**
 * CSRF (interfaces.md): @fastify/csrf-protection keeps an httpOnly secret cookie and derives
 * tokens from it; the token is also kept in the readable `lf_csrf` cookie for the client, which
 * sends it back in `x-csrf-token` on every POST/PUT/PATCH/DELETE. A cross-site page can neither
 * read the cookie nor forge a token for the secret. On top, a request whose Origin (or
 * Sec-Fetch-Site) says it comes from another site is refused outright.
 */
import fastifyCsrf from '@fastify/csrf-protection';
import { BACK_PREFIX, SESSION, trackingClick, trackingOpen, unsubscribe, unsubscribeInfo } from '@leadforge/contracts';
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

/**
 * Allow-list: the calls mail clients, image proxies and mail providers make for a recipient, never
 * our pages with a session — the open pixel, the click redirect and the unsubscribe calls (mail
 * engine). Their answers set no cookie: a pixel must not plant one in a mail client's or a
 * proxy's jar. The one-click unsubscribe POST of RFC 8058 comes from the provider's server as a
 * form (`List-Unsubscribe=One-Click`) with neither cookie nor token, so it alone skips the check
 * and alone may send a form body; the 144-bit opaque token in its path, which only the
 * recipient's copy of the message carries, is what a forger would need instead.
 */
const RECIPIENT_CALLS = [trackingOpen, trackingClick, unsubscribeInfo, unsubscribe];
const RECIPIENT_PATHS = new Set(
  RECIPIENT_CALLS.flatMap((route) => [route.path, ...(route.aliases ?? []).map((alias) => alias.path)]).flatMap((path) => [path, `${BACK_PREFIX}${path}`]),
);
const isRecipientCall = (request: FastifyRequest) => RECIPIENT_PATHS.has(request.routeOptions.url ?? '');
const isOneClickUnsubscribe = (request: FastifyRequest) => request.contractRoute?.id === unsubscribe.id;

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
    if (isStaticFileRequest(request.url) || isRecipientCall(request)) return;
    if (!request.cookies[SESSION.csrfCookieName] || !request.cookies[CSRF_SECRET_COOKIE]) issue(request, reply);
  });

  // Forms are the classic cross-site vector: the one form accepted is RFC 8058's exact body,
  // `List-Unsubscribe=One-Click`, on the one-click unsubscribe; anything else is unsupported.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, body, done) => {
    const fields = [...new URLSearchParams(String(body))];
    const isOneClickBody = fields.length === 1 && fields[0]![0] === 'List-Unsubscribe' && fields[0]![1] === 'One-Click';
    if (!isOneClickUnsubscribe(request) || !isOneClickBody) {
      done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
      return;
    }
    done(null, Object.fromEntries(fields));
  });

  const check: onRequestHookHandler = function csrfCheck(request, reply, done) {
    if (isOneClickUnsubscribe(request)) {
      done();
      return;
    }
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
