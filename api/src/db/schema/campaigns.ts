/**
 * Campaigns (issue 15): folders, the campaign with its settings and the editor's flowchart, its
 * sender accounts, the definitions it was launched with, one row per recipient holding both the
 * table's figures and the executor's state, each move of a recipient between blocks (exactly
 * once), the events statistics come from, and their daily per-block counters.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { campaignSchedules } from './library';
import { teams } from './platform';
import { prospectLists, prospects } from './prospects';
import { accountIdColumn, userIdColumn } from './owner-columns';

export const campaignFolders = pgTable(
  'campaign_folders',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    /** The user's own order (folders sort call). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('campaign_folders_user_idx').on(table.userId, table.position)],
);

/**
 * A campaign. `flowchart` is the editor's document (operators with positions, links); the typed
 * domain graph it compiles to is stored per launched version in campaign_versions. Statuses:
 * new → active ⇄ pause → completed ⇄ archived (contracts CAMPAIGN_STATUSES, rules/campaign-state.ts).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    /** The owner. */
    userId: userIdColumn(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status').notNull().default('new'),
    /** Why the campaign paused itself (bounce_rate, complaint_rate, sender_removed); null when the user paused it. */
    pausedReason: text('paused_reason'),
    /** The creation wizard's furthest saved step (sequence, prospects, sending_options, review). */
    creationStep: text('creation_step').notNull().default('sequence'),
    folderId: integer('folder_id').references(() => campaignFolders.id, { onDelete: 'set null' }),
    listId: integer('list_id').references(() => prospectLists.id, { onDelete: 'set null' }),
    /** The no-send list. */
    blacklistId: integer('blacklist_id').references(() => prospectLists.id, { onDelete: 'set null' }),
    scheduleId: integer('schedule_id').references(() => campaignSchedules.id, { onDelete: 'set null' }),
    /** {date, time, timeZone} (contracts campaignMomentSchema). */
    startAt: jsonb('start_at'),
    completeAt: jsonb('complete_at'),
    /** The boolean and numeric sending options of document 1 §3 (wrapLinks, trackOpen, stopForReply, …, priorities, limits). */
    options: jsonb('options').notNull().default({}),
    /** {includeTags, excludeTags, duplicates: {skip, includeTeam}}. */
    audience: jsonb('audience').notNull().default({}),
    dealsSettings: jsonb('deals_settings').notNull().default({}),
    flowchart: jsonb('flowchart').notNull().default({ operators: [], links: [] }),
    /** The version running recipients were launched with (campaign_versions); 0 before launch. */
    activeVersion: integer('active_version').notNull().default(0),
    launchedAt: ts('launched_at'),
    completedAt: ts('completed_at'),
    /**
     * When the campaign was last archived (by hand or by the `campaigns.archive` job). Kept when a
     * user unarchives it: the job archives only completed campaigns never archived before, so it
     * does not undo the user's choice (they may still archive it by hand).
     */
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (table) => [
    index('campaigns_account_idx').on(table.accountId, table.createdAt.desc()),
    index('campaigns_user_idx').on(table.userId, table.status),
    index('campaigns_list_idx').on(table.listId),
    // The archive job's sweep: completed campaigns never archived, by completion time.
    index('campaigns_archive_due_idx').on(table.completedAt).where(sql`${table.status} = 'completed' and ${table.archivedAt} is null`),
  ],
);

/**
 * The sender accounts a campaign rotates (kind email or linkedin). `addedAfterLaunch` keeps
 * track of social-network senders added to a launched campaign (document 1 §4).
 */
export const campaignSenders = pgTable(
  'campaign_senders',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** email_accounts.id or linkedin_accounts.id, by kind. */
    senderId: integer('sender_id').notNull(),
    position: integer('position').notNull().default(0),
    addedAfterLaunch: boolean('added_after_launch').notNull().default(false),
    addedAt: createdAt(),
    /** Removed from the campaign (kept for email-accounts-ever-had and the recipients' history). */
    removedAt: ts('removed_at'),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.kind, table.senderId] })],
);

/** A launched definition: the compiled domain graph and the settings the executor reads. */
export const campaignVersions = pgTable(
  'campaign_versions',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** {startId, nodes: {[id]: {type, …payload, next?, yes?, no?}}}. */
    graph: jsonb('graph').notNull(),
    settings: jsonb('settings').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.version] })],
);

