/**
 * Prospects area tables (issue 5): prospects, their emails, lists, folders, tags, custom fields,
 * notes, companies. Started minimal by the platform (read by the §7.1 counters).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, users } from './platform';

export const prospects = pgTable(
  'prospects',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 not set, 1 interested, 2 maybe, 3 not interested. */
    moodPoint: integer('mood_point').notNull().default(0),
    moodType: text('mood_type').notNull().default('notSet'),
    createdAt: createdAt(),
  },
  (table) => [index('prospects_account_idx').on(table.accountId), index('prospects_user_idx').on(table.userId)],
);

export const prospectEmails = pgTable(
  'prospect_emails',
  {
    id: serial('id').primaryKey(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('prospect_emails_email_idx').on(sql`lower(${table.email})`)],
);

