/**
 * The IMAP sync engine: reads every active mailbox back (INBOX, and the Junk folder where bounces
 * often land), stores and classifies what arrives, applies its effects (suppressions) and tells
 * the rest of the API. A live session keeps one connection per mailbox in IDLE (re-issued every
 * IDLE_REISSUE_MS, polled every POLL_INTERVAL_MS whatever IDLE says) and reconnects with back-off;
 * sessions run inside durable jobs (scheduling.ts), never on a free-running timer.
 */
import type { ImapFlow } from 'imapflow';
import type { PushEvent } from '@leadforge/contracts';
import type { AppConfig } from '../../../../config';
import type { Db } from '../../../../db/types';
import type { JobLogger, JobQueue } from '../../../../jobs/queue';
import type { QueueUser } from '../../../../area';
import { EmailAccountsService } from '../../../../modules/email-accounts/service';
import {
  FAILURES_BEFORE_ERROR,
  INBOX,
  MAILBOX_CHECK_MS,
  FAST_CLOCK_POLL_FLOOR_MS,
  POLL_INTERVAL_MS,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
} from './constants';
import { warmupMarkReader } from '../../../warmup/secret';
import { scaledPeriodMs } from '../../../social/time-scale';
import { emailAccountsReader } from './credentials';
import { syncFolder, type FolderPass } from './folder-sync';
import { classifyConnectError, closeClient, openClient } from './imap-client';
import * as repo from './repository';
import { ensureSessionJobs, type ShardRunner } from './scheduling';
import type { CredentialReader, InboundListener, InboundMailEvent, SyncMailbox, SyncReport } from './types';

export interface InboundSyncDeps {
  db: Db;
  logger?: JobLogger | undefined;
  /** Where the owner's browser hears of a new message (the realtime module, or Redis from a worker). */
  push?: { emitToUser(userId: number, event: PushEvent): void } | undefined;
  credentials: CredentialReader;
  /** CIDR ranges IMAP hosts may resolve to although private (MAIL_ALLOW_PRIVATE; tests and e2e only). */
  allowPrivate?: readonly string[] | undefined;
  /** Shorter intervals for tests; production uses constants.ts. */
  timing?: Partial<SyncTiming> | undefined;
  /** Recognises the warm-up mark (engines/warmup/secret.ts): such mail is stored apart and announced to nobody. */
  isWarmupMark?: ((value: string) => boolean) | undefined;
}

export interface SyncTiming {
  pollIntervalMs: number;
  mailboxCheckMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

export interface InboundSync extends QueueUser, ShardRunner {
  /** Called for every message stored (once per message); returns the unsubscribe function. */
  onInbound(listener: InboundListener): () => void;
  /** One pass over every synced folder of a mailbox, without IDLE: the first sync, or a catch-up. */
  syncMailbox(emailAccountId: number, options?: { signal?: AbortSignal }): Promise<SyncReport>;
  /**
   * Warm-up's rescue: moves these messages (bare Message-IDs) from the mailbox's Junk folder (found
   * by its special-use flag, whatever its name) to INBOX, marked read and flagged. Answers the
   * Message-IDs it moved; one not found in Junk (moved already, deleted) is simply not answered.
   */
  moveFromJunkToInbox(emailAccountId: number, messageIds: readonly string[]): Promise<string[]>;
  /** Keeps one mailbox in sync (IDLE, polling, reconnecting) until the signal aborts. */
  watchMailbox(emailAccountId: number, options: { signal: AbortSignal }): Promise<void>;
  /** Sets the logger once one is known (the service container has none; the job registry does). */
  useLogger(logger: JobLogger): void;
  /** Replaces where secrets come from (the email-accounts service, which refreshes OAuth tokens). */
  useCredentials(reader: CredentialReader): void;
  /** Mailboxes with a live session in this process. */
  activeSessions(): number[];
  /**
   * Ends every live session of this process (IMAP LOGOUT) and refuses new ones: for a shutdown,
   * before the job queue stops, since the queue lets a running job finish rather than telling it.
   */
  close(): Promise<void>;
}

const quietLogger: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

/** Resolves after `ms`, or at once when the signal aborts; never rejects. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A wake-up that is not lost when it fires before anyone waits. */
class Wake {
  private pending = false;
  private resolve: (() => void) | null = null;

  fire(): void {
    this.pending = true;
    this.resolve?.();
  }

