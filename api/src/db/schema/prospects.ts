/**
 * Prospects area tables (issue 5): prospects, their emails, phones and companies, lists, folders,
 * tags, custom fields, notes, companies, imports. Every row carries the owner (user_id) and the
 * billing account so reads are scoped at the repository level; the indexes are the ones the
 * list, filter and search queries use at a million prospects (see bench/prospects.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './platform';
import { accountIdColumn, userIdColumn } from './owner-columns';

export const prospects = pgTable(
  'prospects',
  {
    id: serial('id').primaryKey(),
    /**
     * The owner's billing account, denormalised for account-wide duplicate lookups. No foreign
     * key: the row already goes with its account through user_id (users cascade with their
     * account), and each FK check costs every imported row (migration 0003).
     */
    accountId: integer('account_id').notNull(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    /** 0 not set, 1 interested, 2 maybe, 3 not interested. */
    moodPoint: integer('mood_point').notNull().default(0),
    moodType: text('mood_type').notNull().default('notSet'),
    createdAt: createdAt(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    industryId: integer('industry_id'),
    industry: text('industry'),
    countryId: integer('country_id'),
    country: text('country'),
    locality: text('locality'),
    logo: text('logo'),
    source: text('source').notNull().default('manual'),
    sourcePage: text('source_page'),
    /** Professional-network profile URL as entered, and normalised for duplicate detection. */
    social: text('social'),
    socialNorm: text('social_norm'),
    otherSocials: jsonb('other_socials').$type<{ network: string; url: string }[]>().notNull().default([]),
    timezone: text('timezone'),
    /** First company, denormalised for the table columns and the name + company duplicate key. */
    companyName: text('company_name'),
    companyIndustry: text('company_industry'),
    companyCountry: text('company_country'),
    /** lower(name) + '|' + lower(company) — the name + company duplicate key. */
    nameCompanyKey: text('name_company_key'),
    /** Lower-cased name for name search: substrings through pg_trgm, 2-character prefixes through the btree. */
    searchName: text('search_name').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // Every index costs each imported row: an index on user_id or account_id alone is covered by
    // these composite ones (FK cascades and owner scans use their leading column).
    // All contacts, sorted by add date (keyset: created_at desc, id desc).
    index('prospects_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // Two-character name searches match the start of the name (too short for trigrams).
    index('prospects_user_search_idx').on(table.userId, sql`${table.searchName} text_pattern_ops`),
    // Substring name search (global search and the table's name filter): pg_trgm, on both stores.
    index('prospects_search_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
    index('prospects_social_idx').on(table.accountId, table.socialNorm),
    index('prospects_name_company_idx').on(table.accountId, table.nameCompanyKey),
  ],
);

export const prospectEmails = pgTable(
  'prospect_emails',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** The prospect's account (denormalised for the duplicate index; goes with the prospect, so no FK). */
    accountId: integer('account_id').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    /** Verification status (contracts EMAIL_VERIFICATION_STATUSES). */
    status: text('status').notNull().default('not_verified'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
  },
  (table) => [
    index('prospect_emails_email_idx').on(sql`lower(${table.email})`),
    index('prospect_emails_prospect_idx').on(table.prospectId),
    index('prospect_emails_account_email_idx').on(table.accountId, sql`lower(${table.email})`),
  ],
);

export const prospectPhones = pgTable(
  'prospect_phones',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
  },
  (table) => [index('prospect_phones_prospect_idx').on(table.prospectId)],
);

/** Companies of the caller (company table, company lists, a prospect's related companies). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    nameNorm: text('name_norm').notNull(),
    url: text('url'),
    domain: text('domain'),
    industry: text('industry'),
    country: text('country'),
    size: text('size'),
    logo: text('logo'),
    hqPhone: text('hq_phone'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('companies_user_name_unique').on(table.userId, table.nameNorm),
    index('companies_user_name_idx').on(table.userId, sql`${table.nameNorm} text_pattern_ops`),
  ],
);

export const prospectCompanies = pgTable(
  'prospect_companies',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    url: text('url').notNull().default(''),
    position: text('position').notNull().default(''),
    hqPhone: text('hq_phone').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('prospect_companies_prospect_idx').on(table.prospectId), index('prospect_companies_company_idx').on(table.companyId)],
);

/** Prospect lists and company lists (`type`). Deleted lists keep deleted_at and can be restored. */
export const prospectLists = pgTable(
  'prospect_lists',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    type: text('type').notNull().default('prospect'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
    downloadedAt: ts('downloaded_at'),
    /**
     * Items in the list (prospects or companies), kept by statement-level triggers on
     * prospect_list_items and company_list_items in the writing transaction (migration 0003),
     * so every write path (import, add, move, copy, delete, cascades) keeps it exact.
     */
    itemsCount: integer('items_count').notNull().default(0),
  },
  (table) => [index('prospect_lists_user_idx').on(table.userId, table.type)],
);

/** Prospects per owner (All contacts), kept by triggers on prospects like items_count above. */
export const prospectOwnerCounts = pgTable('prospect_owner_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prospects: integer('prospects').notNull().default(0),
});

