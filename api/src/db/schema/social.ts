/**
 * Professional-network (LinkedIn) accounts and their action runner (issue 14): slots and the
 * accounts connected to them, team slot requests, the runner's actions (exactly once per
 * campaign step or idempotency key), per-day counters kept across workers, invitations (the
 * pending figure and "invite accepted" triggers) and the messages read back from the network's
 * inbox (LinkedIn threads in the unibox). Sessions and proxy passwords are stored only encrypted.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, tsvector } from './columns';
import { teams, users } from './platform';
import { accountIdColumn, userIdColumn } from './owner-columns';

/**
 * A slot and the account connected to it. An empty slot (created by a lead for a member, or by an
 * approved request) is `pending_connection` with no member yet. States: document 1 §4.
 */
export const linkedinAccounts = pgTable(
  'linkedin_accounts',
  {
    id: serial('id').primaryKey(),
    /** The account whose plan pays for the slot (the team's account for team slots). */
    accountId: accountIdColumn(),
    /** Who owns the slot (the lead for a team slot). */
    userId: userIdColumn(),
    /** The member the lead assigned it to; null when the owner uses it. */
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** sandbox (the offline simulated network) or linkedin. */
    provider: text('provider').notNull(),
    name: text('name').notNull().default(''),
    /** The network's own id of the member (one connection per member per account). */
    memberKey: text('member_key'),
    profileUrl: text('profile_url'),
    profileName: text('profile_name'),
    state: text('state').notNull().default('pending_connection'),
    stateReason: text('state_reason'),
    stateChangedAt: ts('state_changed_at').notNull().defaultNow(),
    twoFactorMethod: text('two_factor_method'),
    /** The pending login's challenge (verification or two-factor), encrypted; null when none. */
    challenge: text('challenge'),
    challengeExpiresAt: ts('challenge_expires_at'),
    challengeAttempts: integer('challenge_attempts').notNull().default(0),
    /** The session (cookie or the provider's token), encrypted; never answered. */
    session: text('session'),
    sessionCheckedAt: ts('session_checked_at'),
    /** builtin (by country) or custom. */
    proxyKind: text('proxy_kind').notNull().default('builtin'),
    proxyCountryId: integer('proxy_country_id'),
    proxyHost: text('proxy_host'),
    proxyPort: integer('proxy_port'),
    proxyUsername: text('proxy_username'),
    /** Encrypted. */
    proxyPassword: text('proxy_password'),
    timezone: text('timezone').notNull().default('UTC'),
    /** [{day: 'mon', from, to}] in minutes of the account's local day. */
    workingHours: jsonb('working_hours').notNull(),
    /** {visit, like, follow, invite, message, in_mail} per day. */
    limits: jsonb('limits').notNull(),
    minGapSeconds: integer('min_gap_seconds').notNull().default(90),
    maxGapSeconds: integer('max_gap_seconds').notNull().default(300),
    connectLimit: integer('connect_limit').notNull().default(100),
    warmUp: boolean('warm_up').notNull().default(false),
    warmUpStartedAt: ts('warm_up_started_at'),
    lastActionAt: ts('last_action_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('linkedin_accounts_user_idx').on(table.userId),
    index('linkedin_accounts_assigned_idx').on(table.assignedUserId),
    index('linkedin_accounts_team_idx').on(table.teamId),
    uniqueIndex('linkedin_accounts_member_unique').on(table.accountId, table.provider, table.memberKey).where(sql`${table.deletedAt} is null and ${table.memberKey} is not null`),
  ],
);

/** A member's request for a slot (document 1 §6): pending → approved | rejected | withdrawn | retracted. */
export const linkedinSlotRequests = pgTable(
  'linkedin_slot_requests',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    slotId: integer('slot_id').references(() => linkedinAccounts.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('linkedin_slot_requests_team_idx').on(table.teamId, table.createdAt),
    // One open request per member.
    uniqueIndex('linkedin_slot_requests_pending_unique').on(table.requesterId).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * One action of the runner: queued → running → done | failed | cancelled. Unique on (campaign,
 * recipient, step) or on its idempotency key, so it is performed at most once; claims take a lease
 * with FOR UPDATE SKIP LOCKED, as the mail outbox does.
 */
export const linkedinActions = pgTable(
  'linkedin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    linkedinAccountId: integer('linkedin_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    /** visit, like, follow, invite, message, in_mail (the campaign block's action types). */
    action: text('action').notNull(),
    /** campaign, inline (li-touch), warmup (harmless ramp actions; not counted toward campaign limits). */
    origin: text('origin').notNull(),
    profileUrl: text('profile_url').notNull(),
    subject: text('subject'),
    content: text('content'),
    campaignId: integer('campaign_id'),
    recipientId: integer('recipient_id'),
    step: integer('step'),
    idempotencyKey: text('idempotency_key'),
    state: text('state').notNull().default('queued'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: ts('due_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    claimedBy: text('claimed_by'),
    /** What the network answered (its ids, the thread, …). */
    result: jsonb('result'),
    /**
     * The account's local day whose counter (linkedin_daily_usage) holds this action: set when a
     * runner claims it, cleared when it is handed back unperformed, so a reservation is released
     * on the day it was made.
     */
    countedOn: date('counted_on', { mode: 'string' }),
    doneAt: ts('done_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (table) => [
    uniqueIndex('linkedin_actions_step_unique').on(table.campaignId, table.recipientId, table.step).where(sql`${table.campaignId} is not null`),
    uniqueIndex('linkedin_actions_key_unique').on(table.linkedinAccountId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
    index('linkedin_actions_due_idx').on(table.dueAt).where(sql`${table.state} = 'queued'`),
    index('linkedin_actions_account_idx').on(table.linkedinAccountId, table.createdAt.desc()),
    // The sweep looks for running actions whose lease lapsed.
    index('linkedin_actions_running_idx').on(table.leaseUntil).where(sql`${table.state} = 'running'`),
  ],
);

/** Actions per account, day (in the account's time zone) and action, kept across workers. */
export const linkedinDailyUsage = pgTable(
  'linkedin_daily_usage',
  {
    linkedinAccountId: integer('linkedin_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    count: integer('count').notNull().default(0),
    /** Warm-up actions, counted apart. */
    warmup: integer('warmup').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.linkedinAccountId, table.day, table.action] })],
);

/** Invitations an account sent: pending until accepted, declined or withdrawn (the connect limit counts pending ones). */
export const linkedinInvitations = pgTable(
  'linkedin_invitations',
  {
    id: serial('id').primaryKey(),
    linkedinAccountId: integer('linkedin_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    actionId: bigint('action_id', { mode: 'number' }).references(() => linkedinActions.id, { onDelete: 'set null' }),
    profileUrl: text('profile_url').notNull(),
    profileName: text('profile_name'),
    status: text('status').notNull().default('pending'),
    sentAt: ts('sent_at').notNull(),
    acceptedAt: ts('accepted_at'),
    campaignId: integer('campaign_id'),
    recipientId: integer('recipient_id'),
  },
  (table) => [
    uniqueIndex('linkedin_invitations_profile_unique').on(table.linkedinAccountId, table.profileUrl),
    index('linkedin_invitations_pending_idx').on(table.linkedinAccountId).where(sql`${table.status} = 'pending'`),
  ],
);

/** Messages of the account's inbox (sent by the runner or read back from the network): LinkedIn threads of the unibox. */
export const linkedinMessages = pgTable(
  'linkedin_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountIdColumn(),
    linkedinAccountId: integer('linkedin_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    /** The network's id of the message (unique per account: a re-read never duplicates). */
    networkMessageId: text('network_message_id').notNull(),
    threadKey: text('thread_key').notNull(),
    profileUrl: text('profile_url').notNull(),
    profileName: text('profile_name'),
    /** out (ours) or in (theirs). */
    direction: text('direction').notNull(),
    /** message, in_mail, invite_note. */
    kind: text('kind').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    sentAt: ts('sent_at').notNull(),
    actionId: bigint('action_id', { mode: 'number' }).references(() => linkedinActions.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id'),
    recipientId: integer('recipient_id'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
    /**
     * What the unibox's text filter searches (the person's name, InMail subject and text), kept by
     * the database: a common word then costs a match against stored vectors, not a to_tsvector of
     * every message of the account when the planner reads them all rather than the index.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(profile_name, '') || ' ' || coalesce(subject, '') || ' ' || body)`,
    ),
  },
  (table) => [
    uniqueIndex('linkedin_messages_network_unique').on(table.linkedinAccountId, table.networkMessageId),
    index('linkedin_messages_thread_idx').on(table.linkedinAccountId, table.threadKey, table.sentAt),
    // The unibox's unread counts of LinkedIn conversations (read_at is the unibox's read mark).
    index('linkedin_messages_unread_idx')
      .on(table.linkedinAccountId, table.threadKey)
      .where(sql`${table.direction} = 'in' and ${table.readAt} is null`),
    // The unibox's text filter (modules/unibox/linkedin-repository.ts).
    index('linkedin_messages_search_idx').using('gin', table.searchVector),
  ],
);

/**
 * Where the runner's inbox polling of an account stands: the network's cursor (handed back to the
 * provider) and when it last read. One row per account, written by the poller only.
 */
export const linkedinInboxState = pgTable('linkedin_inbox_state', {
  linkedinAccountId: integer('linkedin_account_id')
    .primaryKey()
    .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
  cursor: text('cursor'),
  polledAt: ts('polled_at').notNull(),
});

/**
 * The sandbox network's own memory (engines/social/sandbox/network.ts): what the simulated people
 * will do in answer to an account's invitations and messages, decided when they were sent and due
 * at a time of the network's clock. It stands for the outside network, so nothing of the product
 * reads it but the sandbox provider: `invitation` (due_at: when it is accepted, null if never) and
 * `reply` (a message from them, due at due_at). Unique per (account, event_key), so sending the
 * same thing twice decides nothing new.
 */
export const linkedinSandboxEvents = pgTable(
  'linkedin_sandbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkedinAccountId: integer('linkedin_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    profileUrl: text('profile_url').notNull(),
    profileName: text('profile_name'),
    sentAt: ts('sent_at').notNull(),
    dueAt: ts('due_at'),
    networkMessageId: text('network_message_id'),
    threadKey: text('thread_key'),
    /** message or in_mail (replies). */
    messageKind: text('message_kind'),
    subject: text('subject'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('linkedin_sandbox_events_key_unique').on(table.linkedinAccountId, table.eventKey),
    index('linkedin_sandbox_events_due_idx').on(table.linkedinAccountId, table.dueAt),
  ],
);
