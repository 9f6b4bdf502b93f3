/**
 * Verification tables (issue 4): each account's verification results (its history and the
 * source of the 10 s re-polls), a cross-account result cache with an expiry, the credit ledger,
 * bulk verification jobs and their rows. The finder keeps its own tables in its own file.
 */
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accountIdColumn, userIdColumn } from './owner-columns';

/** The engine's detail of one outcome, stored as is (reasons, flags, codes). */
export interface StoredVerificationDetail {
  reasons: string[];
  smtpCode: number | null;
  enhancedCode: string | null;
  mxHost: string | null;
  flags: { disposable: boolean; role: boolean; free: boolean; catchAll: boolean };
  risk: 'low' | 'medium' | 'high';
  suggestion: string | null;
}

/** The newest outcome per (account, address); a re-verification updates the row. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    detail: jsonb('detail').$type<StoredVerificationDetail>().notNull(),
    /** single (verify-one), bulk, finder, prospects: the last-single-verified call reads `single`. */
    source: text('source').notNull(),
    charged: boolean('charged').notNull().default(false),
    /** Greylist re-checks done so far (back-off grows with it). */
    retryCount: smallint('retry_count').notNull().default(0),
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_verifications_account_email_unique').on(table.accountId, table.email),
    index('email_verifications_account_updated_idx').on(table.accountId, table.updatedAt),
    index('email_verifications_status_idx').on(table.status),
  ],
);

/**
 * What the engine learnt about an address, shared by every account until it expires
 * (VERIFY_CACHE_TTL_SECONDS): a repeat within the TTL opens no SMTP connection.
 */
export const verificationCache = pgTable(
  'verification_cache',
  {
    email: text('email').primaryKey(),
    domain: text('domain').notNull(),
    status: text('status').notNull(),
    detail: jsonb('detail').$type<StoredVerificationDetail>().notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (table) => [index('verification_cache_expires_idx').on(table.expiresAt)],
);

/** Every credit movement of verification (negative = spent, positive = refunded/topped up). */
export const verificationLedger = pgTable(
  'verification_ledger',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** verify_single, verify_bulk, verify_finder, verify_prospects, top_up, refund */
    reason: text('reason').notNull(),
    /** What the movement paid for (a bulk job id, an address). */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (table) => [index('verification_ledger_account_idx').on(table.accountId, table.createdAt)],
);

export const bulkVerifications = pgTable(
  'bulk_verifications',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    /** queued, in_progress, paused, completed, stopped, failed */
    status: text('status').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    notValid: integer('not_valid').notNull().default(0),
    catchAll: integer('catch_all').notNull().default(0),
    unknown: integer('unknown').notNull().default(0),
    greylist: integer('greylist').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    /** Raised by every resume: a job run that sees another generation stops (no two runs at once). */
    generation: integer('generation').notNull().default(0),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (table) => [index('bulk_verifications_account_idx').on(table.accountId, table.createdAt)],
);

export const bulkVerificationRows = pgTable(
  'bulk_verification_rows',
  {
    id: serial('id').primaryKey(),
    bulkId: integer('bulk_id')
      .notNull()
      .references(() => bulkVerifications.id, { onDelete: 'cascade' }),
    /** 1-based position in the upload. */
    row: integer('row').notNull(),
    email: text('email').notNull(),
    /** not_verified until the job reaches it. */
    status: text('status').notNull(),
    detail: jsonb('detail').$type<StoredVerificationDetail>(),
  },
  (table) => [
    uniqueIndex('bulk_verification_rows_unique').on(table.bulkId, table.row),
    index('bulk_verification_rows_status_idx').on(table.bulkId, table.status),
  ],
);
