/**
 * The unibox area (document 1 §3 "Unibox", document 2 §7.6): the shared inbox over the mail the
 * IMAP sync stores (`mail_inbound`) — mailboxes and their unibox settings, folders, threads,
 * messages, read/star/trash marks, attachments fetched again from IMAP, and answers sent through
 * the sending engine (send-email) with their copy APPENDed to Sent. Its tables are
 * db/schema/unibox.ts. Read, star and trash marks are written back to the IMAP server by a job
 * (`mirror_pending` records what waits). LinkedIn conversations come from the action runner's
 * stored messages (linkedin-repository.ts) and are answered through li-touch/inline-message.
 */
import { uniboxRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/unibox';
import { servicesForJob } from '../../jobs/job-services';
import { createUniboxImap } from './imap';
import { uniboxHandlers } from './routes';
import { MIRROR_JOB, SENT_COPY_JOB, UniboxService } from './service';

declare module '../../services' {
  interface Services {
    unibox: UniboxService;
  }
}

const subscribed = new WeakSet<object>();

export const uniboxArea = defineArea({
  name: 'unibox',
  routes: uniboxRoutes,
  // After mail-engine (the sending engine, the sync's onInbound), email-accounts (IMAP secrets) and
  // linkedin-accounts (the action runner).
  services: (deps, built) => {
    const unibox = new UniboxService({
      db: deps.db,
      push: deps.push,
      mail: () => built.mailEngine,
      imap: createUniboxImap({ db: deps.db, config: deps.config, emailAccounts: () => built.emailAccounts }),
      sentMimeSource: { db: deps.db },
      prospectInfo: async (caller, prospectId) => (built.prospects ? built.prospects.prospect.info(caller, prospectId, 0) : null),
    });
    // Mail the sync stores is threaded at once and its owner hears the new unread count. Once per
    // sync engine: a job's own service container must not add a second listener.
    const sync = built.inboundSync;
    if (sync && !subscribed.has(sync)) {
      subscribed.add(sync);
      sync.onInbound((event) => unibox.onSynced(event));
    }
    // LinkedIn replies read by the runner show at once; its performed messages reach their open conversation.
    const runner = built.linkedinRunner?.runner;
    if (runner && !subscribed.has(runner)) {
      subscribed.add(runner);
      runner.onInbound((event) => unibox.onLinkedinInbound(event));
      runner.onOutcome((event) => unibox.onLinkedinOutcome(event));
    }
    // The engine's answers to messages sent from here reach their conversation (once per engine, likewise).
    const engine = built.mailEngine?.engine;
    if (engine && !subscribed.has(engine)) {
      subscribed.add(engine);
      engine.onSettled((reports) => unibox.onSettled(reports.map((report) => report.outboundId)));
    }
    return { unibox };
  },
  handlers: uniboxHandlers,
  queueUsers: (services) => [services.unibox],
  jobs: async (queue, deps) => {
    let services: ReturnType<typeof servicesForJob> | undefined;
    // The Sent copy of a generic IMAP mailbox: waits for the engine's answer, then APPENDs; an
    // APPEND that fails is retried with back-off for about a day (the row keeps its last error).
    await queue.register<{ outgoingId: number }>(
      SENT_COPY_JOB,
      async (job) => {
        services ??= servicesForJob(deps);
        const { unibox } = await services;
        if ((await unibox.copyToSent(job.data.outgoingId)) === 'wait') throw new Error('the message is not sent yet');
      },
      { retryLimit: 40, retryDelaySeconds: 10, retryBackoff: true, retryDelayMaxSeconds: 3_600 },
    );
    // Read, star and trash marks written back to the mailbox's IMAP server, one job per mailbox
    // and slot (service.ts); a session that fails or a mailbox in error is retried with back-off
    // for about a day, and the marks stay pending meanwhile (the next mark or sync schedules again).
    await queue.register<{ emailAccountId: number }>(
      MIRROR_JOB,
      async (job) => {
        services ??= servicesForJob(deps);
        const { unibox } = await services;
        await unibox.mirrorMarks(job.data.emailAccountId);
      },
      { retryLimit: 40, retryDelaySeconds: 10, retryBackoff: true, retryDelayMaxSeconds: 3_600 },
    );
  },
  schema,
});
