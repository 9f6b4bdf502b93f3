/**
 * SQL of the verification area. Every function over an account's data takes its scope right
 * after the database and puts it in its SQL: results, bulk jobs and the ledger are the account's,
 * credits the user's balance. Another account's id therefore finds and changes nothing.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import {
  bulkVerificationRows,
  bulkVerifications,
  emailVerifications,
  userBalances,
  verificationCache,
  verificationLedger,
  type StoredVerificationDetail,
} from '../../db/schema';

export type VerificationRow = typeof emailVerifications.$inferSelect;
export type BulkRow = typeof bulkVerifications.$inferSelect;
export type BulkItemRow = typeof bulkVerificationRows.$inferSelect;

/**
 * The part of the caller's scope verification data is kept under (the area's data is per account
 * and per balance, never per team), so the prospects area and jobs can pass `{ userId, accountId }`.
 */
export type VerificationScope = Pick<Scope, 'userId' | 'accountId'>;

// ------------------------------------------------------------------ credits

export async function balanceOf(db: DbOrTx, scope: VerificationScope): Promise<number> {
  const [row] = await db.select({ balance: userBalances.balance }).from(userBalances).where(eq(userBalances.userId, scope.userId)).limit(1);
  return row?.balance ?? 0;
}

/** Takes `amount` credits if the balance covers them; null (nothing taken) otherwise. */
export async function debit(db: DbOrTx, scope: VerificationScope, amount: number, reason: string, reference: string | null): Promise<number | null> {
  const [row] = await db
    .update(userBalances)
    .set({ balance: sql`${userBalances.balance} - ${amount}` })
    .where(and(eq(userBalances.userId, scope.userId), gte(userBalances.balance, amount)))
    .returning({ balance: userBalances.balance });
  if (!row) return null;
  await db.insert(verificationLedger).values({ userId: scope.userId, accountId: scope.accountId, delta: -amount, balanceAfter: row.balance, reason, reference });
  return row.balance;
}

/** Gives credits back (refunds) or adds them (top-ups); always recorded in the ledger. */
export async function credit(db: DbOrTx, scope: VerificationScope, amount: number, reason: string, reference: string | null): Promise<number> {
  const [row] = await db
    .insert(userBalances)
    .values({ userId: scope.userId, balance: amount })
    .onConflictDoUpdate({ target: userBalances.userId, set: { balance: sql`${userBalances.balance} + ${amount}` } })
    .returning({ balance: userBalances.balance });
  await db.insert(verificationLedger).values({ userId: scope.userId, accountId: scope.accountId, delta: amount, balanceAfter: row!.balance, reason, reference });
  return row!.balance;
}

export function ledgerOf(db: DbOrTx, scope: VerificationScope) {
  return db.select().from(verificationLedger).where(eq(verificationLedger.accountId, scope.accountId)).orderBy(asc(verificationLedger.id));
}

// ------------------------------------------------------------------ results of the account

export function verificationsByEmails(db: DbOrTx, scope: VerificationScope, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([] as VerificationRow[]);
  return db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, scope.accountId), inArray(emailVerifications.email, emails)));
}

export function verificationsByIds(db: DbOrTx, scope: VerificationScope, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as VerificationRow[]);
  return db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, scope.accountId), inArray(emailVerifications.id, ids)));
}

export interface VerificationWrite {
  email: string;
  status: string;
  detail: StoredVerificationDetail;
  source: string;
  charged: boolean;
  retryCount?: number;
  verifiedAt: Date | null;
}