/**
 * Figures of a list or of All contacts that take a scan (LinkedIn and duplicates figures, the
 * "without email" count), shared by every API process: `value` is the last result, `computedAt`
 * when it was taken, `computingSince` marks the one process computing it now.
 */
export const prospectStatsCache = pgTable('prospect_stats_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, number>>(),
  computedAt: ts('computed_at'),
  /** How long the last computation took: a figure is not recomputed sooner than 20 times that. */
  computeMs: integer('compute_ms').notNull().default(0),
  computingSince: ts('computing_since'),
});

export const prospectListItems = pgTable(
  'prospect_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => prospectLists.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.prospectId] }),
    // A list's page sorted by add date (keyset: added_at desc, prospect_id desc).
    index('prospect_list_items_list_added_idx').on(table.listId, table.addedAt.desc(), table.prospectId.desc()),
    index('prospect_list_items_prospect_idx').on(table.prospectId),
  ],
);

export const companyListItems = pgTable(
  'company_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => prospectLists.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.companyId] }), index('company_list_items_company_idx').on(table.companyId)],
);

export const listFolders = pgTable(
  'list_folders',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('list_folders_user_idx').on(table.userId)],
);

export const listFolderItems = pgTable(
  'list_folder_items',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => listFolders.id, { onDelete: 'cascade' }),
    listId: integer('list_id')
      .notNull()
      .references(() => prospectLists.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.folderId, table.listId] }), index('list_folder_items_list_idx').on(table.listId)],
);

export const userTags = pgTable(
  'user_tags',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    type: text('type').notNull().default('custom'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('user_tags_user_name_unique').on(table.userId, sql`lower(${table.name})`)],
);

export const prospectTags = pgTable(
  'prospect_tags',
  {
    /** The tagEntityId of the contracts: the link between one tag and one prospect. */
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => userTags.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('prospect_tags_unique').on(table.tagId, table.prospectId), index('prospect_tags_prospect_idx').on(table.prospectId)],
);

/** Background tagging of many prospects (polled by prospect-tags/check-create). */
export const tagProcesses = pgTable('tag_processes', {
  id: text('id').primaryKey(),
  userId: userIdColumn(),
  listId: integer('list_id'),
  status: text('status').notNull().default('in_progress'),
  processed: integer('processed').notNull().default(0),
  total: integer('total').notNull().default(0),
  createdAt: createdAt(),
});

export const customFieldGroups = pgTable('custom_field_groups', {
  id: serial('id').primaryKey(),
  userId: userIdColumn(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    type: text('type').notNull().default('text'),
    position: integer('position').notNull().default(0),
    groupId: integer('group_id').references(() => customFieldGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('custom_fields_user_name_unique').on(table.userId, sql`lower(${table.name})`)],
);

export const prospectCustomValues = pgTable(
  'prospect_custom_values',
  {
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.prospectId, table.fieldId] })],
);

export const prospectNotes = pgTable(
  'prospect_notes',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    noteText: text('note_text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [index('prospect_notes_prospect_idx').on(table.prospectId)],
);

export const prospectEvents = pgTable(
  'prospect_events',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('prospect_events_prospect_idx').on(table.prospectId, table.createdAt.desc())],
);

export const companyHistory = pgTable(
  'company_history',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('company_history_user_idx').on(table.userId, table.createdAt.desc())],
);

export const prospectColumnSettings = pgTable('prospect_column_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull(),
  settings: jsonb('settings').$type<{ columns: unknown[]; sort: { field: string; order: string } }>().notNull(),
  savedAt: ts('saved_at').notNull().defaultNow(),
});

export const prospectSearches = pgTable(
  'prospect_searches',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    resultsCount: integer('results_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('prospect_searches_user_idx').on(table.userId, table.createdAt.desc())],
);

/** A CSV import: the uploaded file (in chunks), the mapping, progress and the rejected rows. */
export const prospectImports = pgTable('prospect_imports', {
  id: text('id').primaryKey(),
  userId: userIdColumn(),
  accountId: integer('account_id').notNull(),
  listId: integer('list_id')
    .notNull()
    .references(() => prospectLists.id, { onDelete: 'cascade' }),
  fileName: text('file_name'),
  status: text('status').notNull().default('uploaded'),
  mapping: jsonb('mapping').$type<Record<string, string | null>>(),
  duplicatePolicy: text('duplicate_policy').notNull().default('skip'),
  totalRows: integer('total_rows').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  rejected: jsonb('rejected').$type<{ row: number; reason: string; field: string | null }[]>().notNull().default([]),
  rejectedCount: integer('rejected_count').notNull().default(0),
  createdAt: createdAt(),
  finishedAt: ts('finished_at'),
});

export const prospectImportChunks = pgTable(
  'prospect_import_chunks',
  {
    importId: text('import_id')
      .notNull()
      .references(() => prospectImports.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    data: text('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.index] })],
);
