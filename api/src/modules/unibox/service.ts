/**
 * The rules of the unibox: whose mail a call may read (the caller's, or a member's for a lead or
 * view-all member), how synced messages fall into threads, and what the account list shows.
 * Threads are assigned here, when mail is read, rather than in the sync: the sync's storage path
 * stays as it is, and messages stored before the unibox existed are threaded the same way.
 */
import {
  DEFAULT_UNIBOX_ACCOUNT_STATUS,
  EMAIL_TEMPLATE_VARIABLES,
  addressedNames,
  INTEREST_LEVELS,
  UNIBOX_SEND_MAX_RECIPIENTS,
  UNIBOX_THREAD_COUNT_CAP,
  mailboxDailyMax,
  uniboxDisplayStatus,
  type FirstParsingPeriod,
  type Locale,
  type ProspectInfo,
  type InterestLevel,
  type MoodPoint,
  type UniboxAccountStatus,
  type UniboxEmailAccount,
  type UniboxLinkedinAccount,
  type UniboxMessageItem,
  type UniboxSendEmailResponse,
  type UniboxThreadGroupsResponse,
  type UniboxThreadRow,
  type UniboxTrialStatus,
} from '@leadforge/contracts';
import type { Db, DbOrTx } from '../../db/types';
import { normaliseMessageId, normaliseSubject } from '../../engines/mail/inbound/normalise';
import type { InboundMailEvent } from '../../engines/mail/inbound/sync/types';
import { sendingDay } from '../../engines/mail/outbound/limits';
import { sendingWindowOf } from '../../engines/mail/outbound/mailbox';
import { SINGLE_SEND_PRIORITY, type EnqueueResult, type OutboundMessage } from '../../engines/mail/outbound/outbox';
import type { LinkedinOutcomeEvent } from '../../engines/social/runner';
import { DomainError } from '../../http/domain-error';
import type { JobQueue } from '../../jobs/queue';
import type { PushSink } from '../../platform';
import type { Caller } from '../account/caller';
import { escapeHtml, fillPlaceholders, prospectVariables, sanitizeMailHtml, sanitizeSubject, unknownPlaceholders } from '../mail-engine/template';
import { ImapUnavailableError, type UniboxImap } from './imap';
import { quoteOriginal, replySubject, sentMime, type SentMimeSource } from './compose';
import * as repo from './repository';
import * as linkedinRepo from './linkedin-repository';

/** The durable job that APPENDs a sent unibox message to its mailbox's Sent folder. */
export const SENT_COPY_JOB = 'unibox.sent-copy';
/** The job waits for the engine's final answer this long at first (a reply usually leaves in seconds). */
const SENT_COPY_FIRST_WAIT_SECONDS = 5;

/** The durable job that writes read, star and trash marks back to a mailbox's IMAP server. */
export const MIRROR_JOB = 'unibox.mirror-marks';
/**
 * One mirror job per mailbox per slot of this many seconds: the job's idempotency key stays taken
 * after it ran (queue.ts), so the key names the slot, and the job starts once its slot is over, so
 * every mark that asked for it is committed before it reads the pending rows.
 */
const MIRROR_SLOT_SECONDS = 5;
/** Marks written per round trip within one IMAP session. */
const MIRROR_BATCH = 200;

/** The mailbox cannot be mirrored now (in error, reconnect): the job retries with back-off. */
export class MirrorLaterError extends Error {}

/** Messages threaded per transaction: a first visit after a 180-day sync catches up in slices. */
const THREAD_BATCH = 500;
const SNIPPET_LIMIT = 500;

const iso = (value: Date | string) => new Date(value).toISOString();

export interface Targets {
  threadIds: number[];
  messageIds: number[];
}

/** What the account list shows for a mailbox (document 1 §4 statuses). */
export function uniboxStatusOf(
  row: Pick<repo.MailboxRow, 'unibox' | 'sync_paused' | 'status' | 'imap_host' | 'synced'>,
): UniboxAccountStatus {
  if (!row.unibox) return DEFAULT_UNIBOX_ACCOUNT_STATUS;
  if (row.sync_paused || row.status === 'paused') return 'paused';
  if (row.status === 'error' || row.status === 'reconnect') return 'error';
  // Without IMAP nothing can be read: the mailbox waits, as a new one does.
  if (!row.imap_host) return DEFAULT_UNIBOX_ACCOUNT_STATUS;
  return row.synced ? 'active' : 'initiation';
}

function asFirstParsingPeriod(days: number): FirstParsingPeriod {
  return days === 3 || days === 90 || days === 180 ? days : 30;
}

export interface UniboxDeps {
  db: Db;
  /** Where `unibox.unread` and `unibox.delivery` go; absent in a process that pushes nothing. */
  push?: Pick<PushSink, 'emitToUser'> | undefined;
  /** The sending engine (mail-engine area), read at send time. */
  mail?: (() => { enqueue(message: OutboundMessage): Promise<EnqueueResult> } | undefined) | undefined;
  imap?: UniboxImap | undefined;
  /** The engine's row and mailbox, rebuilt as MIME for the Sent copy. */
  sentMimeSource?: SentMimeSource | undefined;
  /** A prospect as the caller may see it (prospects area), for the variables of an answer; null when they may not. */
  prospectInfo?: ((caller: Caller, prospectId: number) => Promise<ProspectInfo | null>) | undefined;
  now?: () => Date;
  /** Where the thread list stops counting (threadTotal); UNIBOX_THREAD_COUNT_CAP unless a test lowers it. */
  threadCountCap?: number | undefined;
}

export interface SendBody {
  forUserId?: number | undefined;
  threadId: number;
  messageId?: number | undefined;
  mode: 'reply' | 'replyAll' | 'forward';
  to: string[];
  cc: string[];
  subject?: string | undefined;
  html: string;
  idempotencyKey: string;
}