/**
 * One recipient of a campaign: the table's figures (document 1 §3 Recipient) and the executor's
 * state {nodeId, nextRunAt, definitionVersion, epoch}. Statuses: contracts RECIPIENT_STATUSES.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    email: text('email'),
    linkedinUrl: text('linkedin_url'),
    /** Mail provider of the address (gmail, outlook, other), for providerMatching and the column. */
    provider: text('provider'),
    status: text('status').notNull().default('active'),
    /** Why the status is what it is (a bounce's code, the block that hit a limit, …). */
    statusReason: text('status_reason'),
    emailAccountId: integer('email_account_id'),
    linkedinAccountId: integer('linkedin_account_id'),
    sent: integer('sent').notNull().default(0),
    open: integer('open').notNull().default(0),
    click: integer('click').notNull().default(0),
    reply: integer('reply').notNull().default(0),
    linkedinVisit: integer('linkedin_visit').notNull().default(0),
    linkedinLike: text('linkedin_like').notNull().default('not_liked'),
    linkedinFollow: text('linkedin_follow').notNull().default('not_followed'),
    linkedinInvite: text('linkedin_invite').notNull().default('not_sent'),
    linkedinInviteReply: text('linkedin_invite_reply').notNull().default('no_message'),
    linkedinMessage: integer('linkedin_message').notNull().default(0),
    linkedinMessageReply: text('linkedin_message_reply').notNull().default('not_replied'),
    linkedinInMail: text('linkedin_in_mail').notNull().default('not_sent'),
    linkedinInMailReply: text('linkedin_in_mail_reply').notNull().default('not_replied'),
    linkedinNotReachedProfile: boolean('linkedin_not_reached_profile').notNull().default(false),
    interestLevel: text('interest_level'),
    /** Goal blocks reached (their goal_name). */
    goals: jsonb('goals').notNull().default([]),
    contacted: boolean('contacted').notNull().default(false),
    // ---- executor state ----
    definitionVersion: integer('definition_version').notNull().default(0),
    /** The block the recipient is at (null before the start block runs). */
    nodeId: text('node_id'),
    /** Moves made so far; the next move's key is (recipient, node, epoch). */
    epoch: integer('epoch').notNull().default(0),
    nextRunAt: ts('next_run_at'),
    /** A trigger block's window end: the "no" branch is taken then. */
    waitUntil: ts('wait_until'),
    /** The A/B variant each email block picked, {[blockId]: index}. */
    variants: jsonb('variants').notNull().default({}),
    /** Message-IDs sent so far, for threading follow-ups (In-Reply-To / References). */
    threadMessageIds: jsonb('thread_message_ids').notNull().default([]),
    lastSentAt: ts('last_sent_at'),
    addedAt: createdAt(),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at'),
  },
  (table) => [
    uniqueIndex('campaign_recipients_campaign_prospect_unique').on(table.campaignId, table.prospectId),
    index('campaign_recipients_campaign_status_idx').on(table.campaignId, table.status, table.id),
    // The recipients table in the order recipients were added (its default), a page without a
    // sort: a pkey scan would wade through other campaigns' rows in a large table.
    index('campaign_recipients_campaign_id_idx').on(table.campaignId, table.id),
    index('campaign_recipients_email_idx').on(table.accountId, sql`lower(${table.email})`),
    // A prospect's campaigns, a list's related campaigns (joined through its items) and the
    // cascade of a deleted prospect, without a scan of every recipient.
    index('campaign_recipients_prospect_idx').on(table.prospectId, table.campaignId),
    index('campaign_recipients_due_idx').on(table.nextRunAt).where(sql`${table.status} in ('active', 'processing')`),
    index('campaign_recipients_wait_idx').on(table.waitUntil).where(sql`${table.waitUntil} is not null`),
  ],
);

/**
 * Each move of a recipient into a block, written before its effect: unique on (recipient, node,
 * epoch), so a replayed job finds the row and does not act twice. States: pending → done |
 * skipped | failed.
 */
