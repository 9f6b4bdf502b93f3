/**
 * The sending engine: every outgoing message is a row of `mail_outbound` written (with its
 * Message-ID) before anything leaves, claimed by one worker under a lease, sent through the
 * mailbox's pooled transport and recorded from the server's answer — exactly once, or visibly
 * `unknown` when a worker stopped between the body and the answer (CONVENTIONS "Exactly once or
 * visibly unknown").
 *
 *   queued ──claim──▶ claimed ──markSending──▶ sending ──answer──▶ sent | retry | failed | unknown
 *      ▲                 │ lease lapsed              │ lease lapsed
 *      └─────────────────┘                           └──────────▶ unknown (never re-sent)
 *
 * Claims take due rows with FOR UPDATE SKIP LOCKED, lock each mailbox row, and apply the
 * per-mailbox scheduler (limits.ts) to the counters kept in the database (`mailbox_daily_usage`
 * plus what other workers hold right now), so the limits hold across worker processes; a
 * message the limits hold back gets its `not_before`. A row is `sending` from the last check
 * before its body may leave — committed before the body does — until its answer is recorded; a
 * mailbox's next message is checked while the one before waits for its final answer, so a worker
 * that stops there leaves at most that one message `unknown` without having tried it.
 */
import { randomUUID } from 'node:crypto';
import { mailboxDailyMax } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import type { CredentialCipher } from '../secrets/credentials';
import { composeTracked, mailOptionsOf, textOf, type TrackingOptions } from './compose';
import { decideSend, sendingDay } from './limits';
import { createMessageId } from './message-id';
import {
  domainOf,
  limitsOf,
  sendingWindowOf,
  type MailboxRow,
  type MailboxSecrets,
  type SmtpTimeouts,
} from './mailbox';
import * as repo from './outbox-repository';
import type { ClaimedRow, OutboundKind, OutboundState } from './outbox-repository';
import { classifySmtpResult, nextRetryAt, retryDelay, type SendOutcome } from './smtp-outcome';
import { SettleBatcher } from './settle-batcher';
import { MailboxConnectionError, TransportCache } from './transports';

export interface EngineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The claim priority of a message that is no campaign's (a reply from the unibox, a single send):
 * above every campaign's (at most 101,100, campaign/limits.ts), as a person waits for it.
 */
export const SINGLE_SEND_PRIORITY = 1_000_000;

const SILENT: EngineLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A mailbox's SMTP secret (the email-accounts area decrypts the credentials and refreshes OAuth
 * tokens). Throws MailboxConnectionError when the mailbox cannot sign in as it stands.
 */
export type MailboxSecretSource = (mailbox: MailboxRow) => Promise<MailboxSecrets>;

export interface MailEngineOptions {
  db: Db;
  /** Reads a DKIM key kept encrypted. */
  cipher: CredentialCipher;
  secrets: MailboxSecretSource;
  /** Key of the Message-ID HMAC (message-id-secret.ts). */
  messageIdSecret: Buffer;
  /** Where tracking links point without a verified tracking domain: PUBLIC_URL or the API's own address. */
  publicOrigin: () => string;
  logger?: EngineLogger;
  /** The engine's clock; tests move it. */
  now?: () => Date;
  /** Names this process in `claimed_by`. */
  workerId?: string;
  /** Rows taken per claim. */
  claimBatch?: number;
  /** How long a claimed row may wait for its turn before another worker may take it. */
  claimLeaseMs?: number;
  /**
   * How long a row may stay `sending` before it is called `unknown`: longer than any SMTP session
   * can last (the transport's silence deadlines bound each step).
   */
  sendLeaseMs?: number;
  /** A dispatch pass ends after this long and is rescheduled at once (keeps a job short). */
  passBudgetMs?: number;
  timeouts?: SmtpTimeouts;
  idleMs?: number;
  heloName?: string;
}

