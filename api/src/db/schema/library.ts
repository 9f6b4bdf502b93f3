/**
 * The campaigns' library (issue 15): email templates with their categories, and named sending
 * schedules (time zone, days and hours) that campaigns pick in their sending options.
 */
import { index, integer, jsonb, pgTable, serial, text, boolean, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, ts } from './columns';
import { accountIdColumn, userIdColumn } from './owner-columns';

export const emailTemplateCategories = pgTable(
  'email_template_categories',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_template_categories_user_name_unique').on(table.userId, sql`lower(${table.name})`)],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    /** Deleting a category keeps its templates, uncategorised. */
    categoryId: integer('category_id').references(() => emailTemplateCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Sanitised on save (document 1 §5). */
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    plainTextMode: boolean('plain_text_mode').notNull().default(false),
    isAiGenerated: boolean('is_ai_generated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (table) => [index('email_templates_user_idx').on(table.userId, table.categoryId)],
);

/**
 * A named schedule: time zone and, per week day, whether it sends and between which clock times
 * (`[{day, enabled, from, to}]`, clock times as 'h:mm AM/PM').
 */
export const campaignSchedules = pgTable(
  'campaign_schedules',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    days: jsonb('days').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (table) => [index('campaign_schedules_user_idx').on(table.userId)],
);
