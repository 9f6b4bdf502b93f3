/**
 * The unibox's own state over the mail the IMAP sync stores (`mail_inbound`, mail.ts): how
 * messages group into threads, what the user read, starred or deleted, and the unibox settings
 * of each mailbox. The sync's rows stay as it wrote them; everything the user changes lives here,
 * with `mirror_pending` marking what the `unibox.mirror-marks` job must write back to the IMAP server.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { mailInbound, mailOutbound } from './mail';
import { emailAccounts } from './platform';
import { linkedinAccounts } from './social';
import { accountIdColumn, userIdColumn, emailAccountIdColumn } from './owner-columns';

/**
 * Per-mailbox unibox settings. A mailbox without a row reads the defaults (in the unibox, not
 * paused, every conversation); the first sync period is `email_accounts.first_sync_days`, which
 * the sync already reads.
 */
export const uniboxMailboxSettings = pgTable('unibox_mailbox_settings', {
  emailAccountId: integer('email_account_id')
    .primaryKey()
    .references(() => emailAccounts.id, { onDelete: 'cascade' }),
  unibox: boolean('unibox').notNull().default(true),
  /**
   * The user paused the unibox sync of this mailbox: its new mail is not threaded (shown, counted)
   * and its marks are not written back until resumed. The mail engine still reads the mailbox, so
   * a campaign stops for a prospect who replied meanwhile.
   */
  syncPaused: boolean('sync_paused').notNull().default(false),
  /** Only conversations with known prospects are shown (applied when threads are read). */
  leadsParsingOnly: boolean('leads_parsing_only').notNull().default(false),
  updatedAt: ts('updated_at'),
});

/** A conversation in one mailbox: the replies of a chain, or messages sharing sender and subject. */
export const uniboxThreads = pgTable(
  'unibox_threads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    /** The other side's address (lower case), from the thread's first message. */
    counterpart: text('counterpart').notNull(),
    /** The normalised subject: the fallback grouping of messages without threading headers. */
    subjectKey: text('subject_key').notNull(),
    lastMessageAt: ts('last_message_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('unibox_threads_user_last_idx').on(table.userId, table.lastMessageAt.desc(), table.id.desc()),
    index('unibox_threads_subject_idx').on(table.emailAccountId, table.counterpart, table.subjectKey),
  ],
);

/** The thread a row belongs to; it goes with the thread. */
const threadIdColumn = () =>
  bigint('thread_id', { mode: 'number' })
    .notNull()
    .references(() => uniboxThreads.id, { onDelete: 'cascade' });

/** Every Message-ID a thread's messages carry or name (own, In-Reply-To, References) → the thread. */
export const uniboxThreadRefs = pgTable(
  'unibox_thread_refs',
  {
    emailAccountId: emailAccountIdColumn(),
    messageId: text('message_id').notNull(),
    threadId: threadIdColumn(),
  },
  (table) => [primaryKey({ columns: [table.emailAccountId, table.messageId] })],
);

/**
 * Stored messages the unibox has not placed in a thread yet. A trigger on mail_inbound adds each
 * new row but warm-up mail (migrations 0020, 0023), so the sync's storage path stays as it is, and "is there anything
 * new?" — asked before every list and count — reads this small table instead of anti-joining the
 * owner's whole mailbox; placing a message removes it. Its owner columns carry no foreign keys:
 * the row goes with its message, which goes with its owner.
 */