export interface OutboundMessage {
  kind: Exclude<OutboundKind, 'test'> | 'test';
  /** Whose message it is: the row carries them, and the account's no-send list applies. */
  owner: { userId: number; accountId: number };
  emailAccountId: number;
  to: string;
  subject: string;
  html?: string | null;
  text?: string | null;
  /** A campaign step: unique per (campaign, recipient, step). */
  campaign?: { campaignId: number; recipientId: number; step: number };
  /** Unique key of a single send; a second enqueue with it answers the first message. */
  idempotencyKey?: string;
  /** The first email of a sequence to its recipient (first-email daily limit). */
  isFirstEmail?: boolean;
  /**
   * Claim order among due messages, higher first (a campaign's priorities, messagePriority);
   * default: a campaign's message 0, any other message SINGLE_SEND_PRIORITY.
   */
  priority?: number;
  tracking?: TrackingOptions;
  /** List-Unsubscribe with one-click, and an unsubscribe token (the campaign's unsubscribeHeader). */
  unsubscribe?: boolean;
  /** Appends the mailbox's signature (default: every kind but warm-up). */
  signature?: boolean;
  /** Threading and other headers (In-Reply-To, References). */
  headers?: Record<string, string>;
  /** Files attached by reference (checked by the caller); their bytes are read when the message is sent. */
  attachments?: readonly repo.AttachmentReference[];
  /** Not before this instant (a sequence's delay). */
  notBefore?: Date;
}

export type EnqueueResult =
  | { status: 'queued'; outboundId: number; messageId: string; state: OutboundState; duplicate: boolean; unsubscribeUrl: string | null }
  | { status: 'suppressed' };

export interface SendReport {
  outboundId: number;
  messageId: string;
  state: OutboundState;
  /** The classified SMTP answer, when the dialogue took place. */
  outcome: SendOutcome | null;
  /** Why it was not attempted (suppressed, mailbox unavailable). */
  skipped: repo.SendingCheck | null;
}

interface Claimed {
  row: ClaimedRow;
  mailbox: MailboxRow;
}

const MINUTE = 60_000;

export class MailEngine {
  readonly workerId: string;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly logger: EngineLogger;
  private readonly transports: TransportCache;
  private readonly settler: SettleBatcher;
  private readonly claimBatch: number;
  private readonly claimLeaseMs: number;
  private readonly sendLeaseMs: number;
  private readonly passBudgetMs: number;
  private wake: ((outboundId: number) => Promise<void>) | undefined;
  /** Who hears final answers (the campaign executor); see onSettled. */
  private readonly settledListeners = new Set<(reports: readonly SendReport[]) => void | Promise<void>>();

