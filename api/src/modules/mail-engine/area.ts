/**
 * The mail-engine area (issue 13, "Sending"): the sending engine every outreach area queues its
 * mail through (`services.mailEngine.enqueue` / `sendNow`), its dispatcher job, the open pixel and
 * click redirect, the unsubscribe calls behind the campaigns remote's public
 * `/email-unsubscribe/:v?` page, the campaign editor's send-test-email, and the IMAP sync that
 * reads replies, bounces and auto-replies back (engines/mail/inbound/sync). Its tables are the
 * platform's mail schema (db/schema/mail.ts), which the platform area declares.
 */
import { mailTrackingRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import { createInboundSyncService, registerInboundJobs, type InboundSync } from '../../engines/mail/inbound/sync';
import { registerMailEngineJobs } from './jobs';
import { createMailEngineModule, type MailEngineModule } from './module';
import { mailEngineHandlers } from './routes';

declare module '../../services' {
  interface Services {
    mailEngine: MailEngineModule;
    /** IMAP sync of every active mailbox; other areas subscribe with `onInbound`. */
    inboundSync: InboundSync;
  }
}

export const mailEngineArea = defineArea({
  name: 'mail-engine',
  routes: mailTrackingRoutes,
  // After prospects (test emails fill placeholders from a prospect) and email-accounts (OAuth
  // mailboxes' tokens are refreshed there when a message is sent).
  services: (deps, built) => ({
    mailEngine: createMailEngineModule({
      db: deps.db,
      config: deps.config,
      publicOrigin: deps.baseUrl,
      prospects: built.prospects,
      // Read at send time from the finished container, whatever the order of AREAS.
      emailAccounts: () => built.emailAccounts,
    }),
    inboundSync: createInboundSyncService(deps),
  }),
  handlers: mailEngineHandlers,
  queueUsers: (services) => [services.mailEngine, services.inboundSync],
  close: async (services) => {
    await services.inboundSync.close();
    await services.mailEngine.engine.close();
  },
  jobs: async (queue, deps) => {
    await registerMailEngineJobs(queue, deps);
    await registerInboundJobs(queue, deps);
  },
});
