/**
 * The platform tables (issue 3). Area issues extend this schema and add migrations; they never
 * edit a generated migration. Secrets (session tokens, reset tokens, recovery codes, invitation
 * codes) are stored only as sha256 hashes so a database leak does not hand out live credentials.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

import { createdAt, ts } from './columns';

/** The billing entity: one per registration; holds the plan. */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  crmActive: boolean('crm_active').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id; null for an account created through Google that never set a password. */
    passwordHash: text('password_hash'),
    hashId: text('hash_id').notNull().unique(),
    gaUserIdHash: text('ga_user_id_hash').notNull(),
    registrationId: text('registration_id').notNull(),
    googleSubject: text('google_subject').unique(),
    /** Set after a Google sign-in created the account: the shell sends the user to complete it. */
    needsRegistrationCompletion: boolean('needs_registration_completion').notNull().default(false),
    allowGamification: boolean('allow_gamification').notNull().default(true),
    isAllowSentimentalStuff: boolean('is_allow_sentimental_stuff').notNull().default(true),
    lastActivityAt: ts('last_activity_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

/** Per-user preferences (document 2 §7.1: language, time-zone cookie, currency). */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  locale: text('locale').notNull().default('en'),
  timeZone: text('time_zone'),
  currencyId: integer('currency_id'),
  allowKeepUpdate: boolean('allow_keep_update').notNull().default(true),
});

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  /** The lead's account: its plan is the team's plan. */
  accountId: integer('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  leadUserId: integer('lead_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  joinCode: text('join_code').unique(),
  createdAt: createdAt(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** A user belongs to at most one team. */
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 lead, 2 member viewing all team records, 0 member limited to own records. */
    isLead: integer('is_lead').notNull().default(0),
    group: text('group'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    group: text('group').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
  },
  (table) => [index('team_invitations_team_idx').on(table.teamId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** Public id shown in the session list; never usable as a credential. */
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    isAdminLogin: boolean('is_admin_login').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 TOTP secret: needed in clear to compute codes. */
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  /** Last accepted 30-second step: a code of that step or an earlier one is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (table) => [uniqueIndex('recovery_codes_user_code').on(table.userId, table.codeHash)],
);

export const plans = pgTable('plans', {
  name: text('name').primaryKey(),
  isFree: boolean('is_free').notNull(),
  /** Monthly price in cents; 0 for FREE and TRIAL. */
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const subscriptions = pgTable('subscriptions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  planName: text('plan_name')
    .notNull()
    .references(() => plans.name),
  startedAt: ts('started_at').notNull().defaultNow(),
  /** Null for a plan without an end (FREE). */
  endsAt: ts('ends_at'),
  trialStartedAt: ts('trial_started_at'),
  /** The account chose to go on for free after the trial (allowed once). */
  freeContinuedAt: ts('free_continued_at'),
  firstPaymentAt: ts('first_payment_at'),
  firstPaymentMethod: text('first_payment_method'),
  firstPaymentNoticeSeenAt: ts('first_payment_notice_seen_at'),
});

export const gamificationEvents = pgTable('gamification_events', {
  id: serial('id').primaryKey(),
  step: integer('step').notNull().unique(),
  name: text('name').notNull(),
  reward: integer('reward').notNull(),
  /** Only active events are "in the event list" and rewarded. */
  active: boolean('active').notNull().default(true),
});

export const userEvents = pgTable(
  'user_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => gamificationEvents.id),
    step: integer('step').notNull(),
    completedAt: ts('completed_at').notNull().defaultNow(),
    congratulationShown: boolean('congratulation_shown').notNull().default(false),
  },
  // Rewarded once: the database refuses a second completion of a step.
  (table) => [uniqueIndex('user_events_user_step').on(table.userId, table.step)],
);

export const userBalances = pgTable('user_balances', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
  bonusClaimedAt: ts('bonus_claimed_at'),
});

export const passedOnboardings = pgTable(
  'passed_onboardings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    passedAt: ts('passed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

export const featureRequests = pgTable('feature_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tool: text('tool').notNull(),
  feature: text('feature').notNull(),
  description: text('description').notNull(),
  workaround: text('workaround').notNull(),
  entryPoint: text('entry_point').notNull(),
  createdAt: createdAt(),
});

export const uninstallFeedback = pgTable('uninstall_feedback', {
  id: serial('id').primaryKey(),
  product: text('product').notNull(),
  reason: text('reason').notNull(),
  comment: text('comment').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const displayedCaptchas = pgTable('displayed_captchas', {
  id: serial('id').primaryKey(),
  place: text('place').notNull(),
  ip: text('ip'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Fixed-window attempt counters shared by every instance (login, 2FA, forgot, register). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Pending "remove my address" requests: the key is mailed to the address owner. */
export const clearEmailRequests = pgTable('clear_email_requests', {
  keyHash: text('key_hash').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * A connected mailbox (issue 13). Credentials (SMTP/IMAP passwords, OAuth tokens) and the DKIM
 * key are stored only encrypted (engines/mail/secrets) and never leave the API.
 */
export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    warmupEnabled: boolean('warmup_enabled').notNull().default(false),
    senderName: text('sender_name').notNull().default(''),
    /** smtp (passwords), google or microsoft (XOAUTH2), sandbox (the offline OAuth provider). */
    provider: text('provider').notNull().default('smtp'),
    /** The preset the hosts came from (gmail, outlook, zoho, …), null for custom servers. */
    preset: text('preset'),
    /** active, paused, error (see statusReason), reconnect (credentials refused or OAuth revoked). */
    status: text('status').notNull().default('active'),
    /** A catalogue-like key of why the status is error/reconnect (smtp_auth, imap_login, tls, dns, …). */
    statusReason: text('status_reason'),
    statusChangedAt: ts('status_changed_at'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    /** tls (implicit), starttls, none. */
    smtpSecurity: text('smtp_security'),
    smtpUser: text('smtp_user'),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecurity: text('imap_security'),
    imapUser: text('imap_user'),
    /** Encrypted JSON {smtpPassword?, imapPassword?, accessToken?, refreshToken?, expiresAt?}. */
    credentials: text('credentials'),
    dailyLimit: integer('daily_limit').notNull().default(30),
    minGapSeconds: integer('min_gap_seconds').notNull().default(60),
    maxGapSeconds: integer('max_gap_seconds').notNull().default(120),
    firstEmailDailyLimit: integer('first_email_daily_limit'),
    /** The scheduler's window (engines/mail/outbound/limits.ts): {timeZone, days: [{day: 'mon', from, to}]}, minutes after local midnight; null sends at any time. */
    sendingWindow: jsonb('sending_window'),
    signatureHtml: text('signature_html').notNull().default(''),
    replyTo: text('reply_to'),
    trackingDomain: text('tracking_domain'),
    trackingDomainVerifiedAt: ts('tracking_domain_verified_at'),
    /** Teamwork status (document 1 §4): shared with the team's campaigns or the owner's alone. */
    sharedWithTeam: boolean('shared_with_team').notNull().default(false),
    dkimSelector: text('dkim_selector'),
    dkimPrivateKey: text('dkim_private_key'),
    /** The DKIM public key (base64 DER SubjectPublicKeyInfo, the p= of the TXT record): shown without opening the private key. */
    dkimPublicKey: text('dkim_public_key'),
    /** When the DKIM TXT record was last found carrying dkimPublicKey; null: not verified. */
    dkimVerifiedAt: ts('dkim_verified_at'),
    /** Days of mail the first IMAP sync reads back: 3, 30, 90 or 180. */
    firstSyncDays: integer('first_sync_days').notNull().default(30),
    lastSentAt: ts('last_sent_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('email_accounts_user_idx').on(table.userId),
    uniqueIndex('email_accounts_user_email_unique').on(table.userId, sql`lower(${table.email})`).where(sql`${table.deletedAt} is null`),
  ],
);