  constructor(private readonly options: MailEngineOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger ?? SILENT;
    this.workerId = options.workerId ?? `engine-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.claimBatch = options.claimBatch ?? 50;
    this.claimLeaseMs = options.claimLeaseMs ?? 5 * MINUTE;
    this.sendLeaseMs = options.sendLeaseMs ?? 10 * MINUTE;
    this.passBudgetMs = options.passBudgetMs ?? MINUTE;
    this.settler = new SettleBatcher(this.db);
    this.transports = new TransportCache({
      cipher: options.cipher,
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
      ...(options.heloName ? { heloName: options.heloName } : {}),
    });
  }

  /** How a queued message reaches a dispatcher at once (the job queue); without it, the next tick takes it. */
  onEnqueued(wake: ((outboundId: number) => Promise<void>) | undefined): void {
    this.wake = wake;
  }

  /**
   * Hears the answers of each mailbox's turn once they are written (sent, failed, unknown,
   * retry…), in the process that sent them. A hint only: the row in mail_outbound is the record,
   * and a listener must not rely on hearing every answer (another process may have sent it). A
   * listener that throws is logged; it never stops the engine.
   */
  onSettled(listener: (reports: readonly SendReport[]) => void | Promise<void>): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private announceSettled(reports: readonly SendReport[]): void {
    if (reports.length === 0) return;
    for (const listener of this.settledListeners) {
      void Promise.resolve()
        .then(() => listener(reports))
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Mail engine: a settled listener failed'));
    }
  }

  // ─── Enqueue ──────────────────────────────────────────────────────────────────────────────

  /**
   * Writes the message with its Message-ID, tracking ids and headers, or answers `suppressed`
   * when the address is on the owner account's no-send list. A repeated enqueue (same campaign
   * step or idempotency key) answers the message already written.
   */
  async enqueue(message: OutboundMessage): Promise<EnqueueResult> {
    const result = await this.write(message, 'queued');
    if (result.status === 'queued' && !result.duplicate) await this.notify(result.outboundId);
    return result;
  }

  /**
   * Sends one message now, bypassing the scheduler (a test email: the user waits for it), and
   * answers once the server has answered. A "try again later" is final here: nobody waits hours
   * for a test, so it is recorded as failed.
   */
  async sendNow(message: OutboundMessage): Promise<SendReport | { status: 'suppressed' }> {
    const written = await this.write(message, 'claimed');
    if (written.status === 'suppressed') return written;
    if (written.state !== 'claimed') {
      // A repeated request with the same key: the first one's outcome.
      const state = await repo.outboundState(this.db, written.outboundId);
      return { outboundId: written.outboundId, messageId: written.messageId, state: state?.state ?? written.state, outcome: null, skipped: null };
    }
    const [row] = await repo.claimedRows(this.db, [written.outboundId]);
    const mailbox = await repo.mailboxById(this.db, message.emailAccountId);
    if (!row || !mailbox) throw new DomainError('not_found');
    const [report] = await this.sendGroup([{ row, mailbox }]);
    if (!report) throw new Error('mail engine: the test message was not attempted');
    return report;
  }

  private async write(message: OutboundMessage, state: 'queued' | 'claimed'): Promise<EnqueueResult> {
    const mailbox = await repo.mailboxById(this.db, message.emailAccountId);
    if (!mailbox || mailbox.deleted_at !== null) throw new DomainError('not_found');
    const to = message.to.trim();
    if (await repo.isSuppressed(this.db, message.owner.accountId, to)) return { status: 'suppressed' };

    const now = this.now();
    const key = message.campaign
      ? `campaign:${message.campaign.campaignId}:${message.campaign.recipientId}:${message.campaign.step}`
      : (message.idempotencyKey ?? `single:${randomUUID()}`);
    const messageId = createMessageId({ key, domain: domainOf(mailbox.email), secret: this.options.messageIdSecret });

    const signed = (message.signature ?? message.kind !== 'warmup') && mailbox.signature_html.trim() !== '';
    let html = message.html ?? null;
    let text = message.text ?? null;
    if (signed && html !== null) html = `${html}<br><br>${mailbox.signature_html}`;
    if (signed && text !== null) text = `${text}\n\n-- \n${textOf(mailbox.signature_html)}`;
    if (html !== null && text === null) text = textOf(html);
    const composed = composeTracked({
      html,
      text,
      origin: this.trackingOrigin(mailbox),
      tracking: message.tracking ?? { opens: false, clicks: false },
      unsubscribe: message.unsubscribe ?? false,
      mailto: mailbox.email,
    });

    return this.db.transaction(async (tx) => {
      const inserted = await repo.insertOutbound(tx, {
        accountId: message.owner.accountId,
        userId: message.owner.userId,
        emailAccountId: mailbox.id,
        kind: message.kind,
        campaignId: message.campaign?.campaignId ?? null,
        recipientId: message.campaign?.recipientId ?? null,
        step: message.campaign?.step ?? null,
        idempotencyKey: message.campaign ? null : key,
        isFirstEmail: message.isFirstEmail ?? false,
        priority: message.priority ?? (message.campaign ? 0 : SINGLE_SEND_PRIORITY),
        toAddress: to,
        subject: message.subject,
        html: composed.html,
        text: composed.text,
        headers: { ...message.headers, ...composed.headers },
        attachments: message.attachments ?? [],
        messageId,
        state,
        notBefore: message.notBefore ?? now,
        claimedBy: state === 'claimed' ? this.workerId : null,
        leaseUntil: state === 'claimed' ? new Date(now.getTime() + this.claimLeaseMs) : null,
        now,
      });
      if (!inserted) {
        const existing = await repo.outboundByKey(tx, message.campaign ?? { idempotencyKey: key });
        if (!existing) throw new Error('mail_outbound: a unique key was taken but its row is not visible');
        return { status: 'queued', outboundId: existing.id, messageId: existing.message_id, state: existing.state, duplicate: true, unsubscribeUrl: null };
      }
      await repo.insertTrackingLinks(tx, inserted.id, composed.links, now);
      // A message sent now (a test) is the mailbox's last send as a claimed one would be.
      if (state === 'claimed') await repo.setLastSentAt(tx, mailbox.id, now);
      return { status: 'queued', outboundId: inserted.id, messageId, state: inserted.state, duplicate: false, unsubscribeUrl: composed.unsubscribeUrl };
    });
  }

  private trackingOrigin(mailbox: MailboxRow): string {
    if (mailbox.tracking_domain && mailbox.tracking_domain_verified_at) return `https://${mailbox.tracking_domain}`;
    return this.options.publicOrigin();
  }

