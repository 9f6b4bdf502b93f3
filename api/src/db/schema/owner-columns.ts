/**
 * The owner columns of a tenant's row: its account and user (the scope every query filters on)
 * and, for mail records, the mailbox. Each goes when its owner goes.
 */
import { integer } from 'drizzle-orm/pg-core';
import { accounts, emailAccounts, users } from './platform';

export const accountIdColumn = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const userIdColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const emailAccountIdColumn = () =>
  integer('email_account_id')
    .notNull()
    .references(() => emailAccounts.id, { onDelete: 'cascade' });
