/**
 * Finder area tables (issue 4): single and domain searches (history by random search id),
 * learned email patterns per domain, bulk searches and their rows, LinkedIn search tasks and
 * social-url imports (issue 14: both run on one of the caller's connected LinkedIn accounts).
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { linkedinAccounts } from './social';
import { accountIdColumn, userIdColumn } from './owner-columns';

/** One single email search or domain search; `result` holds the answer as the API gives it. */
export const finderSearches = pgTable(
  'finder_searches',
  {
    id: serial('id').primaryKey(),
    /** Random id of document 2 §9 (length 16), used in the extension history pages. */
    searchId: text('search_id').notNull().unique(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    kind: text('kind').$type<'single' | 'domain'>().notNull(),
    domain: text('domain').notNull(),
    label: text('label').notNull(),
    email: text('email'),
    status: text('status'),
    found: integer('found').notNull().default(0),
    companyName: text('company_name'),
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('finder_searches_user_idx').on(table.userId, table.createdAt),
    index('finder_searches_domain_idx').on(table.accountId, table.domain),
  ],
);

/**
 * How many addresses of each pattern an account has confirmed at a domain (finds verified valid).
 * Global statistics are sums over accounts: counts only, never another account's addresses.
 */
export const finderPatternStats = pgTable(
  'finder_pattern_stats',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    domain: text('domain').notNull(),
    pattern: text('pattern').notNull(),
    hits: integer('hits').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('finder_pattern_stats_unique').on(table.accountId, table.domain, table.pattern),
    index('finder_pattern_stats_domain_idx').on(table.domain),
  ],
);

export const finderBulkJobs = pgTable(
  'finder_bulk_jobs',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    kind: text('kind').$type<'names' | 'domains'>().notNull(),
    name: text('name').notNull(),
    state: text('state').$type<'queued' | 'active' | 'paused' | 'completed' | 'failed' | 'cancelled'>().notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    found: integer('found').notNull().default(0),
    /** Where results go: an existing list, or a list created by name on the first save. */
    targetListId: integer('target_list_id'),
    targetListName: text('target_list_name'),
    listId: integer('list_id'),
    position: text('position'),
    /** Incremented on each resume, so each run has its own idempotency key. */
    run: integer('run').notNull().default(0),
    queueJobId: text('queue_job_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [index('finder_bulk_jobs_user_idx').on(table.userId, table.createdAt)],
);

export const finderBulkRows = pgTable(
  'finder_bulk_rows',
  {
    id: serial('id').primaryKey(),
    bulkId: integer('bulk_id')
      .notNull()
      .references(() => finderBulkJobs.id, { onDelete: 'cascade' }),
    /** Row number as the user sees it. */
    row: integer('row').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    domain: text('domain').notNull(),
    done: boolean('done').notNull().default(false),
    /** Result lines (one for a name row; every address found for a domain row). */
    results: jsonb('results'),
  },
  (table) => [uniqueIndex('finder_bulk_rows_unique').on(table.bulkId, table.row)],
);

export const linkedinSearchTasks = pgTable(
  'linkedin_search_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    url: text('url').notNull(),
    /** The connected LinkedIn account the search runs with. */
    socialAccountId: integer('social_account_id')
      .notNull()
      .references(() => linkedinAccounts.id, { onDelete: 'cascade' }),
    prospectsListId: integer('prospects_list_id').notNull(),
    prospectsTotal: integer('prospects_total').notNull(),
    isSkipSaved: boolean('is_skip_saved').notNull(),
    isSaveWithoutEmail: boolean('is_save_without_email').notNull(),
    status: text('status').$type<'queued' | 'in_progress' | 'stopped' | 'completed' | 'failed'>().notNull(),
    /** Why the task stopped or failed by itself (an error key, e.g. its account lost its session); null otherwise. */
    statusReason: text('status_reason'),
    /** Profiles read from the search so far (the provider's cursor). */
    prospectsFound: integer('prospects_found').notNull().default(0),
    prospectsSaved: integer('prospects_saved').notNull().default(0),
    /** Profile links that could not be used, with why. */
    badLinks: jsonb('bad_links').$type<{ url: string; reason: string }[]>().notNull().default([]),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('linkedin_search_tasks_user_idx').on(table.userId, table.createdAt),
    index('linkedin_search_tasks_social_account_idx').on(table.socialAccountId),
  ],
);

/**
 * A social-url import (document 1 §3): an uploaded file of profile links read one by one on a
 * connected account into a prospect list. Uploaded first (`uploaded`), started with `import`
 * on a chosen account, then queued → in_progress → completed | stopped | failed.
 */
export const linkedinSocialUrlImports = pgTable(
  'linkedin_social_url_imports',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    /** The stored name (unique per import, safe in a download's file name). */
    fileName: text('file_name').notNull(),
    /** The name of the file as the user uploaded it. */
    fileNameOriginal: text('file_name_original').notNull(),
    /** Data rows of the file (its header left out). */
    rowsCount: integer('rows_count').notNull(),
    prospectsListId: integer('prospects_list_id').notNull(),
    /** The connected LinkedIn account reading the profiles; null until the import is started. */
    socialAccountId: integer('social_account_id').references(() => linkedinAccounts.id, { onDelete: 'set null' }),
    status: text('status').$type<'uploaded' | 'queued' | 'in_progress' | 'stopped' | 'completed' | 'failed'>().notNull(),
    statusReason: text('status_reason'),
    /** The profile links to read, in file order, without duplicates, with the row each came from. */
    links: jsonb('links').$type<{ row: number; url: string }[]>().notNull(),
    /** Links read so far (the cursor into `links`). */
    linksRead: integer('links_read').notNull().default(0),
    prospectsSaved: integer('prospects_saved').notNull().default(0),
    /** Rows whose link could not be used (not a profile link at upload, or no profile behind it), with why. */
    badLinks: jsonb('bad_links').$type<{ row: number; url: string; reason: string }[]>().notNull().default([]),
    /** Incremented on each start, so each run has its own idempotency key. */
    run: integer('run').notNull().default(0),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('linkedin_social_url_imports_user_idx').on(table.userId, table.createdAt),
    index('linkedin_social_url_imports_social_account_idx').on(table.socialAccountId),
  ],
);

/** Profile links a user's tasks saved already (isSkipSaved). */
export const linkedinSavedProfiles = pgTable(
  'linkedin_saved_profiles',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    profileUrl: text('profile_url').notNull(),
    taskId: integer('task_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('linkedin_saved_profiles_unique').on(table.userId, table.profileUrl)],
);
