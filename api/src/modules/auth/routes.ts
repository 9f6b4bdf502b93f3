/** HTTP side of accounts and security: cookies, redirects, the sandbox consent page. */
import { COMPLETE_USER_REGISTRATION } from '@leadforge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../http/domain-error';
import { resolveLocale } from '../../http/locale';
import type { HandlerMap } from '../../http/route-kit';
import { userOf } from '../../http/route-kit';
import { isNavigation } from '../web/routes';
import { randomToken, safeEqual } from '../../lib/crypto';
import type { Services } from '../../services';
import { IdentityProviderError, SANDBOX_APPROVE_PATH, SANDBOX_CONSENT_PATH, SandboxIdentityProvider } from './identity-provider';
import type { ClientMeta, SignedIn } from './service';

const OAUTH_STATE_COOKIE = 'lf_oauth_state';

function metaOf(request: FastifyRequest, userLocale?: string | null): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: resolveLocale(request, userLocale) };
}

export function authHandlers(services: Services): HandlerMap {
  const { auth, sessions, accounts } = services;

  const signIn = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    sessions.setCookie(request, reply, signedIn.token);
    // A new session gets a new CSRF pair too.
    reply.issueCsrfToken();
    return accounts.userInfo(signedIn.session);
  };

  const redirectUri = () => `${services.baseUrl()}/auth/google/callback`;

  return {
    register: async ({ body, request, reply }) => signIn(request, reply, await auth.register(body, metaOf(request))),
    login: async ({ body, request, reply }) => signIn(request, reply, await auth.login(body, metaOf(request))),
    twoFactorVerify: async ({ body, request, reply, session }) =>
      signIn(request, reply, await auth.verifySecondFactor(session!, body.code, metaOf(request, session?.locale))),
    twoFactorSetup: async (ctx) => auth.setupTwoFactor(userOf(ctx)),
    twoFactorEnable: async (ctx) => auth.enableTwoFactor(userOf(ctx), ctx.body.code),
    twoFactorDisable: async (ctx) => {
      await auth.disableTwoFactor(userOf(ctx), ctx.body.password);
      return { ok: true as const };
    },
    forgotPassword: async ({ body, request }) => {
      await auth.forgotPassword(body.email, metaOf(request));
      return { ok: true as const };
    },
    resetPassword: async ({ body }) => {
      await auth.resetPassword(body.token, body.password);
      return { ok: true as const };
    },
    changePassword: async (ctx) => {
      await auth.changePassword(userOf(ctx), ctx.body.currentPassword, ctx.body.newPassword);
      return { ok: true as const };
    },
    listSessions: async (ctx) => ({ sessions: await auth.listSessions(userOf(ctx)) }),
    signOutOtherSessions: async (ctx) => ({ signedOut: await auth.signOutOthers(userOf(ctx)) }),
    csrfToken: async ({ reply }) => ({ token: reply.issueCsrfToken() }),
    logout: async ({ request, reply, session }) => {
      if (session) await sessions.revoke(session.id);
      sessions.clearCookie(request, reply);
      return reply.redirect('/home', 302);
    },
    signInOptions: async () => ({ google: services.identity?.name ?? ('off' as const) }),
    identityLinkConfirm: async ({ body, request, reply }) => signIn(request, reply, await auth.confirmIdentityLink(body.token, metaOf(request))),
    googleStart: async ({ request, reply }) => {
      const identity = services.identity;
      if (!identity) {
        // A browser following the login page's link lands back on it with the reason.
        if (isNavigation(request)) return reply.redirect('/login?error=google_login_unavailable', 302);
        throw new DomainError('google_login_unavailable');
      }
      const state = randomToken(24);
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        path: '/auth/google',
        httpOnly: true,
        sameSite: 'lax',
        secure: sessions.isSecure(request),
        maxAge: 600,
      });
      return reply.redirect(identity.authorizationUrl(state, redirectUri()), 302);
    },
    googleCallback: async ({ query, request, reply }) => {
      const expected = request.cookies[OAUTH_STATE_COOKIE];
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/auth/google' });
      try {
        if (!services.identity || !expected || !safeEqual(expected, query.state)) throw new DomainError('google_login_unavailable');
        const profile = await services.identity.exchange(query.code, redirectUri());
        const signedIn = await auth.signInWithProfile(profile, metaOf(request));
        sessions.setCookie(request, reply, signedIn.token);
        reply.issueCsrfToken();
        if (signedIn.session.twoFactorPending) return reply.redirect('/2fa/login', 302);
        if (signedIn.needsCompletion) return reply.redirect(`/?redirect=${COMPLETE_USER_REGISTRATION}`, 302);
        return reply.redirect('/home', 302);
      } catch (error) {
        if (error instanceof DomainError && error.items[0]?.key === 'identity_link_required') {
          return reply.redirect('/login?error=identity_link_required', 302);
        }
        if (error instanceof DomainError && error.items[0]?.key === 'rate_limited') {
          return reply.redirect(`/login?error=rate_limited&retryAfter=${error.retryAfter ?? 60}`, 302);
        }
        if (error instanceof DomainError || error instanceof IdentityProviderError) {
          request.log.warn({ err: error }, 'Google sign-in refused');
          return reply.redirect('/login?error=google_login_unavailable', 302);
        }
        throw error;
      }
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The offline identity provider's own pages (not API calls of the app, like Google's consent
 * screen is not): a consent form, and its approval that returns to the callback with a code.
 * The form is plain HTML without scripts, so the strict CSP applies unchanged.
 */
export function registerSandboxIdentityPages(app: FastifyInstance, services: Services) {
  const provider = services.identity;
  if (!(provider instanceof SandboxIdentityProvider)) {
    // Answered (not left to the SPA fallback) so nobody mistakes the app's page for a consent page.
    const refuse = async () => {
      throw new DomainError('route_not_found');
    };
    app.get(SANDBOX_CONSENT_PATH, refuse);
    app.get(SANDBOX_APPROVE_PATH, refuse);
    return;
  }
  const consentQuery = z.object({ state: z.string().min(1).max(200), redirect_uri: z.string().max(500).optional() });
  const approveQuery = z.object({
    state: z.string().min(1).max(200),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    name: z.string().trim().max(120).default(''),
  });

  app.get(SANDBOX_CONSENT_PATH, async (request, reply) => {
    const parsed = consentQuery.safeParse(request.query);
    if (!parsed.success) throw new DomainError('validation_failed');
    const state = escapeHtml(parsed.data.state);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Offline sign-in sandbox (development)</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:48px auto">
<h1>Offline sign-in sandbox</h1>
<p><strong>This is not Google.</strong> It is an offline sandbox for development, turned on by IDENTITY_SANDBOX=true; do not use it on a server others can reach.</p>
<p>Any address typed here is taken as-is. An address that already has an account is not signed in: its owner is mailed a link to confirm.</p>
<form method="get" action="${SANDBOX_APPROVE_PATH}">
<input type="hidden" name="state" value="${state}">
<p><label>Email <input name="email" type="email" required autocomplete="email"></label></p>
<p><label>Name <input name="name" type="text" autocomplete="name"></label></p>
<p><button type="submit">Continue</button></p>
</form></body></html>`);
  });

  app.get(SANDBOX_APPROVE_PATH, async (request, reply) => {
    const parsed = approveQuery.safeParse(request.query);
    if (!parsed.success) throw new DomainError('validation_failed');
    const code = provider.approve(parsed.data.email, parsed.data.name);
    return reply.redirect(`/auth/google/callback?${new URLSearchParams({ code, state: parsed.data.state }).toString()}`, 302);
  });
}