  private async notify(outboundId: number): Promise<void> {
    try {
      await this.wake?.(outboundId);
    } catch (error) {
      // The row is safe in the table; the dispatcher's next tick takes it.
      this.logger.warn({ err: error, outboundId }, 'Mail engine: could not wake the dispatcher');
    }
  }

  // ─── Dispatch ─────────────────────────────────────────────────────────────────────────────

  /**
   * One pass of the dispatcher: sweeps lapsed leases, then claims and sends due messages until
   * none is due (or the pass budget is spent). Answers when it is next needed.
   */
  async dispatch(signal?: AbortSignal): Promise<{ attempted: number; nextDueAt: Date | null; more: boolean }> {
    const started = Date.now();
    await this.sweep();
    let attempted = 0;
    let more = false;
    while (!signal?.aborted) {
      if (Date.now() - started > this.passBudgetMs) {
        more = true;
        break;
      }
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      attempted += claimed.length;
      await this.sendClaimed(claimed);
    }
    return { attempted, nextDueAt: await repo.nextDueAt(this.db), more: more || Boolean(signal?.aborted) };
  }

  /** Lapsed leases: `sending` → unknown (never re-sent), `claimed` → back to the queue. */
  async sweep(): Promise<{ unknown: number; requeued: number }> {
    const swept = await repo.sweepExpiredLeases(this.db, this.now());
    if (swept.unknown > 0) this.logger.warn({ count: swept.unknown }, 'Mail engine: messages left unknown by a stopped worker');
    return swept;
  }

