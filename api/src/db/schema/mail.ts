/**
 * The mail engine's tables (issue 13): what leaves (one row per message, exactly once), what the
 * mailboxes sent per day, the no-send list, tracking ids and events, and what comes back over
 * IMAP with its sync cursors. Mailboxes themselves are `email_accounts` (platform.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, tsvector } from './columns';
import { accountIdColumn, userIdColumn, emailAccountIdColumn } from './owner-columns';

/**
 * One outgoing message. Unique on (campaign, recipient, step), or on its idempotency key for
 * single sends. States: queued → claimed → sending → sent | retry | failed | unknown. The
 * Message-ID is decided and stored before DATA; a row whose lease ran out while `sending`
 * becomes `unknown` (shown, never re-sent blindly).
 */
export const mailOutbound = pgTable(
  'mail_outbound',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    /** campaign, test (send-test-email), single, warmup (does not count toward campaign limits). */
    kind: text('kind').notNull(),
    campaignId: integer('campaign_id'),
    recipientId: integer('recipient_id'),
    step: integer('step'),
    idempotencyKey: text('idempotency_key'),
    /** The first message of a sequence to its recipient (first-email daily limit). */
    isFirstEmail: boolean('is_first_email').notNull().default(false),
    /**
     * Claim order among due messages (higher first): a campaign's campaignPriority and
     * recipientsPriority (outbox.ts messagePriority); single sends go before campaign mail.
     */
    priority: integer('priority').notNull().default(0),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text'),
    /** Extra headers as nodemailer takes them (List-Unsubscribe, In-Reply-To, …). */
    headers: jsonb('headers').notNull().default({}),
    /** Attachments by reference: [{filename, contentType, size, storageKey}]. */
    attachments: jsonb('attachments').notNull().default([]),
    messageId: text('message_id').notNull(),
    providerMessageId: text('provider_message_id'),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the scheduler's answer (limits, window, back-off). */
    notBefore: ts('not_before').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    smtpCode: integer('smtp_code'),
    enhancedCode: text('enhanced_code'),
    firstAttemptAt: ts('first_attempt_at'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (table) => [
    uniqueIndex('mail_outbound_step_unique').on(table.campaignId, table.recipientId, table.step).where(sql`${table.campaignId} is not null`),
    uniqueIndex('mail_outbound_key_unique').on(table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
    uniqueIndex('mail_outbound_message_id_unique').on(table.messageId),
    // Every state change writes a new row version and, for each index whose predicate it meets, an
    // index entry (the state is indexed, so no update is HOT). Partial indexes on the states their
    // queries ask for keep a message's four versions from costing ~28 index entries (bench/mail.ts).
    index('mail_outbound_due_idx').on(table.priority.desc(), table.notBefore).where(sql`${table.state} in ('queued', 'retry')`),
    index('mail_outbound_in_flight_idx').on(table.emailAccountId, table.leaseUntil).where(sql`${table.state} in ('claimed', 'sending')`),
    // Replies through providers that rewrite Message-ID, and the sender + subject fallback.
    index('mail_outbound_provider_message_id_idx').on(table.providerMessageId).where(sql`${table.providerMessageId} is not null`),
    index('mail_outbound_recipient_idx')
      .on(table.accountId, sql`lower(${table.toAddress})`, table.sentAt.desc())
      .where(sql`${table.state} = 'sent'`),
  ],
);

/** Sends per mailbox and day (the day of its sending window's time zone), kept across workers. */
export const mailboxDailyUsage = pgTable(
  'mailbox_daily_usage',
  {
    emailAccountId: emailAccountIdColumn(),
    day: date('day').notNull(),
    sent: integer('sent').notNull().default(0),
    firstEmails: integer('first_emails').notNull().default(0),
    warmup: integer('warmup').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.emailAccountId, table.day] })],
);

/** The account's no-send list: unsubscribes, hard bounces (5.1.x), complaints, manual entries. */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    /** unsubscribe, hard_bounce, complaint, manual. */
    reason: text('reason').notNull(),
    outboundId: bigint('outbound_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('mail_suppressions_account_email_unique').on(table.accountId, sql`lower(${table.email})`)],
);