export const campaignRecipientSteps = pgTable(
  'campaign_recipient_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    epoch: integer('epoch').notNull(),
    state: text('state').notNull().default('pending'),
    /** The branch taken (next, yes, no) or why nothing was done. */
    outcome: text('outcome'),
    outboundId: bigint('outbound_id', { mode: 'number' }),
    linkedinActionId: bigint('linkedin_action_id', { mode: 'number' }),
    enteredAt: createdAt(),
    doneAt: ts('done_at'),
  },
  (table) => [
    uniqueIndex('campaign_recipient_steps_move_unique').on(table.recipientId, table.nodeId, table.epoch),
    index('campaign_recipient_steps_campaign_node_idx').on(table.campaignId, table.nodeId),
  ],
);

/**
 * What happened to a recipient: sent, delivered, opened, clicked, replied, auto_replied, bounced,
 * unsubscribed, goal, and the LinkedIn actions and replies. Machine opens and clicks are not
 * written here (they stay in mail_tracking_events with their reason).
 */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    nodeId: text('node_id'),
    kind: text('kind').notNull(),
    /** The recipient's first event of this kind (unique rates count these). */
    first: boolean('first').notNull().default(false),
    outboundId: bigint('outbound_id', { mode: 'number' }),
    /** Where the event came from, unique per source (a tracking event, an inbound message, an action), so replays add nothing. */
    sourceKey: text('source_key'),
    detail: jsonb('detail'),
    at: ts('at').notNull().defaultNow(),
  },
  (table) => [
    index('campaign_events_campaign_kind_idx').on(table.campaignId, table.kind, table.at),
    index('campaign_events_recipient_idx').on(table.recipientId, table.kind),
    uniqueIndex('campaign_events_source_unique').on(table.campaignId, table.sourceKey).where(sql`${table.sourceKey} is not null`),
  ],
);

/**
 * Events counted per campaign, day (UTC), block ('' for the campaign as a whole) and kind, kept
 * in the transaction that writes the event, so a campaign of 100,000 recipients answers its
 * totals, funnel and daily chart from a few hundred rows.
 */
export const campaignDailyStats = pgTable(
  'campaign_daily_stats',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    nodeId: text('node_id').notNull().default(''),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
    /** Recipients whose first event of this kind it was. */
    uniqueCount: integer('unique_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day, table.nodeId, table.kind] })],
);

/**
 * The campaign's own daily limits (dailyLimit, firstEmailDailyLimit) as counters per day of the
 * campaign's schedule time zone (UTC without a schedule), reserved by the executor before it hands
 * a message to the mail engine: a conditional upsert, so workers side by side never pass a limit.
 */
export const campaignDailySends = pgTable(
  'campaign_daily_sends',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    emails: integer('emails').notNull().default(0),
    firstEmails: integer('first_emails').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/**
 * How far the campaign executor has read the mail engine's durable records (mail_tracking_events,
 * mail_inbound) into campaign events: one row per source, the highest id behind which every row
 * has been turned into events. Listeners only wake the executor; these cursors make sure a crash
 * or a listener in another process loses nothing (rows near the cursor are read again, and
 * campaign_events.source_key makes a second reading add nothing).
 */
export const campaignExecutorCursors = pgTable('campaign_executor_cursors', {
  source: text('source').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at'),
});

/** PostgreSQL bytea, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files attached to a campaign's emails (document 1 §3 "Email block … attachments"), kept in the
 * database like every other record of the account (at most 10 MB a file, 25 MB an email:
 * EMAIL_ATTACHMENT_LIMITS). A variant of the flowchart refers to them by id; a queued message
 * (mail_outbound.attachments) refers to them too and the mail engine reads the bytes when it
 * sends. A removed attachment (`deleted_at`) keeps its bytes while unsent mail refers to it.
 */
export const campaignAttachments = pgTable(
  'campaign_attachments',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    /** Who uploaded it. */
    userId: userIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The email block and variant it was uploaded for. */
    blockId: text('block_id').notNull(),
    variant: integer('variant').notNull().default(0),
    /** Sanitised (contracts sanitizeAttachmentName). */
    fileName: text('file_name').notNull(),
    /** A safe content type (contracts safeAttachmentContentType). */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Null once a removed file's bytes are no longer needed (its row stays: the flowchart may still name it). */
    bytes: bytea('bytes'),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('campaign_attachments_campaign_idx').on(table.campaignId, table.blockId),
    index('campaign_attachments_account_idx').on(table.accountId),
  ],
);