  /** Takes due messages the limits allow, and defers the others to the instant they will be allowed. */
  async claim(): Promise<Claimed[]> {
    const now = this.now();
    const taken = await this.db.transaction(async (tx) => {
      const due = await repo.lockDueRows(tx, now, this.claimBatch);
      if (due.length === 0) return [];
      const mailboxes = await repo.lockMailboxes(tx, [...new Set(due.map((row) => row.email_account_id))], now);
      const windows = new Map(mailboxes.map((mailbox) => [mailbox.id, sendingWindowOf(mailbox.sending_window)]));
      const dayOf = (mailboxId: number): string | null => {
        try {
          return sendingDay(now, windows.get(mailboxId)!.timeZone).date;
        } catch {
          return null;
        }
      };
      const days = mailboxes.flatMap((mailbox) => {
        const day = dayOf(mailbox.id);
        return day ? [{ mailboxId: mailbox.id, day }] : [];
      });
      const [usage, flight] = await Promise.all([
        repo.usageOn(tx, days),
        repo.inFlight(
          tx,
          mailboxes.map((mailbox) => mailbox.id),
        ),
      ]);
      const counters = new Map(
        mailboxes.map((mailbox) => {
          const used = usage.find((row) => row.email_account_id === mailbox.id);
          const held = flight.find((row) => row.email_account_id === mailbox.id);
          return [
            mailbox.id,
            {
              sentToday: (used?.sent ?? 0) + (held?.messages ?? 0),
              firstEmailsSentToday: (used?.first_emails ?? 0) + (held?.first_emails ?? 0),
              lastSentAt: mailbox.last_sent_at ? new Date(mailbox.last_sent_at) : null,
              taken: false,
            },
          ];
        }),
      );

      const allowed: number[] = [];
      const deferred: { id: number; notBefore: Date; reason: string }[] = [];
      for (const row of due) {
        const mailbox = mailboxes.find((candidate) => candidate.id === row.email_account_id);
        const counter = counters.get(row.email_account_id);
        // Another claimer is deciding for this mailbox right now: its rows wait for the next claim.
        if (!mailbox || !counter) continue;
        let decision: ReturnType<typeof decideSend>;
        try {
          const warmup = row.kind === 'warmup';
          decision = decideSend({
            limits: limitsOf(mailbox, mailboxDailyMax({ name: mailbox.plan_name, expired: mailbox.plan_expired })),
            window: windows.get(mailbox.id)!,
            // Warm-up mail keeps the gap and the window but not the campaign caps.
            usage: warmup ? { sentToday: 0, firstEmailsSentToday: 0, lastSentAt: counter.lastSentAt } : counter,
            isFirstEmail: row.is_first_email && !warmup,
            now,
          });
        } catch (error) {
          this.logger.error({ err: error, mailboxId: mailbox.id }, 'Mail engine: the mailbox limits or window cannot be read');
          deferred.push({ id: row.id, notBefore: new Date(now.getTime() + 60 * MINUTE), reason: 'the sending window of the mailbox cannot be read' });
          continue;
        }
        if (decision.allowed) {
          allowed.push(row.id);
          if (row.kind !== 'warmup') {
            counter.sentToday += 1;
            if (row.is_first_email) counter.firstEmailsSentToday += 1;
          }
          counter.lastSentAt = now;
          counter.taken = true;
        } else {
          // A window that never opens or a cap of zero: looked at again in an hour (settings change).
          deferred.push({ id: row.id, notBefore: decision.notBefore ?? new Date(now.getTime() + 60 * MINUTE), reason: `waiting: ${decision.reason}` });
        }
      }
      await repo.markClaimed(tx, allowed, this.workerId, new Date(now.getTime() + this.claimLeaseMs), now);
      await repo.deferRows(tx, deferred, now);
      for (const [mailboxId, counter] of counters) if (counter.taken) await repo.setLastSentAt(tx, mailboxId, now);
      return { ids: allowed, mailboxes };
    });
    if (!('ids' in taken) || taken.ids.length === 0) return [];
    const rows = await repo.claimedRows(this.db, taken.ids);
    return rows.map((row) => ({ row, mailbox: taken.mailboxes.find((mailbox) => mailbox.id === row.email_account_id)! }));
  }

  /** Sends claimed messages: mailboxes in parallel, each mailbox's messages one after another. */
  async sendClaimed(claimed: readonly Claimed[]): Promise<SendReport[]> {
    const byMailbox = new Map<number, Claimed[]>();
    for (const item of claimed) byMailbox.set(item.mailbox.id, [...(byMailbox.get(item.mailbox.id) ?? []), item]);
    const reports = await Promise.all([...byMailbox.values()].map((group) => this.sendGroup(group)));
    return reports.flat();
  }

