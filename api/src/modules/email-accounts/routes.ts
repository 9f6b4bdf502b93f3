/** The email-accounts area's handlers: thin (contract-parsed input → service → answer). */
import { MAIL_OAUTH_RETURN_PATHS, type MailOAuthProviderName } from '@leadforge/contracts';
import { DomainError } from '../../http/domain-error';
import { callerOf, userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { isNavigation } from '../web/routes';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const PROVIDER_NAMES: Record<MailOAuthProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * The sandbox's consent page: plain HTML without scripts (the strict CSP applies unchanged) that
 * says what it is, and a form that answers through the approve call.
 */
function sandboxConsentPage(provider: MailOAuthProviderName, state: string): string {
  const name = PROVIDER_NAMES[provider];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Offline mailbox sandbox (development)</title></head>
<body style="font-family:sans-serif;max-width:460px;margin:48px auto">
<h1>Offline mailbox sandbox</h1>
<p><strong>This is not ${name}.</strong> It is an offline sandbox for development, turned on by MAIL_OAUTH_SANDBOX=true; do not use it on a server others can reach.</p>
<p>Any address typed here is connected as a <strong>sandbox mailbox</strong>: it gets made-up tokens and no mail server, and the app labels it as sandbox.</p>
<form method="get" action="/email-account/oauth-sandbox/${provider}/approve">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<p><label>Email <input name="email" type="email" required autocomplete="email"></label></p>
<p><label>Sender name <input name="name" type="text" autocomplete="name"></label></p>
<p><button type="submit">Connect sandbox mailbox</button></p>
</form></body></html>`;
}

export function emailAccountsHandlers(services: Services): HandlerMap {
  const service = services.emailAccounts;

  return {
    async listEmailAccounts(ctx) {
      return service.list(callerOf(ctx), ctx.query);
    },

    async getEmailAccount(ctx) {
      return { account: await service.get(callerOf(ctx), ctx.params.id) };
    },

    async createEmailAccount(ctx) {
      return { account: await service.create(callerOf(ctx), ctx.body) };
    },

    async testEmailAccountConnection(ctx) {
      return service.testConnection(callerOf(ctx), ctx.body);
    },

    async updateEmailAccount(ctx) {
      return { account: await service.updateSettings(callerOf(ctx), ctx.params.id, ctx.body) };
    },

    async updateEmailAccountCredentials(ctx) {
      return { account: await service.updateCredentials(callerOf(ctx), ctx.params.id, ctx.body) };
    },

    async setEmailAccountStatus(ctx) {
      return { account: await service.setStatus(callerOf(ctx), ctx.params.id, ctx.body.status) };
    },

    async setEmailAccountTeamwork(ctx) {
      return { account: await service.setTeamwork(callerOf(ctx), ctx.params.id, ctx.body.shared) };
    },

    async emailAccountUsage(ctx) {
      return service.usage(callerOf(ctx), ctx.params.id);
    },

    async deleteEmailAccount(ctx) {
      return { ok: true as const, cancelledMessages: await service.remove(callerOf(ctx), ctx.params.id) };
    },

    async checkTrackingDomain(ctx) {
      return service.checkTrackingDomain(callerOf(ctx), ctx.params.id);
    },

    async setEmailAccountDkim(ctx) {
      return { account: await service.setDkim(callerOf(ctx), ctx.params.id, ctx.body) };
    },

    async deleteEmailAccountDkim(ctx) {
      return { account: await service.removeDkim(callerOf(ctx), ctx.params.id) };
    },

    async checkEmailAccountDkim(ctx) {
      return service.checkDkim(callerOf(ctx), ctx.params.id);
    },

    async teamEmailAccounts(ctx) {
      return { items: await service.team(callerOf(ctx)) };
    },

    async emailAccountOAuthOptions(ctx) {
      callerOf(ctx);
      return service.oauthOptions();
    },

    async emailAccountOAuthStart(ctx) {
      const session = userOf(ctx);
      try {
        return ctx.reply.redirect(service.oauthStartUrl(session.id, ctx.params.provider), 302);
      } catch (error) {
        // A browser following the screen's link lands back on the screen with the reason.
        if (error instanceof DomainError && isNavigation(ctx.request)) {
          return ctx.reply.redirect(`/account/email-accounts?error=${error.items[0]?.key ?? 'mail_oauth_unavailable'}`, 302);
        }
        throw error;
      }
    },

    async emailAccountOAuthComplete(ctx) {
      const session = userOf(ctx);
      return service.oauthComplete(session.caller, session.id, ctx.body);
    },

    async emailAccountOAuthSandbox(ctx) {
      callerOf(ctx);
      service.sandbox(ctx.params.provider);
      return ctx.reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxConsentPage(ctx.params.provider, ctx.query.state));
    },

    async emailAccountOAuthSandboxApprove(ctx) {
      callerOf(ctx);
      const code = service.sandbox(ctx.params.provider).approve(ctx.query.email, ctx.query.name);
      const query = new URLSearchParams({ code, state: ctx.query.state }).toString();
      return ctx.reply.header('cache-control', 'no-store').redirect(`${MAIL_OAUTH_RETURN_PATHS[ctx.params.provider]}?${query}`, 302);
    },
  };
}