/** Opaque ids in pixels, wrapped links and unsubscribe links; the server resolves them (no URL in the link). */
export const mailTrackingLinks = pgTable(
  'mail_tracking_links',
  {
    id: text('id').primaryKey(),
    outboundId: bigint('outbound_id', { mode: 'number' })
      .notNull()
      .references(() => mailOutbound.id, { onDelete: 'cascade' }),
    /** open, click, unsubscribe. */
    kind: text('kind').notNull(),
    url: text('url'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_tracking_links_outbound_idx').on(table.outboundId)],
);

/** Every open and click, machine ones flagged with their reason (kept out of rates and triggers). */
export const mailTrackingEvents = pgTable(
  'mail_tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outboundId: bigint('outbound_id', { mode: 'number' })
      .notNull()
      .references(() => mailOutbound.id, { onDelete: 'cascade' }),
    linkId: text('link_id').references(() => mailTrackingLinks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    machine: boolean('machine').notNull(),
    reason: text('reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    at: createdAt(),
  },
  (table) => [index('mail_tracking_events_outbound_idx').on(table.outboundId, table.kind)],
);

/** Where the IMAP sync of a mailbox folder stands; a UIDVALIDITY change restarts it without duplicates. */
export const mailSyncCursors = pgTable(
  'mail_sync_cursors',
  {
    emailAccountId: emailAccountIdColumn(),
    folder: text('folder').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'bigint' }).notNull(),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    highestModseq: bigint('highest_modseq', { mode: 'bigint' }),
    syncedAt: ts('synced_at'),
    /** Why the last sync stopped (folder_missing, imap_login, …); null when healthy. */
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.emailAccountId, table.folder] })],
);

/** A message read back over IMAP, classified (reply, oreply, areply, bounce, unsubscribe, other). */
export const mailInbound = pgTable(
  'mail_inbound',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    folder: text('folder').notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').notNull().default([]),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    toAddresses: jsonb('to_addresses').notNull().default([]),
    /** Reply-To addresses (where an answer goes instead of From); empty for mail synced before they were kept. */
    replyToAddresses: jsonb('reply_to_addresses').notNull().default([]),
    subject: text('subject').notNull().default(''),
    receivedAt: ts('received_at').notNull(),
    class: text('class').notNull(),
    /** Matched by sender and subject rather than by threading headers. */
    heuristic: boolean('heuristic').notNull().default(false),
    outboundId: bigint('outbound_id', { mode: 'number' }).references(() => mailOutbound.id, { onDelete: 'set null' }),
    /** For bounces: {severity, status, action, finalRecipient, diagnostic}. */
    bounce: jsonb('bounce'),
    /** The new text without quoted history, for previews. */
    preview: text('preview').notNull().default(''),
    text: text('text'),
    /** Sanitised on the server; shown in a sandboxed frame. */
    html: text('html'),
    size: integer('size').notNull().default(0),
    attachments: jsonb('attachments').notNull().default([]),
    malformed: boolean('malformed').notNull().default(false),
    /**
     * The IMAP server had it \Seen when the sync read it (read in another mail client): the
     * unibox files it as read, so its counts agree with the user's own client.
     */
    seenOnServer: boolean('seen_on_server').notNull().default(false),
    createdAt: createdAt(),
    /**
     * What the unibox's text filter searches: sender name, address (its @ a space, so the domain
     * is a word of its own), subject and text. Kept by the database, so a prefix query's recheck
     * of every candidate reads a stored vector instead of parsing the message again.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(from_name, '') || ' ' || replace(from_address, '@', ' ') || ' ' || subject || ' ' || coalesce(text, ''))`,
    ),
  },
  (table) => [
    uniqueIndex('mail_inbound_mailbox_message_unique').on(table.emailAccountId, table.messageId),
    index('mail_inbound_user_idx').on(table.userId, table.receivedAt.desc()),
    index('mail_inbound_outbound_idx').on(table.outboundId),
    // Soft bounces of an address counted toward a hard one.
    index('mail_inbound_account_class_idx').on(table.accountId, table.class),
    // The unibox's text filter (modules/unibox/repository.ts).
    index('mail_inbound_search_idx').using('gin', table.searchVector),
  ],
);