  async wait(ms: number, signal: AbortSignal): Promise<void> {
    if (this.pending || signal.aborted) {
      this.pending = false;
      return;
    }
    const woken = new AbortController();
    this.resolve = () => woken.abort();
    await pause(ms, AbortSignal.any([signal, woken.signal]));
    this.resolve = null;
    this.pending = false;
  }
}

export function backoffMs(
  failures: number,
  bounds: { minMs: number; maxMs: number } = { minMs: RECONNECT_MIN_MS, maxMs: RECONNECT_MAX_MS },
  random = Math.random,
): number {
  const base = Math.min(bounds.maxMs, bounds.minMs * 2 ** Math.max(0, failures - 1));
  // ±20 %: mailboxes of one server that failed together do not come back together.
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function createInboundSync(deps: InboundSyncDeps): InboundSync {
  const { db } = deps;
  const timing: SyncTiming = {
    pollIntervalMs: POLL_INTERVAL_MS,
    mailboxCheckMs: MAILBOX_CHECK_MS,
    reconnectMinMs: RECONNECT_MIN_MS,
    reconnectMaxMs: RECONNECT_MAX_MS,
    ...deps.timing,
  };
  let logger = deps.logger ?? quietLogger;
  let credentials = deps.credentials;
  const connectOptions = { allowPrivate: deps.allowPrivate ?? [] };
  const listeners = new Set<InboundListener>();
  /** The live session of each mailbox in this process: a new one waits for the old to close (one connection per mailbox). */
  const sessions = new Map<number, Promise<void>>();
  /** Aborted by close(): every session listens to it. */
  const closing = new AbortController();

  async function emit(event: InboundMailEvent): Promise<void> {
    for (const listener of [...listeners]) {
      try {
        await listener(event);
      } catch (error) {
        // One consumer's bug must not stop the sync or the other consumers.
        logger.error({ err: error, inboundId: event.inboundId }, 'An inbound mail listener failed');
      }
    }
    try {
      deps.push?.emitToUser(event.userId, {
        type: 'mail.inbound',
        payload: {
          emailAccountId: event.emailAccountId,
          inboundId: event.inboundId,
          class: event.class,
          outboundId: event.outboundId,
          campaignId: event.campaignId,
          recipientId: event.recipientId,
          heuristic: event.heuristic,
          receivedAt: event.receivedAt.toISOString(),
        },
      });
    } catch (error) {
      logger.error({ err: error, inboundId: event.inboundId }, 'The inbound mail push failed');
    }
  }

  /** The folders a full pass reads: the Junk folder (where it went) first, INBOX last so it stays selected for IDLE. */
  async function foldersOf(client: ImapFlow, scope: repo.MailboxScope, cursors: repo.CursorRow[]): Promise<string[]> {
    const listed = await client.list();
    const junk = listed.find((entry) => entry.specialUse === '\\Junk')?.path ?? null;
    const folders: string[] = junk ? [junk] : [];
    for (const cursor of cursors) {
      if (cursor.folder === INBOX || folders.includes(cursor.folder)) continue;
      const stillListed = listed.some((entry) => entry.path === cursor.folder);
      if (!stillListed && junk) {
        // The Junk role moved to another folder (renamed, or the server now marks another one): that one is read now.
        await repo.deleteCursor(db, scope, cursor.folder);
        continue;
      }
      // Read again even when it is gone: the pass records the vanished folder instead of forgetting it.
      folders.push(cursor.folder);
    }
    folders.push(INBOX);
    return folders;
  }

  async function passMailbox(
    client: ImapFlow,
    mailbox: SyncMailbox,
    options: { folders: 'all' | 'inbox'; shouldStop: () => boolean },
  ): Promise<SyncReport> {
    const scope = repo.scopeOf(mailbox);
    const cursors = await repo.cursorsOf(db, scope);
    const folders = options.folders === 'all' ? await foldersOf(client, scope, cursors) : [INBOX];
    const passes: FolderPass[] = [];
    for (const folder of folders) {
      if (options.shouldStop()) break;
      passes.push(
        await syncFolder(client, {
          db,
          mailbox,
          folder,
          cursor: cursors.find((cursor) => cursor.folder === folder) ?? null,
          shouldStop: options.shouldStop,
          onStored: emit,
          isWarmupMark: deps.isWarmupMark,
        }),
      );
    }
    const missing = passes.filter((pass) => pass.error === 'folder_missing');
    if (missing.length > 0) {
      logger.warn({ emailAccountId: mailbox.id, folders: missing.map((pass) => pass.folder) }, 'IMAP folder vanished');
      await repo.setMailboxProblem(db, scope, 'error', 'folder_missing');
    } else if (options.folders === 'all' && passes.every((pass) => pass.complete)) {
      const recorded = cursors.map((cursor) => cursor.error).filter((error): error is string => error !== null);
      await repo.clearMailboxProblem(db, scope, recorded);
    }
    return {
      stored: passes.reduce((sum, pass) => sum + pass.stored, 0),
      skipped: passes.reduce((sum, pass) => sum + pass.skipped, 0),
      folders: passes,
    };
  }

  /**
   * Opens a connection, or records why not: refused credentials send the mailbox to `reconnect`
   * (null, the session ends); any other failure is thrown for the back-off.
   */
  async function connect(mailbox: SyncMailbox): Promise<ImapFlow | null> {
    try {
      return await openClient(mailbox, await credentials(mailbox), connectOptions);
    } catch (error) {
      const failure = classifyConnectError(error);
      if (!failure.needsUser) throw error;
      logger.warn({ emailAccountId: mailbox.id, reason: failure.reason }, 'IMAP credentials refused');
      await showProblem(mailbox, 'reconnect', failure.reason);
      return null;
    }
  }

  /** Shows the problem on the mailbox and, when it did, records on the cursor that the sync caused it. */
  async function showProblem(mailbox: SyncMailbox, status: 'error' | 'reconnect', reason: string): Promise<void> {
    const scope = repo.scopeOf(mailbox);
    if (await repo.setMailboxProblem(db, scope, status, reason)) await repo.recordSyncFailure(db, scope, INBOX, reason);
  }

  /** Reads the mailbox while the connection lives: a full pass, then INBOX on every EXISTS, everything every poll interval. */
  async function live(client: ImapFlow, emailAccountId: number, signal: AbortSignal, onHealthy: () => void): Promise<void> {
    const wake = new Wake();
    let inboxChanged = false;
    client.on('exists', (update) => {
      if (update.path !== INBOX) return;
      inboxChanged = true;
      wake.fire();
    });
    client.on('close', () => wake.fire());
    let lastFull = Number.NEGATIVE_INFINITY;
    const shouldStop = () => signal.aborted;
    while (!signal.aborted) {
      if (client.isClosed || !client.usable) throw new Error('The IMAP connection closed');
      const full = Date.now() - lastFull >= timing.pollIntervalMs;
      if (full || inboxChanged) {
        const mailbox = await repo.mailboxById(db, emailAccountId);
        if (!repo.isSyncable(mailbox)) return;
        inboxChanged = false;
        await passMailbox(client, mailbox, { folders: full ? 'all' : 'inbox', shouldStop });
        if (full) {
          lastFull = Date.now();
          onHealthy();
        }
      }
      await wake.wait(Math.max(0, lastFull + timing.pollIntervalMs - Date.now()), signal);
    }
  }

  async function watch(emailAccountId: number, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      const mailbox = await repo.mailboxById(db, emailAccountId);
      if (!repo.isSyncable(mailbox)) return;
      let client: ImapFlow | null = null;
      try {
        client = await connect(mailbox);
        if (!client) return;
        await live(client, emailAccountId, signal, () => {
          failures = 0;
        });
        if (!signal.aborted) return;
      } catch (error) {
        if (signal.aborted) break;
        failures += 1;
        const failure = classifyConnectError(error);
        logger.warn({ err: error, emailAccountId, failures, reason: failure.reason }, 'IMAP session failed; reconnecting');
        if (failures >= FAILURES_BEFORE_ERROR) await showProblem(mailbox, 'error', failure.reason);
        await pause(backoffMs(failures, { minMs: timing.reconnectMinMs, maxMs: timing.reconnectMaxMs }), signal);
      } finally {
        if (client) await closeClient(client);
      }
    }
  }

  const sync: InboundSync = {
    onInbound(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    activeSessions() {
      return [...sessions.keys()];
    },

    async close() {
      closing.abort();
      await Promise.allSettled([...sessions.values()]);
    },

    useLogger(next) {
      if (logger === quietLogger) logger = next;
    },

    useCredentials(reader) {
      credentials = reader;
    },

    useQueue(queue: JobQueue | undefined) {
      if (!queue) return;
      ensureSessionJobs(queue).catch((error: unknown) => logger.error({ err: error }, 'Could not queue the IMAP sync sessions'));
    },

    async syncMailbox(emailAccountId, options = {}) {
      const signal = options.signal ? AbortSignal.any([options.signal, closing.signal]) : closing.signal;
      const mailbox = await repo.mailboxById(db, emailAccountId);
      if (!repo.isSyncable(mailbox)) return { stored: 0, skipped: 0, folders: [] };
      const client = await connect(mailbox);
      if (!client) return { stored: 0, skipped: 0, folders: [] };
      try {
        return await passMailbox(client, mailbox, { folders: 'all', shouldStop: () => signal.aborted });
      } finally {
        await closeClient(client);
      }
    },

    async moveFromJunkToInbox(emailAccountId, messageIds) {
      const mailbox = await repo.mailboxById(db, emailAccountId);
      if (!repo.isSyncable(mailbox) || messageIds.length === 0) return [];
      const client = await connect(mailbox);
      if (!client) return [];
      try {
        const junk = (await client.list()).find((entry) => entry.specialUse === '\\Junk')?.path;
        if (!junk) return [];
        const lock = await client.getMailboxLock(junk, { description: 'warm-up rescue' });
        const moved: string[] = [];
        try {
          for (const messageId of messageIds) {
            const found = await client.search({ header: { 'message-id': messageId } }, { uid: true });
            const uids = Array.isArray(found) ? found : [];
            if (uids.length === 0) continue;
            await client.messageFlagsAdd(uids, ['\\Seen', '\\Flagged'], { uid: true });
            await client.messageMove(uids, INBOX, { uid: true });
            moved.push(messageId);
          }
        } finally {
          lock.release();
        }
        return moved;
      } finally {
        await closeClient(client);
      }
    },

    async watchMailbox(emailAccountId, options) {
      const signal = AbortSignal.any([options.signal, closing.signal]);
      // Another session of this mailbox in this process (the previous slot's) closes first.
      const previous = sessions.get(emailAccountId);
      const current = (async () => {
        if (previous) await previous;
        await watch(emailAccountId, signal);
      })();
      const settled = current.catch((error: unknown) => {
        logger.error({ err: error, emailAccountId }, 'IMAP session stopped on an error');
      });
      sessions.set(emailAccountId, settled);
      try {
        await current;
      } finally {
        if (sessions.get(emailAccountId) === settled) sessions.delete(emailAccountId);
      }
    },

    async runShard({ shard, shards, deadline, signal }) {
      const session = AbortSignal.any([signal, closing.signal, AbortSignal.timeout(Math.max(0, deadline - Date.now()))]);
      const watchers = new Map<number, { stop: AbortController; done: Promise<void> }>();
      try {
        while (!session.aborted) {
          // One indexed query every few seconds, also while the shard has no mailbox: the session
          // keeps its worker (the queue gives this job one per shard) so a mailbox connected or
          // resumed now is read at the next look, not at the next job.
          const ids = new Set(await repo.syncableMailboxIds(db, { index: shard, of: shards }));
          for (const [id, watcher] of watchers) if (!ids.has(id)) watcher.stop.abort();
          for (const id of ids) {
            if (watchers.has(id)) continue;
            const stop = new AbortController();
            const done = sync
              .watchMailbox(id, { signal: AbortSignal.any([session, stop.signal]) })
              .catch(() => undefined)
              .finally(() => {
                if (watchers.get(id)?.done === done) watchers.delete(id);
              });
            watchers.set(id, { stop, done });
          }
          await pause(timing.mailboxCheckMs, session);
        }
      } finally {
        for (const watcher of watchers.values()) watcher.stop.abort();
        await Promise.allSettled([...watchers.values()].map((watcher) => watcher.done));
      }
    },
  };
  return sync;
}

// ------------------------------------------------------------------ one engine per process

export interface ProcessDeps {
  db: Db;
  config: AppConfig;
  logger?: JobLogger | undefined;
  push?: InboundSyncDeps['push'];
}

const engines = new WeakMap<Db, InboundSync>();

/**
 * The engine of this process for a database. The API builds its service container and its job
 * registry separately (and a worker only the latter); both get the same engine here, so a
 * listener added through the services hears the messages the jobs store.
 *
 * Secrets come from the email-accounts module, which refreshes OAuth access tokens (a token read
 * straight from the row would expire within the hour). Only its `connection()` is used, so the
 * instance made here needs none of the module's other collaborators.
 */
export function inboundSyncFor(deps: ProcessDeps): InboundSync {
  const existing = engines.get(deps.db);
  if (existing) {
    if (deps.logger) existing.useLogger(deps.logger);
    return existing;
  }
  let accounts: EmailAccountsService | undefined;
  // Made on first use: its cipher may create the key file in DATA_DIR, which an API that never syncs should not do.
  const accountsOf = () =>
    (accounts ??= new EmailAccountsService({
      db: deps.db,
      config: deps.config,
      baseUrl: () => deps.config.publicUrl ?? `http://${deps.config.host}:${deps.config.port}`,
      gamification: { completeStepQuietly: async () => undefined },
    }));
  const engine = createInboundSync({
    db: deps.db,
    logger: deps.logger,
    push: deps.push,
    credentials: emailAccountsReader(accountsOf),
    allowPrivate: deps.config.emailAccounts.allowPrivate,
    isWarmupMark: warmupMarkReader(deps.config),
    // A test server's fast clock (CAMPAIGN_TIME_SCALE) reads the folders IDLE does not watch (Junk)
    // as often as it reads a LinkedIn inbox: a warm-up journey sees a mail land in spam within seconds.
    timing: { pollIntervalMs: scaledPeriodMs(POLL_INTERVAL_MS, deps.config.campaignTimeScale, FAST_CLOCK_POLL_FLOOR_MS) },
  });
  engines.set(deps.db, engine);
  return engine;
}
