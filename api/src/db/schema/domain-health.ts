/**
 * Domain health (issue 17): the last check of each sending domain of a user, one row per
 * (user, domain). A domain is the caller's while one of their live mailboxes is at it; the row
 * stays when the last mailbox goes (the list only shows domains of live mailboxes), so connecting
 * a mailbox there again shows the last check at once.
 */
import type { DomainCheck, DomainHealthStatus } from '@leadforge/contracts';
import { index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accountIdColumn, userIdColumn } from './owner-columns';

export const domainHealthChecks = pgTable(
  'domain_health_checks',
  {
    id: serial('id').primaryKey(),
    accountId: accountIdColumn(),
    userId: userIdColumn(),
    /** Lower case, without the final dot. */
    domain: text('domain').notNull(),
    /** good, ok or bad: the worst of the checks. */
    health: text('health').$type<DomainHealthStatus>().notNull(),
    /** The checks as the API answers them (contracts `domainCheckSchema`). */
    checks: jsonb('checks').$type<DomainCheck[]>().notNull(),
    checkedAt: ts('checked_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('domain_health_checks_user_domain_unique').on(table.userId, table.domain),
    // The daily job reads the oldest checks first.
    index('domain_health_checks_checked_idx').on(table.checkedAt),
  ],
);