/** Writes the account's newest outcomes; the conflict target holds the account, so only its own rows are updated. */
export async function upsertVerifications(db: DbOrTx, scope: VerificationScope, rows: VerificationWrite[]): Promise<VerificationRow[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  return db
    .insert(emailVerifications)
    .values(rows.map((row) => ({ userId: scope.userId, accountId: scope.accountId, ...row, retryCount: row.retryCount ?? 0, updatedAt: now })))
    .onConflictDoUpdate({
      target: [emailVerifications.accountId, emailVerifications.email],
      set: {
        userId: sql`excluded.user_id`,
        status: sql`excluded.status`,
        detail: sql`excluded.detail`,
        source: sql`excluded.source`,
        charged: sql`excluded.charged`,
        retryCount: sql`excluded.retry_count`,
        verifiedAt: sql`excluded.verified_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
}

/** Marks answers given again from the account's history as asked now (they top the last-verified lists). */
export async function touchVerifications(db: DbOrTx, scope: VerificationScope, emails: string[], source: string): Promise<VerificationRow[]> {
  if (emails.length === 0) return [];
  return db
    .update(emailVerifications)
    .set({ updatedAt: new Date(), source })
    .where(and(eq(emailVerifications.accountId, scope.accountId), inArray(emailVerifications.email, emails)))
    .returning();
}

export async function lastSingle(db: DbOrTx, scope: VerificationScope): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, scope.accountId), eq(emailVerifications.source, 'single')))
    .orderBy(desc(emailVerifications.updatedAt), desc(emailVerifications.id))
    .limit(1);
  return row ?? null;
}

export async function verifiedPage(db: DbOrTx, scope: VerificationScope, page: number, perPage: number, status: string | undefined) {
  const where = and(eq(emailVerifications.accountId, scope.accountId), status ? eq(emailVerifications.status, status) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(emailVerifications)
      .where(where)
      .orderBy(desc(emailVerifications.updatedAt), desc(emailVerifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(emailVerifications).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

// ------------------------------------------------------------------ shared result cache
// Not scoped on purpose: the cache holds what a mail server said about an address, shared by
// every account so a repeat opens no SMTP connection; it carries no account, user or history.

export function cachedResults(db: DbOrTx, emails: string[], now: Date) {
  if (emails.length === 0) return Promise.resolve([] as (typeof verificationCache.$inferSelect)[]);
  return db
    .select()
    .from(verificationCache)
    .where(and(inArray(verificationCache.email, emails), gt(verificationCache.expiresAt, now)));
}

export async function writeCache(
  db: DbOrTx,
  rows: { email: string; domain: string; status: string; detail: StoredVerificationDetail }[],
  expiresAt: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(verificationCache)
    .values(rows.map((row) => ({ ...row, expiresAt })))
    .onConflictDoUpdate({
      target: verificationCache.email,
      set: { status: sql`excluded.status`, detail: sql`excluded.detail`, expiresAt: sql`excluded.expires_at` },
    });
}

// ------------------------------------------------------------------ bulk jobs

/** The ids of the account's bulk jobs: rows of a job are reached only through its owner. */
function ownBulkIds(db: DbOrTx, scope: VerificationScope) {
  return db.select({ id: bulkVerifications.id }).from(bulkVerifications).where(eq(bulkVerifications.accountId, scope.accountId));
}

function ownBulkRows(db: DbOrTx, scope: VerificationScope, bulkId: number) {
  return and(eq(bulkVerificationRows.bulkId, bulkId), inArray(bulkVerificationRows.bulkId, ownBulkIds(db, scope)));
}

export async function createBulk(
  db: DbOrTx,
  scope: VerificationScope,
  name: string,
  rows: { row: number; email: string; status: string; detail: StoredVerificationDetail | null }[],
): Promise<BulkRow> {
  const [bulk] = await db
    .insert(bulkVerifications)
    .values({ userId: scope.userId, accountId: scope.accountId, name, status: 'queued', total: rows.length })
    .returning();
  const CHUNK = 1_000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(bulkVerificationRows).values(rows.slice(start, start + CHUNK).map((row) => ({ ...row, bulkId: bulk!.id })));
  }
  return (await refreshBulkCounters(db, scope, bulk!.id))!;
}

export async function bulkOf(db: DbOrTx, scope: VerificationScope, id: number): Promise<BulkRow | null> {
  const [row] = await db
    .select()
    .from(bulkVerifications)
    .where(and(eq(bulkVerifications.id, id), eq(bulkVerifications.accountId, scope.accountId)))
    .limit(1);
  return row ?? null;
}

/**
 * Whose bulk job this is, for the job run alone: the queue hands it only the job's id. This is
 * the area's one read by a bare id, and it answers nothing but the owner; the run then reads and
 * writes the job through the owner's scope like a request would. Never call it on a request path.
 */
export async function bulkOwnerForJob(db: DbOrTx, id: number): Promise<VerificationScope | null> {
  const [row] = await db
    .select({ userId: bulkVerifications.userId, accountId: bulkVerifications.accountId })
    .from(bulkVerifications)
    .where(eq(bulkVerifications.id, id))
    .limit(1);
  return row ?? null;
}

export async function bulkPage(db: DbOrTx, scope: VerificationScope, page: number, perPage: number) {
  const where = eq(bulkVerifications.accountId, scope.accountId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(bulkVerifications)
      .where(where)
      .orderBy(desc(bulkVerifications.createdAt), desc(bulkVerifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(bulkVerifications).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** Moves a job between states; null when it was not in one of `from` (the caller answers conflict). */
export async function transitionBulk(
  db: DbOrTx,
  scope: VerificationScope,
  id: number,
  from: string[],
  to: string,
  options: { bumpGeneration?: boolean; completed?: boolean } = {},
): Promise<BulkRow | null> {
  const [row] = await db
    .update(bulkVerifications)
    .set({
      status: to,
      ...(options.bumpGeneration ? { generation: sql`${bulkVerifications.generation} + 1` } : {}),
      ...(options.completed ? { completedAt: new Date() } : {}),
    })
    .where(and(eq(bulkVerifications.id, id), eq(bulkVerifications.accountId, scope.accountId), inArray(bulkVerifications.status, from)))
    .returning();
  return row ?? null;
}

export function nextBulkRows(db: DbOrTx, scope: VerificationScope, bulkId: number, limit: number) {
  return db
    .select()
    .from(bulkVerificationRows)
    .where(and(ownBulkRows(db, scope, bulkId), eq(bulkVerificationRows.status, 'not_verified')))
    .orderBy(asc(bulkVerificationRows.row))
    .limit(limit);
}

export async function saveBulkResults(
  db: DbOrTx,
  scope: VerificationScope,
  bulkId: number,
  results: { email: string; status: string; detail: StoredVerificationDetail }[],
) {
  for (const result of results) {
    await db
      .update(bulkVerificationRows)
      .set({ status: result.status, detail: result.detail })
      .where(and(ownBulkRows(db, scope, bulkId), eq(bulkVerificationRows.email, result.email)));
  }
}

/** Greylist re-checks resolve the same address in the account's bulk jobs too. */
export async function resolveGreylistedBulkRows(
  db: DbOrTx,
  scope: VerificationScope,
  email: string,
  status: string,
  detail: StoredVerificationDetail,
): Promise<number[]> {
  const rows = await db
    .update(bulkVerificationRows)
    .set({ status, detail })
    .where(
      and(
        eq(bulkVerificationRows.email, email),
        eq(bulkVerificationRows.status, 'greylist'),
        inArray(bulkVerificationRows.bulkId, ownBulkIds(db, scope)),
      ),
    )
    .returning({ bulkId: bulkVerificationRows.bulkId });
  return [...new Set(rows.map((row) => row.bulkId))];
}

/** Counters recomputed from the rows: idempotent, so a re-run job never double counts. */
export async function refreshBulkCounters(db: DbOrTx, scope: VerificationScope, bulkId: number, charged = 0): Promise<BulkRow | null> {
  const counted = (status: string) => sql<number>`count(*) filter (where ${bulkVerificationRows.status} = ${status})::int`;
  const [counts] = await db
    .select({
      processed: sql<number>`count(*) filter (where ${bulkVerificationRows.status} <> 'not_verified')::int`,
      valid: counted('valid'),
      notValid: counted('not_valid'),
      catchAll: counted('catch_all'),
      unknown: counted('unknown'),
      greylist: counted('greylist'),
      skipped: sql<number>`count(*) filter (where ${bulkVerificationRows.detail} ->> 'reasons' like '%"syntax"%')::int`,
    })
    .from(bulkVerificationRows)
    .where(ownBulkRows(db, scope, bulkId));
  const [row] = await db
    .update(bulkVerifications)
    .set({ ...counts!, charged: sql`${bulkVerifications.charged} + ${charged}` })
    .where(and(eq(bulkVerifications.id, bulkId), eq(bulkVerifications.accountId, scope.accountId)))
    .returning();
  return row ?? null;
}

export async function bulkResultsPage(db: DbOrTx, scope: VerificationScope, bulkId: number, page: number, perPage: number, status: string | undefined) {
  const where = and(ownBulkRows(db, scope, bulkId), status ? eq(bulkVerificationRows.status, status) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(bulkVerificationRows)
      .where(where)
      .orderBy(asc(bulkVerificationRows.row))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(bulkVerificationRows).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