  /**
   * One mailbox's claimed messages, in order, over its transport. Each is marked `sending` (and
   * committed) before its dialogue starts, and its answer is written before the next one starts:
   * the answer of one and the mark of the next travel in one statement.
   */
  private async sendGroup(group: readonly Claimed[]): Promise<SendReport[]> {
    const mailbox = group[0]!.mailbox;
    const reports: SendReport[] = [];
    const report = (row: ClaimedRow, state: OutboundState, outcome: SendOutcome | null, skipped: repo.SendingCheck | null) =>
      reports.push({ outboundId: row.id, messageId: row.message_id, state, outcome, skipped });
    const release = (from: number, notBefore: Date) =>
      repo.releaseClaimed(
        this.db,
        group.slice(from).map((item) => item.row.id),
        this.workerId,
        notBefore,
        this.now(),
      );
    try {
      const secrets = await this.options.secrets(mailbox);
      return await this.transports.serialise(mailbox, secrets, async (deliver) => {
        const markOf = (row: ClaimedRow) => {
          const at = this.now();
          return this.settler.settle(null, { id: row.id, workerId: this.workerId, leaseUntil: new Date(at.getTime() + this.sendLeaseMs), now: at });
        };
        const records: Promise<unknown>[] = [];
        let failed: { error: unknown } | null = null;
        // Attachment bytes read for this turn, by id (a campaign's messages share their files).
        const files = new Map<number, repo.AttachmentFile>();
        try {
          let marking = markOf(group[0]!.row);
          for (const [index, { row }] of group.entries()) {
            const started = this.now();
            const following = group[index + 1];
            // A holder: the closure below fills it while the body is written.
            const ahead: { marking: ReturnType<typeof markOf> | null } = { marking: null };
            // The next message is marked once this one's body has left — while this one waits for
            // its final answer and the next one's envelope goes out; its own body then waits for
            // that commit (Deliver's gate).
            const markNext = () => {
              if (following && !ahead.marking) ahead.marking = markOf(following.row);
            };
            const attached = await this.attachmentsOf(row, files);
            const delivering = deliver(
              mailOptionsOf(row, mailbox, started, attached ?? []),
              marking.then(
                ({ next }) => attached !== null && next === 'sending',
                () => false,
              ),
              markNext,
            );
            let next: repo.SendingCheck | null;
            try {
              ({ next } = await marking);
            } catch (error) {
              // The gate closed: the dialogue ends without a body before the error goes up.
              await delivering;
              throw error;
            }
            if (next !== 'sending') {
              await delivering;
              const skipped = next ?? 'lost';
              report(row, skipped === 'suppressed' || row.kind === 'test' ? 'failed' : skipped === 'lost' ? 'claimed' : 'queued', null, skipped);
              if (skipped === 'mailbox_unavailable') {
                await release(index + 1, started);
                break;
              }
              markNext();
              if (ahead.marking) marking = ahead.marking;
              continue;
            }
            if (attached === null) {
              // A file of the message is gone for good (its campaign was deleted): the message
              // never leaves without it.
              await delivering;
              const reason = 'an attachment of the message no longer exists';
              await this.settler.settle({ id: row.id, workerId: this.workerId, now: this.now(), answer: { state: 'failed', reason, smtpCode: null, enhancedCode: null, notBefore: null } }, null);
              report(row, 'failed', null, null);
              markNext();
              if (ahead.marking) marking = ahead.marking;
              continue;
            }
            const outcome = classifySmtpResult(await delivering);
            const firstAttemptAt = row.first_attempt_at ? new Date(row.first_attempt_at) : started;
            const answer = this.answerFor(row, mailbox, outcome, firstAttemptAt);
            report(row, answer.record.answer.state, outcome, null);
            const halt = this.haltsMailbox(outcome);
            if (answer.followUp || halt) {
              await this.settler.settle(answer.record, null);
              await answer.followUp?.();
            } else {
              records.push(this.settler.settle(answer.record, null));
            }
            if (halt) {
              // The rest would meet the same refusal: back to the queue, due when this one is. A
              // next message already marked never started: it goes back too.
              if (following && ahead.marking && (await ahead.marking).next === 'sending') {
                await repo.unmarkUnsent(this.db, following.row.id, this.workerId, this.now());
              }
              await release(index + 1, halt);
              break;
            }
            markNext();
            if (ahead.marking) marking = ahead.marking;
          }
        } catch (error) {
          failed = { error };
        }
        // Every answer is written (or known lost) before the mailbox's turn ends. A lost answer
        // leaves its row `sending`, which the sweep makes unknown; the pass fails and is retried.
        const written = await Promise.allSettled(records);
        if (failed) throw failed.error;
        const lost = written.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (lost) throw lost.reason;
        this.announceSettled(reports);
        return reports;
      });
    } catch (error) {
      if (!(error instanceof MailboxConnectionError)) throw error;
      // The mailbox cannot sign in as it stands: it needs its owner, its messages wait for it (a
      // test, answered at once, fails instead).
      const now = this.now();
      await repo.setMailboxFault(this.db, mailbox.id, 'reconnect', error.reason, now);
      this.logger.error({ mailboxId: mailbox.id, reason: error.reason }, 'Mail engine: the mailbox cannot connect');
      for (const { row } of group.slice(reports.length)) {
        if (row.kind === 'test') {
          await repo.failClaimed(this.db, row.id, this.workerId, `the mailbox cannot connect: ${error.reason}`, now);
          report(row, 'failed', null, 'mailbox_unavailable');
        } else {
          await repo.releaseClaimed(this.db, [row.id], this.workerId, now, now);
          report(row, 'queued', null, 'mailbox_unavailable');
        }
      }
      return reports;
    }
  }