export const uniboxUnthreaded = pgTable(
  'unibox_unthreaded',
  {
    inboundId: bigint('inbound_id', { mode: 'number' })
      .primaryKey()
      .references(() => mailInbound.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    userId: integer('user_id').notNull(),
    emailAccountId: integer('email_account_id').notNull(),
  },
  (table) => [index('unibox_unthreaded_user_idx').on(table.userId)],
);

/** One stored inbound message as the unibox sees it: its thread and the user's marks. */
export const uniboxMessageStates = pgTable(
  'unibox_message_states',
  {
    inboundId: bigint('inbound_id', { mode: 'number' })
      .primaryKey()
      .references(() => mailInbound.id, { onDelete: 'cascade' }),
    threadId: threadIdColumn(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    isRead: boolean('is_read').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    /** Soft delete: the message is in the unibox's trash. */
    deletedAt: ts('deleted_at'),
    /** The user changed read, star or trash here and the IMAP server does not know yet (not mirrored yet). */
    mirrorPending: boolean('mirror_pending').notNull().default(false),
  },
  (table) => [
    index('unibox_message_states_thread_idx').on(table.threadId),
    index('unibox_message_states_unread_idx')
      .on(table.userId, table.emailAccountId)
      .where(sql`not ${table.isRead} and ${table.deletedAt} is null`),
    index('unibox_message_states_mirror_idx')
      .on(table.emailAccountId)
      .where(sql`${table.mirrorPending}`),
  ],
);

/**
 * A message sent from the unibox (reply, reply-all, forward): its thread and what the thread
 * shows until the mailbox's own copy is synced, plus the copy the sync cannot make for a generic
 * IMAP mailbox (APPEND to Sent). The message itself is the sending engine's `mail_outbound` row.
 */
export const uniboxOutgoing = pgTable(
  'unibox_outgoing',
  {
    /**
     * Drawn from mail_inbound's sequence: a thread lists synced and sent messages by one id space,
     * so an outgoing message's id never names a synced one (read/star/delete take synced ids).
     */
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('mail_inbound_id_seq')`),
    outboundId: bigint('outbound_id', { mode: 'number' })
      .notNull()
      .references(() => mailOutbound.id, { onDelete: 'cascade' }),
    threadId: threadIdColumn(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    /** reply, replyAll or forward. */
    mode: text('mode').notNull(),
    /** The Message-ID, bare (normalise.ts), as the synced copy will carry it. */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    toAddresses: jsonb('to_addresses').notNull().default([]),
    ccAddresses: jsonb('cc_addresses').notNull().default([]),
    /**
     * The copy in the mailbox's Sent folder: `none` (the provider keeps it: OAuth mailboxes),
     * `pending` (a job appends it once the message is sent), `done`, `skipped` (never sent).
     */
    sentCopy: text('sent_copy').notNull().default('none'),
    sentCopyAttempts: smallint('sent_copy_attempts').notNull().default(0),
    sentCopyError: text('sent_copy_error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('unibox_outgoing_outbound_unique').on(table.outboundId),
    index('unibox_outgoing_thread_idx').on(table.threadId),
    index('unibox_outgoing_copy_idx')
      .on(table.emailAccountId)
      .where(sql`${table.sentCopy} = 'pending'`),
  ],
);

/**
 * A LinkedIn conversation in the unibox: one per (account, network thread), kept by a trigger on
 * linkedin_messages (migration 0021), so the runner's inbox polling and its sent messages stay as
 * they are. Its id is drawn from unibox_threads' sequence: a conversation id in a URL or a mark
 * names one thread of either channel. Read is per message (linkedin_messages.read_at); star and
 * trash are per conversation, and a new message from the other side takes it out of the trash.
 */
export const uniboxLinkedinThreads = pgTable(
  'unibox_linkedin_threads',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('unibox_threads_id_seq')`),
    accountId: integer('account_id').notNull(),
    linkedinAccountId: integer('linkedin_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    threadKey: text('thread_key').notNull(),
    profileUrl: text('profile_url').notNull(),
    profileName: text('profile_name'),
    lastMessageAt: ts('last_message_at').notNull(),
    /** The other side wrote: only then is it a conversation the unibox lists (not every campaign message sent). */
    hasIncoming: boolean('has_incoming').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('unibox_linkedin_threads_key').on(table.linkedinAccountId, table.threadKey),
    index('unibox_linkedin_threads_last_idx').on(table.linkedinAccountId, table.lastMessageAt.desc(), table.id.desc()),
  ],
);
