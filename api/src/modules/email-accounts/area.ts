/**
 * The email-accounts area (remote warmup, `/account/email-accounts`): connecting mailboxes by
 * SMTP + IMAP or OAuth, their settings, status, teamwork status, deletion, tracking domain and
 * DKIM key.
 * Its tables are the platform's (`email_accounts`, and the mail engine's `mail_outbound` and
 * `mailbox_daily_usage` it reads and cancels in). The engines reach a mailbox's servers and
 * secret through `services.emailAccounts.connection(id)`.
 */
import { emailAccountsRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import { emailAccountsHandlers } from './routes';
import { EmailAccountsService } from './service';

declare module '../../services' {
  interface Services {
    emailAccounts: EmailAccountsService;
  }
}

export const emailAccountsArea = defineArea({
  name: 'email-accounts',
  routes: emailAccountsRoutes,
  services: (deps) => ({
    emailAccounts: new EmailAccountsService({ db: deps.db, config: deps.config, baseUrl: deps.baseUrl, gamification: deps.gamification }),
  }),
  handlers: emailAccountsHandlers,
});