  /**
   * The files of a message, read now (the row holds their ids): from `cache` when an earlier
   * message of the turn carried them. Null when one no longer exists.
   */
  private async attachmentsOf(row: ClaimedRow, cache: Map<number, repo.AttachmentFile>): Promise<repo.AttachmentFile[] | null> {
    const refs = row.attachments ?? [];
    if (refs.length === 0) return [];
    const missing = refs.filter((ref) => !cache.has(ref.id));
    for (const file of await repo.attachmentFiles(this.db, missing)) cache.set(file.id, file);
    const found = refs.map((ref) => cache.get(ref.id));
    return found.every((file) => file !== undefined) ? (found as repo.AttachmentFile[]) : null;
  }

  /** What the answer makes of the row, and what else it changes (the no-send list, the mailbox). */
  private answerFor(
    row: ClaimedRow,
    mailbox: MailboxRow,
    outcome: SendOutcome,
    firstAttemptAt: Date,
  ): { record: repo.AnswerRecord; followUp?: () => Promise<void> } {
    const now = this.now();
    const held = { id: row.id, workerId: this.workerId, now };
    switch (outcome.status) {
      case 'sent':
        return { record: { ...held, answer: { state: 'sent', providerMessageId: outcome.providerMessageId, day: this.dayOf(mailbox, now) } } };
      case 'unknown':
        return {
          record: { ...held, answer: { state: 'unknown', reason: outcome.reason, smtpCode: outcome.code, enhancedCode: outcome.enhanced, day: this.dayOf(mailbox, now) } },
        };
      case 'retry': {
        const retryAt = row.kind === 'test' ? null : nextRetryAt(firstAttemptAt, row.attempts, now);
        const reason = retryAt || row.kind === 'test' ? outcome.reason : `gave up after 72 h: ${outcome.reason}`;
        return {
          record: {
            ...held,
            answer: { state: retryAt ? 'retry' : 'failed', reason, smtpCode: outcome.code, enhancedCode: outcome.enhanced, notBefore: retryAt },
          },
        };
      }
      case 'failed': {
        const detail = { reason: outcome.reason, smtpCode: outcome.code, enhancedCode: outcome.enhanced };
        if (outcome.scope === 'mailbox') {
          // The sending account was refused (login, sender address, TLS): the mailbox is shown as
          // needing its owner, and the message waits for it instead of failing with every other.
          const reconnect = outcome.step === 'AUTH';
          return {
            record: { ...held, answer: { state: row.kind === 'test' ? 'failed' : 'queued', ...detail, notBefore: now } },
            followUp: async () => {
              await repo.setMailboxFault(this.db, mailbox.id, reconnect ? 'reconnect' : 'error', reconnect ? 'smtp_auth' : 'smtp_refused', now);
              this.transports.forget(mailbox.id);
            },
          };
        }
        return {
          record: { ...held, answer: { state: 'failed', ...detail, notBefore: null } },
          ...(outcome.suppress
            ? {
                followUp: () =>
                  repo.addSuppression(this.db, { accountId: row.account_id, email: row.to_address, reason: 'hard_bounce', outboundId: row.id, now }),
              }
            : {}),
        };
      }
    }
  }

  private dayOf(mailbox: MailboxRow, now: Date): string {
    try {
      return sendingDay(now, sendingWindowOf(mailbox.sending_window).timeZone).date;
    } catch {
      return sendingDay(now, 'UTC').date;
    }
  }

  /**
   * Whether an answer stops the rest of the mailbox's claimed messages, and until when: a refusal
   * of the mailbox itself, or a "try later" at the connection or the login.
   */
  private haltsMailbox(outcome: SendOutcome): Date | null {
    const now = this.now();
    if (outcome.status === 'failed' && outcome.scope === 'mailbox') return now;
    if (outcome.status === 'retry' && outcome.scope === 'mailbox') return new Date(now.getTime() + retryDelay(0));
    return null;
  }

  /** Closes the mailbox's connection (its settings changed, it was paused or deleted). */
  forgetMailbox(mailboxId: number): void {
    this.transports.forget(mailboxId);
  }

  /** Waits for the sends in flight and closes every connection. */
  close(): Promise<void> {
    return this.transports.close();
  }
}

