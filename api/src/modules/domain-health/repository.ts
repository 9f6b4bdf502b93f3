/**
 * SQL of the domain-health area. A domain is the caller's while one of their live mailboxes
 * (email_accounts, owned by user and account as the email-accounts area scopes them) is at it;
 * every function over a tenant's data takes the caller's scope right after the database.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { emailAccounts } from '../../db/schema';
import { domainHealthChecks } from '../../db/schema/domain-health';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import type { DomainCheck, DomainHealthStatus } from '@leadforge/contracts';

export type DomainHealthRow = typeof domainHealthChecks.$inferSelect;

export interface SendingMailbox {
  email: string;
  domain: string;
  provider: string;
  smtpHost: string | null;
  dkimSelector: string | null;
  dkimPublicKey: string | null;
}

const domainOfEmail = sql<string>`lower(split_part(${emailAccounts.email}, '@', 2))`;

const ownMailbox = (scope: Scope) =>
  and(eq(emailAccounts.userId, scope.userId), eq(emailAccounts.accountId, scope.accountId), isNull(emailAccounts.deletedAt));

/** The caller's live mailboxes with what the checks read of them. */
export async function ownSendingMailboxes(db: DbOrTx, scope: Scope): Promise<SendingMailbox[]> {
  return db
    .select({
      email: emailAccounts.email,
      domain: domainOfEmail,
      provider: emailAccounts.provider,
      smtpHost: emailAccounts.smtpHost,
      dkimSelector: emailAccounts.dkimSelector,
      dkimPublicKey: emailAccounts.dkimPublicKey,
    })
    .from(emailAccounts)
    .where(ownMailbox(scope))
    .orderBy(asc(emailAccounts.email));
}

export async function ownChecks(db: DbOrTx, scope: Scope): Promise<DomainHealthRow[]> {
  return db
    .select()
    .from(domainHealthChecks)
    .where(and(eq(domainHealthChecks.userId, scope.userId), eq(domainHealthChecks.accountId, scope.accountId)));
}

/** Stores the caller's newest check of a domain (one row per user and domain). */
export async function saveOwnCheck(
  db: DbOrTx,
  scope: Scope,
  values: { domain: string; health: DomainHealthStatus; checks: DomainCheck[]; checkedAt: Date },
): Promise<DomainHealthRow> {
  const [row] = await db
    .insert(domainHealthChecks)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .onConflictDoUpdate({
      target: [domainHealthChecks.userId, domainHealthChecks.domain],
      set: { health: values.health, checks: values.checks, checkedAt: values.checkedAt, accountId: scope.accountId },
    })
    .returning();
  return row!;
}

// ------------------------------------------------------------------ for the daily job

/**
 * The (user, domain) pairs of live mailboxes whose last check is older than `before` or missing,
 * oldest first; the daily job acts for each owner without a request.
 */
export async function dueForJob(db: DbOrTx, before: Date, limit: number): Promise<{ userId: number; domain: string }[]> {
  const rows = await db
    .selectDistinct({ userId: emailAccounts.userId, domain: domainOfEmail, checkedAt: domainHealthChecks.checkedAt })
    .from(emailAccounts)
    .leftJoin(domainHealthChecks, and(eq(domainHealthChecks.userId, emailAccounts.userId), eq(domainHealthChecks.domain, domainOfEmail)))
    .where(and(isNull(emailAccounts.deletedAt), or(isNull(domainHealthChecks.checkedAt), lt(domainHealthChecks.checkedAt, before))))
    .orderBy(sql`${domainHealthChecks.checkedAt} asc nulls first`, asc(emailAccounts.userId))
    .limit(limit);
  return rows.map((row) => ({ userId: row.userId, domain: row.domain }));
}
