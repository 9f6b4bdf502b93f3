/**
 * The mail-engine area's composition. The sending engine is one per process and database (a
 * WeakMap on the query builder): the API's handlers, its embedded job workers and the worker
 * process's jobs share its pooled SMTP connections and its per-mailbox send order.
 */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { messageIdSecret } from '../../engines/mail/outbound/message-id-secret';
import type { MailboxRow, MailboxSecrets } from '../../engines/mail/outbound/mailbox';
import { MailEngine, type EngineLogger, type EnqueueResult, type OutboundMessage, type SendReport } from '../../engines/mail/outbound/outbox';
import { MailboxConnectionError } from '../../engines/mail/outbound/transports';
import { CredentialDecryptError, type CredentialCipher } from '../../engines/mail/secrets/credentials';
import type { JobQueue } from '../../jobs/queue';
import type { Scope } from '../account/caller';
import { credentialCipherFor, openCredentials } from '../email-accounts/credentials';
import { MailboxUnavailableError, type EmailAccountsService } from '../email-accounts/service';
import type { ProspectsModule } from '../prospects/module';
import { DISPATCH_JOB, wakeKey } from './dispatch';
import { engagementOf, type Engagement } from './repository';
import { TestEmailService, TrackingService, UnsubscribeService } from './service';

export interface EngineDeps {
  db: Db;
  config: AppConfig;
  /** The API's own address, where tracking links point without PUBLIC_URL or a tracking domain. */
  publicOrigin: () => string;
  logger?: EngineLogger;
  /** The email-accounts area, read when a message is sent (it refreshes OAuth tokens). */
  emailAccounts: () => Pick<EmailAccountsService, 'connection'> | undefined;
  cipher?: CredentialCipher;
}

const engines = new WeakMap<Db, MailEngine>();

/**
 * A mailbox's SMTP secret: its password decrypted, or for an OAuth mailbox a fresh access token
 * from the email-accounts area (which marks the mailbox `reconnect` when the grant was revoked).
 */
function secretSource(cipher: CredentialCipher, emailAccounts: EngineDeps['emailAccounts']) {
  return async (mailbox: MailboxRow): Promise<MailboxSecrets> => {
    try {
      const accounts = emailAccounts();
      if (mailbox.provider !== 'smtp' && accounts) {
        const connection = await accounts.connection(mailbox.id);
        const auth = connection.smtp?.auth;
        return auth && 'accessToken' in auth ? { accessToken: auth.accessToken } : {};
      }
      const credentials = mailbox.credentials ? openCredentials(cipher, mailbox.id, mailbox.credentials) : {};
      return mailbox.provider === 'smtp' ? { smtpPassword: credentials.smtpPassword } : { accessToken: credentials.accessToken };
    } catch (error) {
      if (error instanceof CredentialDecryptError || error instanceof SyntaxError)
        throw new MailboxConnectionError('credentials_unreadable', { cause: error });
      if (error instanceof MailboxUnavailableError)
        throw new MailboxConnectionError(error.reason === 'not_found' ? 'server_error' : error.reason, { cause: error });
      throw error;
    }
  };
}

/** The process's engine for this database, made on first use. */
export function mailEngineFor(deps: EngineDeps): MailEngine {
  let engine = engines.get(deps.db);
  if (!engine) {
    const cipher = deps.cipher ?? credentialCipherFor(deps.config);
    engine = new MailEngine({
      db: deps.db,
      cipher,
      secrets: secretSource(cipher, deps.emailAccounts),
      messageIdSecret: messageIdSecret({
        configured: deps.config.mailMessageIdSecret,
        dataDir: deps.config.dataDir,
        env: { MAIL_SECRET_KEY: deps.config.emailAccounts.secretKey },
      }),
      publicOrigin: () => deps.config.publicUrl ?? deps.publicOrigin(),
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
    engines.set(deps.db, engine);
  }
  return engine;
}

/** The engine already made for this database in this process, if any. */
export function existingMailEngine(db: Db): MailEngine | undefined {
  return engines.get(db);
}

export interface MailEngineModule {
  readonly engine: MailEngine;
  readonly tracking: TrackingService;
  readonly unsubscribe: UnsubscribeService;
  readonly testEmail: TestEmailService;
  /** Queues a message (campaigns, replies, warm-up); `suppressed` when the address is on the no-send list. */
  enqueue(message: OutboundMessage): Promise<EnqueueResult>;
  /** Sends a message now and answers with the server's answer (test emails). */
  sendNow(message: OutboundMessage): Promise<SendReport | { status: 'suppressed' }>;
  /** Unique human opens and clicks of the caller's messages (machines left out). */
  engagement(db: Db, scope: Scope, outboundIds: readonly number[]): Promise<Engagement[]>;
  /** Wakes the dispatcher on each enqueue once the durable queue runs. */
  useQueue(queue: JobQueue | undefined): void;
}

export function createMailEngineModule(deps: EngineDeps & { prospects: Pick<ProspectsModule, 'prospect'> }): MailEngineModule {
  const engine = mailEngineFor(deps);
  return {
    engine,
    tracking: new TrackingService(deps.db),
    unsubscribe: new UnsubscribeService(deps.db),
    testEmail: new TestEmailService(deps.db, engine, deps.prospects),
    enqueue: (message) => engine.enqueue(message),
    sendNow: (message) => engine.sendNow(message),
    engagement: engagementOf,
    useQueue(queue) {
      wireQueue(engine, queue);
      // A first tick after start: messages queued while no process ran are picked up.
      if (queue) void queue.enqueue(DISPATCH_JOB, {}, { idempotencyKey: `start:${Math.floor(Date.now() / 60_000)}` }).catch(() => undefined);
    },
  };
}

/** Every enqueue wakes a dispatcher (one job per message, so none is lost to a merged key). */
export function wireQueue(engine: MailEngine, queue: JobQueue | undefined): void {
  engine.onEnqueued(
    queue
      ? async (outboundId) => {
          await queue.enqueue(DISPATCH_JOB, {}, { idempotencyKey: wakeKey(outboundId) });
        }
      : undefined,
  );
}