export interface AttachmentFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/** Image types a browser may show from the attachment call; everything else downloads as bytes. */
const SAFE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** The last path segment, without control characters: `../../etc/passwd` → `passwd`. */
export function safeFileName(name: string | null): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
  const cleaned = base.replace(/^\.+/, '');
  return cleaned.slice(0, 200) || 'attachment';
}

const DELIVERY: Record<string, UniboxMessageItem['delivery']> = {
  queued: 'queued',
  claimed: 'queued',
  retry: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  unknown: 'unknown',
};

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export class UniboxService {
  private queue: JobQueue | undefined;

  constructor(private readonly deps: UniboxDeps) {}

  useQueue(queue: JobQueue | undefined): void {
    this.queue = queue;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * The mailboxes' owner for this call. A teammate's id needs a lead or view-all member
   * (forbidden otherwise); an id outside the caller's team is not_found, as any other tenant's
   * record is.
   */
  async ownerFor(caller: Caller, forUserId: number | undefined): Promise<repo.Owner> {
    if (forUserId === undefined || forUserId === caller.userId) return { userId: caller.userId, accountId: caller.accountId };
    if (!caller.teamUserIds.includes(forUserId)) throw new DomainError('not_found');
    if (caller.mode !== 'viewAll') throw new DomainError('forbidden');
    const accountId = await repo.accountOfUser(this.deps.db, forUserId);
    if (accountId === null) throw new DomainError('not_found');
    return { userId: forUserId, accountId };
  }

  /** Places the owner's newly synced messages in threads: reply chain first, then sender + subject. */
  async threadNewMail(owner: repo.Owner): Promise<void> {
    // Most reads find nothing new: they skip the lock on the owner's mailbox rows.
    if ((await repo.unthreaded(this.deps.db, owner, 1)).length === 0) return;
    for (;;) {
      const placed = await this.deps.db.transaction(async (tx) => {
        await repo.lockOwnerMailboxes(tx, owner);
        const rows = await repo.unthreaded(tx, owner, THREAD_BATCH);
        for (const row of rows) {
          const own = normaliseMessageId(row.message_id) ?? row.message_id;
          const named = [row.in_reply_to, ...(Array.isArray(row.references) ? (row.references as unknown[]) : [])]
            .map((value) => (typeof value === 'string' ? normaliseMessageId(value) : null))
            .filter((value): value is string => value !== null);
          const refs = [...new Set([own, ...named])];
          const counterpart = row.from_address.toLowerCase();
          const subjectKey = normaliseSubject(row.subject);
          const receivedAt = new Date(row.received_at);
          const threadId =
            (await repo.threadByRefs(tx, owner, row.email_account_id, refs)) ??
            // A message without matching threading headers joins the sender's conversation of the same subject; an empty subject groups nothing.
            (subjectKey
              ? await repo.threadBySubject(tx, owner, { emailAccountId: row.email_account_id, counterpart, subjectKey })
              : null) ??
            (await repo.insertThread(tx, owner, {
              emailAccountId: row.email_account_id,
              counterpart,
              subjectKey,
              lastMessageAt: receivedAt,
            }));
          await repo.placeMessage(tx, owner, {
            inboundId: Number(row.id),
            emailAccountId: row.email_account_id,
            threadId,
            refs,
            receivedAt,
            // The user's own copy in Sent is no unread mail, nor what they read in another client.
            isRead: row.is_own || row.seen_on_server,
          });
        }
        return rows.length;
      });
      if (placed < THREAD_BATCH) return;
    }
  }

  async accounts(
    caller: Caller,
    forUserId: number | undefined,
  ): Promise<{ items: UniboxEmailAccount[]; linkedinAccounts: UniboxLinkedinAccount[] }> {
    const owner = await this.ownerFor(caller, forUserId);
    await this.threadNewMail(owner);
    const [rows, unread] = [await repo.mailboxes(this.deps.db, owner), await repo.unreadByMailbox(this.deps.db, owner)];
    const unreadOf = new Map(unread.map((row) => [Number(row.email_account_id), row.unread]));
    const linkedinUnread = new Map(
      (await linkedinRepo.unreadByLinkedinAccount(this.deps.db, owner)).map((row) => [Number(row.linkedin_account_id), row.unread]),
    );
    return {
      items: rows.map((row) => this.accountOf(row, unreadOf.get(Number(row.id)) ?? 0)),
      linkedinAccounts: (await linkedinRepo.linkedinAccountsOf(this.deps.db, owner)).map((row) => ({
        id: Number(row.id),
        channel: 'linkedin' as const,
        // The name the user gave it in Leadforge, as the LinkedIn accounts page and the campaigns show it.
        name: (row.name || row.profile_name || 'LinkedIn').slice(0, 320),
        sandbox: row.provider === 'sandbox',
        displayStatus: linkedinDisplayStatus(row.state),
        unreadCount: linkedinUnread.get(Number(row.id)) ?? 0,
      })),
    };
  }

  private accountOf(row: repo.MailboxRow, unreadCount: number): UniboxEmailAccount {
    const status = uniboxStatusOf(row);
    return {
      id: Number(row.id),
      channel: 'email',
      name: row.email,
      unibox: row.unibox,
      uniboxStatus: status,
      displayStatus: uniboxDisplayStatus(status),
      errorReason: status === 'error' ? row.status_reason : null,
      firstParsingPeriod: asFirstParsingPeriod(row.first_sync_days),
      leadsParsingOnly: row.leads_parsing_only,
      unreadCount,
    };
  }

  async updateAccount(
    caller: Caller,
    id: number,
    changes: {
      forUserId?: number | undefined;
      unibox?: boolean | undefined;
      firstParsingPeriod?: FirstParsingPeriod | undefined;
      leadsParsingOnly?: boolean | undefined;
      syncPaused?: boolean | undefined;
    },
  ): Promise<UniboxEmailAccount> {
    const owner = await this.ownerFor(caller, changes.forUserId);
    const [before] = await repo.mailboxes(this.deps.db, owner, id);
    if (!before) throw new DomainError('not_found');
    await repo.updateMailboxSettings(this.deps.db, owner, id, {
      unibox: changes.unibox,
      syncPaused: changes.syncPaused,
      leadsParsingOnly: changes.leadsParsingOnly,
      firstSyncDays: changes.firstParsingPeriod,
    });
    const [after] = await repo.mailboxes(this.deps.db, owner, id);
    const resumed = before.sync_paused && !after!.sync_paused;
    if (resumed) {
      // What arrived while paused is threaded now, and the marks made meanwhile reach the server.
      await this.threadNewMail(owner);
      await this.scheduleMirror([id]);
    }
    const unread = await repo.unreadByMailbox(this.deps.db, owner);
    if (resumed) await this.pushUnread(owner, unread.reduce((sum, row) => sum + row.unread, 0));
    return this.accountOf(after!, unread.find((row) => Number(row.email_account_id) === id)?.unread ?? 0);
  }

  async directories(caller: Caller, forUserId: number | undefined) {
    const owner = await this.ownerFor(caller, forUserId);
    await this.threadNewMail(owner);
    return (await repo.directories(this.deps.db, owner)).map((row) => ({
      emailAccountId: Number(row.email_account_id),
      name: row.folder,
      total: row.total,
      unread: row.unread,
    }));
  }

  async threads(
    caller: Caller,
    query: repo.ThreadFilters & { forUserId?: number | undefined; page: number; pageSize: number },
  ): Promise<UniboxThreadGroupsResponse> {
    const owner = await this.ownerFor(caller, query.forUserId);
    await this.threadNewMail(owner);
    const offset = (query.page - 1) * query.pageSize;
    return repo.readThreadList(this.deps.db, async (tx) => {
      const strategy = await repo.textStrategy(tx, owner, query);
      const page = { limit: query.pageSize, offset };
      const rows = await repo.threadPage(tx, owner, query, page, strategy, this.threadCountCap() + 1);
      const shown = { offset, pageSize: query.pageSize, rows: rows.length, counted: rows[0]?.counted ?? null };
      return {
        items: rows.map(threadRowOf),
        ...(await this.threadTotal(tx, owner, query, strategy, shown)),
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  private threadCountCap(): number {
    return this.deps.threadCountCap ?? UNIBOX_THREAD_COUNT_CAP;
  }

  /**
   * The thread list's total, by one rule for every filter, none included: exact where that costs
   * no more than the page did, else counted only up to the cap. A page that is not full shows
   * where the list ends: what came before it and its rows are the total, with no count (the last
   * page, a short list, most rare words); an empty page past the end is counted, up to its
   * offset, which the page has just read through. Behind a full page the matches are counted up
   * to one past the cap: that many or fewer is exact; more answers the cap (or the rows up to
   * this page, when the caller paged past it, so the total never falls below what the screen
   * shows) with `totalCapped`. The unfiltered list is capped too: counting all the conversations
   * of a large mailbox costs as much as counting a common word's (22,000 in the bench), and one
   * rule keeps the screen's "N+" meaning the same everywhere.
   */
  private async threadTotal(
    tx: DbOrTx,
    owner: repo.Owner,
    filters: repo.ThreadFilters,
    strategy: repo.TextStrategy,
    page: { offset: number; pageSize: number; rows: number; counted: number | null },
  ): Promise<{ total: number; totalCapped?: true }> {
    if (page.rows === 0 && page.offset > 0)
      return { total: await repo.countThreads(tx, owner, filters, page.offset, strategy) };
    if (page.rows < page.pageSize) return { total: page.offset + page.rows };
    const cap = this.threadCountCap();
    const counted = page.counted ?? (await repo.countThreads(tx, owner, filters, cap + 1, strategy));
    return counted <= cap ? { total: counted } : { total: Math.max(cap, page.offset + page.rows), totalCapped: true };
  }

  /**
   * Marks the thread's counterpart interested, maybe or not interested (null clears it): every
   * campaign recipient of the owner's account with that address, not only the latest, so the
   * campaigns agree on one person, and their prospects' mood as set by hand.
   */
  async leadInterest(
    caller: Caller,
    body: { forUserId?: number | undefined; threadId: number; interest: InterestLevel | null },
  ): Promise<UniboxThreadRow> {
    const owner = await this.ownerFor(caller, body.forUserId);
    const counterpart = await repo.threadCounterpart(this.deps.db, owner, body.threadId);
    // A LinkedIn conversation's lead is the campaign recipient its messages name.
    const linkedin = counterpart === null ? await linkedinRepo.ownedLinkedinThread(this.deps.db, owner, body.threadId) : null;
    if (counterpart === null && linkedin === null) throw new DomainError('not_found');
    const moodPoint = body.interest === null ? 0 : MOOD_POINT_OF_INTEREST[body.interest];
    await this.deps.db.transaction((tx) =>
      repo.setLeadInterest(tx, owner, counterpart ?? { linkedinThreadId: body.threadId }, {
        interestLevel: body.interest,
        moodPoint,
        moodType: moodPoint === 0 ? 'notSet' : 'manual',
      }),
    );
    const row = await this.threadRow(owner, body.threadId);
    if (!row) throw new DomainError('not_found');
    return row;
  }

  /** One thread's list row, from its messages out of the trash or, when all are deleted, in it. */
  private async threadRow(owner: repo.Owner, threadId: number): Promise<UniboxThreadRow | null> {
    for (const trash of [false, true]) {
      const [row] = await repo.threadPage(this.deps.db, owner, { threadIds: [threadId], trash }, { limit: 1, offset: 0 });
      if (row) return threadRowOf(row);
    }
    return null;
  }

  async messages(caller: Caller, threadId: number, forUserId: number | undefined): Promise<UniboxMessageItem[]> {
    const owner = await this.ownerFor(caller, forUserId);
    if (!(await repo.ownsThread(this.deps.db, owner, threadId))) {
      const thread = await linkedinRepo.ownedLinkedinThread(this.deps.db, owner, threadId);
      if (!thread) throw new DomainError('not_found');
      const stored = (await linkedinRepo.linkedinThreadMessages(this.deps.db, owner, threadId)).map((row) => linkedinMessageItem(threadId, row));
      // Answers the runner has not sent yet show under the conversation with their state, as mail does.
      const pending = (await linkedinRepo.pendingLinkedinAnswers(this.deps.db, owner, thread)).map((row) => pendingLinkedinItem(threadId, thread, row));
      if (pending.length === 0) return stored;
      return [...stored, ...pending].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
    }
    const rows = await repo.threadMessages(this.deps.db, owner, threadId);
    const synced: UniboxMessageItem[] = rows.map((row) => ({
      id: Number(row.id),
      threadId: Number(row.thread_id),
      channel: 'email' as const,
      emailAccountId: Number(row.email_account_id),
      linkedinAccountId: null,
      folder: row.folder,
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      from: { name: row.from_name, address: row.from_address },
      to: Array.isArray(row.to_addresses) ? row.to_addresses.filter((value): value is string => typeof value === 'string') : [],
      subject: row.subject,
      receivedAt: iso(row.received_at),
      kind: row.class,
      html: row.html,
      text: row.text,
      attachments: (Array.isArray(row.attachments) ? (row.attachments as Record<string, unknown>[]) : []).map((item) => ({
        filename: typeof item.filename === 'string' ? item.filename : null,
        contentType: typeof item.contentType === 'string' ? item.contentType : 'application/octet-stream',
        size: typeof item.size === 'number' ? item.size : 0,
        disposition: item.disposition === 'inline' ? ('inline' as const) : ('attachment' as const),
        contentId: typeof item.contentId === 'string' && item.contentId ? item.contentId.replace(/^<|>$/g, '').slice(0, 998) : null,
      })),
      isRead: row.is_read,
      isStarred: row.is_starred,
      isDeleted: row.deleted_at !== null,
      direction: row.is_own ? ('outgoing' as const) : ('incoming' as const),
      delivery: null,
    }));
    const sent = (await repo.pendingOutgoing(this.deps.db, owner, threadId)).map((row) => this.outgoingItem(row));
    if (sent.length === 0) return synced;
    return [...synced, ...sent].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id - b.id);
  }

  /**
   * What each `{{variable}}` of an answer says: the thread's prospect as the caller may see it
   * (custom fields included), else the answered message's sender's name and address; the other
   * built-in variables are then empty, as for a prospect without them.
   */
  private async variablesFor(
    caller: Caller,
    owner: repo.Owner,
    threadId: number,
    original: Pick<repo.AnsweredRow, 'from_name' | 'from_address'>,
    own: string,
  ): Promise<Map<string, string>> {
    const prospectId = (await this.threadRow(owner, threadId))?.prospectId ?? null;
    const prospect = prospectId === null ? null : await this.deps.prospectInfo?.(caller, prospectId).catch(() => null);
    if (prospect) return prospectVariables(prospect);
    const values = new Map<string, string>(EMAIL_TEMPLATE_VARIABLES.map((name) => [name.toLowerCase(), '']));
    if (original.from_address.toLowerCase() === own) return values;
    const { first, last } = addressedNames(original.from_name, null, null);
    values.set('firstname', first);
    values.set('lastname', last);
    values.set('fullname', (original.from_name ?? '').trim() || `${first} ${last}`.trim());
    values.set('email', original.from_address);
    return values;
  }

  /** A message sent from the unibox as its thread shows it until the synced copy arrives. */
  /**
   * The mail engine answered some messages: those sent from the unibox tell their sender's open
   * conversation the new state (`unibox.delivery`), so "Queued" turns "Sent" without a reload.
   */
  async onSettled(outboundIds: readonly number[]): Promise<void> {
    const push = this.deps.push;
    if (!push) return;
    for (const row of await repo.outgoingSettled(this.deps.db, outboundIds)) {
      push.emitToUser(Number(row.user_id), {
        type: 'unibox.delivery',
        payload: { threadId: Number(row.thread_id), messageId: Number(row.id), delivery: DELIVERY[row.state] ?? 'unknown' },
      });
    }
  }

  private outgoingItem(row: repo.OutgoingRow): UniboxMessageItem {
    const html = row.html;
    return {
      id: Number(row.id),
      threadId: Number(row.thread_id),
      channel: 'email',
      emailAccountId: Number(row.email_account_id),
      linkedinAccountId: null,
      folder: '',
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      from: { name: row.sender_name || null, address: row.mailbox_email },
      to: [...stringsOf(row.to_addresses), ...stringsOf(row.cc_addresses)],
      subject: row.subject,
      receivedAt: iso(row.sent_at ?? row.created_at),
      kind: 'other',
      html,
      text: row.text,
      attachments: [],
      isRead: true,
      isStarred: false,
      isDeleted: false,
      direction: 'outgoing',
      delivery: DELIVERY[row.state] ?? 'unknown',
    };
  }

  // ------------------------------------------------------------------ send-email

  /**
   * Replies to, replies to all on, or forwards a message of an owned thread through the sending
   * engine, from the mailbox that received the thread. Every refusal is decided before anything
   * is written; a repeated idempotency key answers the message the first call queued.
   */
  /** `locale`: the sender's language, for the quoted original's introduction. */
  async send(caller: Caller, body: SendBody, locale: Locale = 'en'): Promise<UniboxSendEmailResponse> {
    const owner = await this.ownerFor(caller, body.forUserId);
    await this.threadNewMail(owner);
    const mailbox = await repo.threadMailbox(this.deps.db, owner, body.threadId);
    if (!mailbox) {
      // A LinkedIn conversation is answered through its account (li-touch/inline-message), never by mail.
      if (await linkedinRepo.ownedLinkedinThread(this.deps.db, owner, body.threadId)) throw new DomainError('field_invalid', { field: 'threadId' });
      throw new DomainError('not_found');
    }
    const original = await repo.answeredMessage(this.deps.db, owner, body.threadId, body.messageId);
    if (!original) throw new DomainError('not_found');
    const engine = this.deps.mail?.();
    if (!engine) throw new Error('unibox: the sending engine is not built');

    // Scoped to the owner: another tenant's key never answers this one's message.
    const key = `unibox:${owner.accountId}:${owner.userId}:${body.idempotencyKey}`;
    const repeated = await repo.outgoingByKey(this.deps.db, owner, key);
    if (repeated) return { status: 'queued', item: this.outgoingItem(repeated) };

    const own = mailbox.email.toLowerCase();
    const { to, cc } = recipientsOf(body, original, own);
    if (to.length === 0) throw new DomainError('field_invalid', { field: 'to' });
    const failed = (fields: Partial<Extract<UniboxSendEmailResponse, { status: 'failed' }>>): UniboxSendEmailResponse => ({
      status: 'failed',
      isMailProviderError: false,
      isRecipientsExceeded: false,
      message: null,
      errors: [],
      ...fields,
    });
    if (to.length + cc.length > UNIBOX_SEND_MAX_RECIPIENTS)
      return failed({ isRecipientsExceeded: true, errors: [{ key: 'field_too_long', field: 'to' }] });
    const fault = mailboxFault(mailbox);
    if (fault) return failed({ isMailProviderError: true, message: fault.message, errors: [{ key: fault.key }] });
    const suppressed = await repo.suppressedAmong(this.deps.db, owner.accountId, [...to, ...cc]);
    if (suppressed.length > 0)
      return failed({ message: suppressed.join(', '), errors: [{ key: 'mail_recipient_suppressed', field: 'to' }] });
    const cap = Math.min(mailbox.daily_limit, mailboxDailyMax({ name: caller.plan.name, expired: caller.plan.expired }));
    if ((await repo.sentToday(this.deps.db, mailbox.id, this.sendingDayOf(mailbox))) >= cap)
      return failed({ isRecipientsExceeded: true, message: `the daily limit of ${mailbox.email} (${cap}) is spent` });
    // {{variables}} as in campaign emails: from the counterpart's prospect, else from the answered sender.
    const values = await this.variablesFor(caller, owner, body.threadId, original, own);
    const unknown = unknownPlaceholders(`${body.subject ?? ''} ${body.html}`, [...values.keys()]);
    if (unknown.length > 0)
      return failed({ message: unknown.map((name) => `{{${name}}}`).join(', '), errors: unknown.map((name) => ({ key: 'variable_not_exist', field: name.slice(0, 200) })) });

    const answered = normaliseMessageId(original.message_id) ?? original.message_id;
    const references = [...new Set([...stringsOf(original.references).map((id) => normaliseMessageId(id) ?? id), answered])];
    const subject = body.subject === undefined ? replySubject(body.mode, original.subject) : sanitizeSubject(fillPlaceholders(body.subject, values));
    // The new text is the user's HTML, sanitised; the quoted original was sanitised when it was synced and is again here.
    const html = sanitizeMailHtml(`${fillPlaceholders(body.html, values, escapeHtml)}${quoteOriginal(body.mode, original, locale)}`);
    const headers: Record<string, string> = {
      'In-Reply-To': `<${answered}>`,
      References: references.map((id) => `<${id}>`).join(' '),
      ...(cc.length > 0 ? { Cc: cc.join(', ') } : {}),
    };
    // Forward: the original's files are not attached. The engine attaches only stored uploads by
    // reference (campaign attachments) and the sync keeps no bytes of synced parts, so the forward
    // carries the quoted body and names the files in it (quoteOriginal).
    const queued = await engine.enqueue({
      kind: 'single',
      owner,
      emailAccountId: mailbox.id,
      // An address list (RFC 5322 §3.4): nodemailer sends to each; Cc rides in the headers.
      to: to.join(', '),
      subject,
      html,
      idempotencyKey: key,
      priority: SINGLE_SEND_PRIORITY,
      headers,
    });
    // The no-send list changed between the check and the write: nothing was written.
    if (queued.status === 'suppressed') return failed({ errors: [{ key: 'mail_recipient_suppressed', field: 'to' }] });
    const messageId = normaliseMessageId(queued.messageId) ?? queued.messageId;
    const copies = mailbox.provider === 'smtp' && mailbox.imap_host !== null;
    await repo.insertOutgoing(this.deps.db, owner, {
      outboundId: queued.outboundId,
      threadId: body.threadId,
      emailAccountId: mailbox.id,
      mode: body.mode,
      messageId,
      inReplyTo: answered,
      to,
      cc,
      sentCopy: copies ? 'pending' : 'none',
    });
    const row = await repo.outgoingByOutbound(this.deps.db, owner, queued.outboundId);
    if (!row) throw new Error('unibox: the sent message is not visible');
    if (copies) await this.scheduleSentCopy(Number(row.id));
    return { status: 'queued', item: this.outgoingItem(row) };
  }

  private sendingDayOf(mailbox: repo.SendingMailboxRow): string {
    try {
      return sendingDay(this.now(), sendingWindowOf(mailbox.sending_window).timeZone).date;
    } catch {
      return sendingDay(this.now(), 'UTC').date;
    }
  }

  // ------------------------------------------------------------------ the Sent copy

  private async scheduleSentCopy(outgoingId: number): Promise<void> {
    // Without a queue (a test app without jobs) the copy waits, pending, for `copyToSent`.
    await this.queue?.enqueue(
      SENT_COPY_JOB,
      { outgoingId },
      { idempotencyKey: `sent-copy:${outgoingId}`, startAfterSeconds: SENT_COPY_FIRST_WAIT_SECONDS },
    );
  }

  /**
   * APPENDs a sent unibox message to its mailbox's Sent folder once the engine has sent it.
   * Answers `wait` while the engine has not answered (the job retries later), `done`, or
   * `skipped` (never sent, or no copy needed). An APPEND that fails throws: the job retries it.
   */
  async copyToSent(outgoingId: number): Promise<'wait' | 'done' | 'skipped'> {
    const row = await repo.sentCopyRow(this.deps.db, outgoingId);
    if (!row || row.sent_copy !== 'pending') return 'skipped';
    if (row.state === 'failed' || row.state === 'unknown') {
      await repo.setSentCopy(this.deps.db, outgoingId, { state: 'skipped', error: `the message is ${row.state}`, attempted: false });
      return 'skipped';
    }
    if (row.state !== 'sent') return 'wait';
    if (!this.deps.imap || !this.deps.sentMimeSource) throw new Error('unibox: IMAP is not configured in this process');
    const raw = await sentMime(this.deps.sentMimeSource, Number(row.outbound_id));
    try {
      await this.deps.imap.appendSent(Number(row.email_account_id), raw);
    } catch (error) {
      await repo.setSentCopy(this.deps.db, outgoingId, {
        state: 'pending',
        error: error instanceof Error ? error.message.slice(0, 500) : 'append failed',
        attempted: true,
      });
      throw error;
    }
    await repo.setSentCopy(this.deps.db, outgoingId, { state: 'done', error: null, attempted: true });
    return 'done';
  }

  // ------------------------------------------------------------------ the IMAP mirror of marks

  private async scheduleMirror(emailAccountIds: readonly number[]): Promise<void> {
    // Without a queue (a test app without jobs) the marks stay pending for `mirrorMarks`.
    if (!this.queue) return;
    const slotMs = MIRROR_SLOT_SECONDS * 1000;
    const now = Date.now();
    const slot = Math.floor(now / slotMs);
    const startAfterSeconds = Math.ceil(((slot + 1) * slotMs - now) / 1000) + 1;
    for (const emailAccountId of emailAccountIds)
      await this.queue.enqueue(MIRROR_JOB, { emailAccountId }, { idempotencyKey: `mirror:${emailAccountId}:${slot}`, startAfterSeconds });
  }

  /**
   * Writes the mailbox's pending read, star and trash marks to its IMAP server in one session,
   * batch by batch, so the user's own mail client agrees with the unibox. Answers `done`,
   * `paused` (the unibox sync is paused: resuming schedules it again) or `skipped` (no such
   * mailbox). A mailbox in error throws MirrorLaterError, and a failed session throws: the marks
   * stay pending and the job retries with back-off.
   */
  async mirrorMarks(emailAccountId: number): Promise<'done' | 'paused' | 'skipped'> {
    const mailbox = await repo.mirrorMailbox(this.deps.db, emailAccountId);
    if (!mailbox || mailbox.deleted_at !== null) return 'skipped';
    if (mailbox.sync_paused) return 'paused';
    if (!mailbox.imap_host) {
      // A sandbox mailbox (or an OAuth sandbox) has no server to agree with.
      await repo.clearAllMirrored(this.deps.db, emailAccountId);
      return 'done';
    }
    if (mailbox.status === 'error' || mailbox.status === 'reconnect')
      throw new MirrorLaterError(`mailbox ${emailAccountId} is in ${mailbox.status}: its marks wait until it recovers`);
    if (!this.deps.imap) throw new Error('unibox: IMAP is not configured in this process');
    await this.deps.imap.mirrorSession(emailAccountId, async (apply) => {
      // By id from where the last batch ended: a mark changed again meanwhile stays pending, for the job its change scheduled.
      let after = 0;
      for (;;) {
        const rows = await repo.pendingMarks(this.deps.db, emailAccountId, after, MIRROR_BATCH);
        if (rows.length === 0) return;
        await apply(
          rows.map((row) => ({
            folder: row.folder,
            uid: Number(row.uid),
            messageId: row.message_id,
            isRead: row.is_read,
            isStarred: row.is_starred,
            deleted: row.deleted,
          })),
        );
        await repo.clearMirrored(this.deps.db, emailAccountId, rows);
        after = Number(rows.at(-1)!.inbound_id);
        if (rows.length < MIRROR_BATCH) return;
      }
    });
    return 'done';
  }

  // ------------------------------------------------------------------ attachments and trial

  /** One attachment of a synced message the caller may read, re-fetched from the IMAP server. */
  async attachment(caller: Caller, messageId: number, index: number, forUserId: number | undefined): Promise<AttachmentFile> {
    const owner = await this.ownerFor(caller, forUserId);
    const message = await repo.ownedMessage(this.deps.db, owner, messageId);
    if (!message) throw new DomainError('not_found');
    const meta = (Array.isArray(message.attachments) ? (message.attachments as Record<string, unknown>[]) : [])[index];
    if (!meta || !this.deps.imap) throw new DomainError('not_found');
    let part;
    try {
      part = await this.deps.imap.fetchAttachment(Number(message.email_account_id), {
        folder: message.folder,
        uid: Number(message.uid),
        messageId: message.message_id,
        index,
      });
    } catch (error) {
      // No IMAP server (a sandbox mailbox) or none reachable: the bytes are not available here.
      if (error instanceof ImapUnavailableError) throw new DomainError('not_found');
      // The server refused the sign-in, timed out or dropped the line: the mailbox's server is
      // what is missing, and a retry may find it (never a 500 for someone else's outage).
      throw new DomainError('service_unavailable');
    }
    if (!part) throw new DomainError('not_found');
    const type = (typeof meta.contentType === 'string' ? meta.contentType : part.contentType).toLowerCase();
    return {
      bytes: part.bytes,
      fileName: safeFileName(typeof meta.filename === 'string' ? meta.filename : part.filename),
      contentType: SAFE_IMAGE_TYPES.has(type) ? type : 'application/octet-stream',
    };
  }

  /**
   * The unibox trial (document 1 §4) follows the plan's: a TRIAL plan is `started` until it ends,
   * then `expired`; a trial turned into the free plan is `cancelled`; a paid plan has none.
   */
  trialStatus(caller: Caller): UniboxTrialStatus {
    const sub = caller.subscription;
    if (sub.planName === 'TRIAL') {
      const expired = sub.endsAt !== null && sub.endsAt.getTime() <= this.now().getTime();
      return { status: expired ? 'expired' : 'started', endsAt: sub.endsAt ? sub.endsAt.toISOString() : null };
    }
    if (sub.isFree && (sub.freeContinuedAt !== null || sub.trialStartedAt !== null))
      return { status: 'cancelled', endsAt: (sub.freeContinuedAt ?? sub.endsAt)?.toISOString() ?? null };
    return { status: null, endsAt: null };
  }

  // ------------------------------------------------------------------ live unread

  /** A message the sync stored: threaded now, and the owner hears the new unread count. */
  async onSynced(event: Pick<InboundMailEvent, 'userId' | 'accountId'> & Partial<Pick<InboundMailEvent, 'emailAccountId'>>): Promise<void> {
    const owner = { userId: event.userId, accountId: event.accountId };
    await this.threadNewMail(owner);
    await this.pushUnread(owner);
    // The sync reached the server again: marks left waiting while the mailbox was in error go now.
    if (event.emailAccountId !== undefined && (await repo.hasPendingMarks(this.deps.db, event.emailAccountId)))
      await this.scheduleMirror([event.emailAccountId]);
  }

  private async pushUnread(owner: repo.Owner, count?: number): Promise<void> {
    if (!this.deps.push) return;
    const unreadMessages = count ?? (await this.unreadOf(owner));
    this.deps.push.emitToUser(owner.userId, { type: 'unibox.unread', payload: { unreadMessages } });
  }

  /** Applies a mark to owned threads and messages only: one foreign or unknown id answers not_found and changes nothing. */
  async mark(caller: Caller, targets: Targets & { forUserId?: number | undefined }, mark: repo.Mark) {
    const owner = await this.ownerFor(caller, targets.forUserId);
    const ids = { threadIds: [...new Set(targets.threadIds)], messageIds: [...new Set(targets.messageIds)] };
    const { changed, mailboxIds } = await this.deps.db.transaction(async (tx) => {
      const owned = await repo.countOwned(tx, owner, ids);
      const linkedin = await linkedinRepo.countOwnedLinkedin(tx, owner, ids.threadIds);
      if (owned.threads + linkedin !== ids.threadIds.length || owned.messages !== ids.messageIds.length) throw new DomainError('not_found');
      const mail = await repo.setMark(tx, owner, ids, mark);
      // LinkedIn marks stay here: the network has no read, star or trash of ours to mirror.
      return { ...mail, changed: mail.changed + (await linkedinRepo.setLinkedinMark(tx, owner, ids.threadIds, mark)) };
    });
    await this.scheduleMirror(mailboxIds);
    const unreadMessages = await this.unreadOf(owner);
    // Starring moves no count; read, unread and trash do (the owner hears it, whoever acted).
    if (changed > 0 && mark.kind !== 'star') await this.pushUnread(owner, unreadMessages);
    return { changed, unreadMessages };
  }

  async unreadCount(caller: Caller, forUserId: number | undefined): Promise<number> {
    const owner = await this.ownerFor(caller, forUserId);
    await this.threadNewMail(owner);
    return this.unreadOf(owner);
  }

  private async unreadOf(owner: repo.Owner): Promise<number> {
    const rows = [...(await repo.unreadByMailbox(this.deps.db, owner)), ...(await linkedinRepo.unreadByLinkedinAccount(this.deps.db, owner))];
    return rows.reduce((sum, row) => sum + row.unread, 0);
  }

  /** A reply read from a LinkedIn inbox: its conversation shows now, and the slot's user hears the new unread count. */
  async onLinkedinInbound(event: { kind: string; userId: number; accountId: number }): Promise<void> {
    if (event.kind === 'reply') await this.pushUnread({ userId: event.userId, accountId: event.accountId });
  }

  /**
   * The runner performed (or gave up on) a LinkedIn message: the open conversation of whoever
   * uses the slot reads itself again (`unibox.delivery`), as a sent mail's does.
   */
  async onLinkedinOutcome(event: LinkedinOutcomeEvent): Promise<void> {
    if (!this.deps.push || (event.action !== 'message' && event.action !== 'in_mail')) return;
    if (event.messageId !== null) {
      const thread = await linkedinRepo.threadOfLinkedinMessage(this.deps.db, event.messageId);
      if (!thread) return;
      this.deps.push.emitToUser(Number(thread.user_id), {
        type: 'unibox.delivery',
        payload: { threadId: Number(thread.thread_id), messageId: event.messageId, delivery: event.outcome === 'done' ? 'sent' : 'failed' },
      });
      return;
    }
    // An answer from the unibox that was never sent: its conversation shows it failed (by its action id, as listed).
    if (event.origin !== 'inline' || event.outcome === 'done') return;
    const thread = await linkedinRepo.threadOfLinkedinProfile(this.deps.db, event.linkedinAccountId, event.profileUrl);
    if (!thread) return;
    this.deps.push.emitToUser(Number(thread.user_id), {
      type: 'unibox.delivery',
      payload: { threadId: Number(thread.thread_id), messageId: event.actionId, delivery: 'failed' },
    });
  }
}

/** Why a mailbox cannot send now (document 2 isMailProviderError), or null. */
/** The prospect mood point of each interest level (contracts/prospects moodPointSchema). */
const MOOD_POINT_OF_INTEREST = { interested: 1, maybe: 2, not_interested: 3 } as const satisfies Record<InterestLevel, MoodPoint>;

/** The unibox's word for a LinkedIn account's state (document 1 §4 social-network states). */
export function linkedinDisplayStatus(state: string): UniboxLinkedinAccount['displayStatus'] {
  if (state === 'active') return 'active';
  if (state === 'expired') return 'expired';
  if (state === 'lost_connection') return 'error';
  return 'ready';
}

/** What every message of a LinkedIn conversation says alike: plain text on its account, no folder or files. */
function linkedinItemBase(
  threadId: number,
  linkedinAccountId: number,
): Pick<UniboxMessageItem, 'threadId' | 'channel' | 'emailAccountId' | 'linkedinAccountId' | 'folder' | 'inReplyTo' | 'html' | 'attachments'> {
  return { threadId, channel: 'linkedin', emailAccountId: null, linkedinAccountId, folder: '', inReplyTo: null, html: null, attachments: [] };
}

/** A stored LinkedIn message as a conversation shows it: plain text, from the person or from the slot. */
function linkedinMessageItem(threadId: number, row: linkedinRepo.LinkedinMessageRow): UniboxMessageItem {
  const incoming = row.direction === 'in';
  const person = { name: row.profile_name, address: row.profile_url };
  const slot = { name: row.account_name, address: row.account_profile_url ?? '' };
  return {
    ...linkedinItemBase(threadId, Number(row.linkedin_account_id)),
    id: Number(row.id),
    messageId: row.network_message_id.slice(0, 998),
    from: incoming ? person : slot,
    to: [(incoming ? slot.name : person.name ?? person.address).slice(0, 998)],
    subject: (row.subject ?? '').slice(0, 998),
    receivedAt: iso(row.sent_at),
    kind: row.kind,
    text: row.body,
    isRead: !incoming || row.read_at !== null,
    isStarred: row.is_starred,
    isDeleted: row.deleted,
    direction: incoming ? 'incoming' : 'outgoing',
    delivery: null,
  };
}

/** A runner action's state as a conversation's delivery state. */
const LINKEDIN_DELIVERY: Record<string, UniboxMessageItem['delivery']> = { queued: 'queued', running: 'sending', failed: 'failed' };

/** An answer the runner has not sent, under its conversation: from the slot, with its state. */
function pendingLinkedinItem(threadId: number, thread: linkedinRepo.LinkedinThreadRow, row: linkedinRepo.PendingLinkedinAnswerRow): UniboxMessageItem {
  return {
    ...linkedinItemBase(threadId, Number(row.linkedin_account_id)),
    id: Number(row.id),
    messageId: '',
    from: { name: row.account_name, address: row.account_profile_url ?? '' },
    to: [thread.profile_url.slice(0, 998)],
    subject: '',
    receivedAt: iso(row.created_at),
    kind: 'other',
    text: row.content ?? '',
    isRead: true,
    isStarred: false,
    isDeleted: false,
    direction: 'outgoing',
    delivery: LINKEDIN_DELIVERY[row.state] ?? 'unknown',
  };
}

function threadRowOf(row: repo.ThreadRow): UniboxThreadRow {
  return {
    id: Number(row.id),
    channel: row.channel,
    emailAccountId: row.email_account_id === null ? null : Number(row.email_account_id),
    linkedinAccountId: row.linkedin_account_id === null ? null : Number(row.linkedin_account_id),
    counterpart: { name: row.from_name, address: row.from_address },
    subject: row.subject,
    snippet: row.preview.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LIMIT),
    lastMessageAt: iso(row.last_at),
    unreadCount: row.unread_count,
    isStarred: row.is_starred,
    messageCount: row.message_count,
    campaign: row.campaign_id === null ? null : { id: Number(row.campaign_id), title: row.campaign_title ?? '' },
    leadStatus: row.lead_status,
    prospectId: row.counterpart_prospect_id === null ? null : Number(row.counterpart_prospect_id),
    lead:
      row.recipient_id === null || row.campaign_id === null
        ? null
        : {
            recipientId: Number(row.recipient_id),
            campaignId: Number(row.campaign_id),
            recipientStatus: row.lead_status ?? 'active',
            interestLevel: isInterestLevel(row.interest_level) ? row.interest_level : null,
            prospectId: row.prospect_id === null ? null : Number(row.prospect_id),
          },
  };
}

function isInterestLevel(value: string | null): value is InterestLevel {
  return (INTEREST_LEVELS as readonly (string | null)[]).includes(value);
}

function mailboxFault(mailbox: repo.SendingMailboxRow): { key: string; message: string } | null {
  if (mailbox.status === 'paused') return { key: 'mail_account_paused', message: `${mailbox.email} is paused` };
  if (mailbox.status === 'reconnect')
    return { key: 'mail_smtp_auth_failed', message: `${mailbox.email} cannot sign in: reconnect it (${mailbox.status_reason ?? 'login refused'})` };
  if (mailbox.status !== 'active')
    return { key: 'mail_server_error', message: `${mailbox.email} is in error (${mailbox.status_reason ?? mailbox.status})` };
  if (mailbox.provider === 'smtp' && !mailbox.smtp_host) return { key: 'mail_server_error', message: `${mailbox.email} has no SMTP server` };
  return null;
}

/**
 * Who a send goes to. Reply: the answered message's Reply-To, else its From (the first recipient
 * when it is the user's own Sent copy). Reply-all: also everyone on it (the sync stores To and Cc
 * together, so they go in Cc), never the mailbox itself. Forward: the given `to`. The caller's
 * own `to`/`cc` are added; duplicates go, case-insensitively.
 */
export function recipientsOf(
  body: Pick<SendBody, 'mode' | 'to' | 'cc'>,
  original: Pick<repo.AnsweredRow, 'from_address' | 'reply_to_addresses' | 'to_addresses'>,
  own: string,
): { to: string[]; cc: string[] } {
  const seen = new Set([own]);
  const keep = (list: readonly string[]) =>
    list
      .map((address) => address.trim())
      .filter((address) => {
        const key = address.toLowerCase();
        if (!address || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  const originalTo = stringsOf(original.to_addresses);
  const fromOwn = original.from_address.toLowerCase() === own;
  const target = fromOwn ? originalTo.slice(0, 1) : [stringsOf(original.reply_to_addresses)[0] ?? original.from_address];
  const to = keep(body.mode === 'forward' ? body.to : [...target, ...body.to]);
  const cc = keep([...(body.mode === 'replyAll' ? originalTo : []), ...body.cc]);
  return { to, cc };
}
