/**
 * Warm-up (issue 17): each mailbox's warm-up settings and state, and one row per warm-up mail the
 * pool planned. A mailbox without a `warmup_mailboxes` row never started a warm-up (the list shows
 * it `disabled` with the default settings).
 */
import type { WarmupHealth, WarmupStatus } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaignSchedules } from './library';
import { createdAt, ts } from './columns';
import { accountIdColumn, userIdColumn } from './owner-columns';
import { emailAccounts } from './platform';

/** Where a warm-up mail was found by its receiver's IMAP reader. */
export const WARMUP_PLACEMENTS = ['unknown', 'inbox', 'spam'] as const;
export type WarmupPlacement = (typeof WARMUP_PLACEMENTS)[number];

/** planned (written, not yet handed to the mail engine) → queued (its outbound row exists) | skipped (the partner is on the sender's no-send list). */
export const WARMUP_SEND_STATES = ['planned', 'queued', 'skipped'] as const;
export type WarmupSendState = (typeof WARMUP_SEND_STATES)[number];

export const warmupMailboxes = pgTable(
  'warmup_mailboxes',
  {
    /** One warm-up per mailbox: the warm-up entry's id is its mailbox's id. */
    emailAccountId: integer('email_account_id')
      .primaryKey()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    /** active, paused, pending (the mailbox cannot connect; it resumes by itself), disabled. */
    status: text('status').$type<WarmupStatus>().notNull(),
    /** Why it is pending: the mailbox's connection problem (imap_login, smtp_auth, …). */
    statusReason: text('status_reason'),
    startVolume: integer('start_volume').notNull(),
    dailyIncrease: integer('daily_increase').notNull(),
    ceiling: integer('ceiling').notNull(),
    /** Per cent of received warm-up mail answered. */
    replyRate: integer('reply_rate').notNull(),
    weekdaysOnly: boolean('weekdays_only').notNull().default(false),
    /** The owner's schedule it sends on; null: the mailbox's own sending window. */
    scheduleId: integer('schedule_id').references(() => campaignSchedules.id, { onDelete: 'set null' }),
    /** When the current warm-up was first started (null: never). */
    startedAt: ts('started_at'),
    /** Days the planner gave it sends (its ramp's day is this + 1); a pause does not advance it. */
    daysWarmed: integer('days_warmed').notNull().default(0),
    /** The last day (UTC) the planner counted, so a re-run of the day's plan never counts it twice. */
    lastPlannedDay: date('last_planned_day', { mode: 'string' }),
    /** Health as last computed (rules/warmup.ts warmupHealthOf); null: too few samples. */
    health: text('health').$type<WarmupHealth>(),
    /** Set when health went bad: back at the start volume until it recovers. */
    throttledAt: ts('throttled_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (table) => [
    index('warmup_mailboxes_user_idx').on(table.userId),
    // The day's planner reads the pool: every active warm-up across accounts.
    index('warmup_mailboxes_active_idx').on(table.emailAccountId).where(sql`${table.status} = 'active'`),
  ],
);

/**
 * One planned warm-up mail from `sender` to `partner` on `day` (UTC), the `seq`-th of the sender
 * that day: unique, so planning the same day twice (a restart, two workers) plans nothing twice.
 * The row is written before its mail is queued; the outbound row's idempotency key is the send's
 * id, so it is queued exactly once. The receiver's IMAP reader records the placement; a reply is
 * due at `replyDueAt` and sent at most once (`replyOutboundId`).
 */
export const warmupSends = pgTable(
  'warmup_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
    /** When it is due to leave (spread over the sender's sending window). */
    dueAt: ts('due_at').notNull(),
    state: text('state').$type<WarmupSendState>().notNull().default('planned'),
    /** The mail engine's `mail_outbound` row (kind 'warmup'); null until queued. */
    outboundId: bigint('outbound_id', { mode: 'number' }),
    /** The `X-Leadforge-Warmup` header value (engines/warmup/token.ts). */
    token: text('token'),
    /** The Message-ID it was sent with (the reply threads on it). */
    messageId: text('message_id'),
    placement: text('placement').$type<WarmupPlacement>().notNull().default('unknown'),
    placedAt: ts('placed_at'),
    /** Moved from the receiver's spam folder to its inbox. */
    rescuedAt: ts('rescued_at'),
    bouncedAt: ts('bounced_at'),
    /** When the receiver answers it; null: it does not. */
    replyDueAt: ts('reply_due_at'),
    replyOutboundId: bigint('reply_outbound_id', { mode: 'number' }),
    repliedAt: ts('replied_at'),
    /** Where the answer landed in the sender's mailbox, read as the note's placement is; it is rescued from spam the same way. */
    replyPlacement: text('reply_placement').$type<WarmupPlacement>().notNull().default('unknown'),
    replyRescuedAt: ts('reply_rescued_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('warmup_sends_sender_day_seq_unique').on(table.senderId, table.day, table.seq),
    // The 7-day pair cooldown and the statistics read by sender (the unique index above) and by partner over recent days.
    index('warmup_sends_partner_day_idx').on(table.partnerId, table.day),
    // The queueing pass reads what is planned and not yet handed over.
    index('warmup_sends_planned_idx').on(table.dueAt).where(sql`${table.state} = 'planned'`),
    index('warmup_sends_reply_due_idx').on(table.replyDueAt).where(sql`${table.replyDueAt} is not null and ${table.repliedAt} is null`),
  ],
);
