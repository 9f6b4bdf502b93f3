/** SQL of the verification area; every read and write is scoped by the caller's account. */
import { and, asc, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
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

export interface Actor {
  userId: number;
  accountId: number;
}

// ------------------------------------------------------------------ credits

export async function balanceOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: userBalances.balance }).from(userBalances).where(eq(userBalances.userId, userId)).limit(1);
  return row?.balance ?? 0;
}

/** Takes `amount` credits if the balance covers them; null (nothing taken) otherwise. */
export async function debit(db: DbOrTx, actor: Actor, amount: number, reason: string, reference: string | null): Promise<number | null> {
  const [row] = await db
    .update(userBalances)
    .set({ balance: sql`${userBalances.balance} - ${amount}` })
    .where(and(eq(userBalances.userId, actor.userId), gte(userBalances.balance, amount)))
    .returning({ balance: userBalances.balance });
  if (!row) return null;
  await db.insert(verificationLedger).values({ ...actor, delta: -amount, balanceAfter: row.balance, reason, reference });
  return row.balance;
}

/** Gives credits back (refunds) or adds them (top-ups); always recorded in the ledger. */
export async function credit(db: DbOrTx, actor: Actor, amount: number, reason: string, reference: string | null): Promise<number> {
  const [row] = await db
    .insert(userBalances)
    .values({ userId: actor.userId, balance: amount })
    .onConflictDoUpdate({ target: userBalances.userId, set: { balance: sql`${userBalances.balance} + ${amount}` } })
    .returning({ balance: userBalances.balance });
  await db.insert(verificationLedger).values({ ...actor, delta: amount, balanceAfter: row!.balance, reason, reference });
  return row!.balance;
}

export function ledgerOf(db: DbOrTx, accountId: number) {
  return db.select().from(verificationLedger).where(eq(verificationLedger.accountId, accountId)).orderBy(asc(verificationLedger.id));
}

// ------------------------------------------------------------------ results of the account

export function verificationsByEmails(db: DbOrTx, accountId: number, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([] as VerificationRow[]);
  return db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, accountId), inArray(emailVerifications.email, emails)));
}

export function verificationsByIds(db: DbOrTx, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as VerificationRow[]);
  return db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, accountId), inArray(emailVerifications.id, ids)));
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

export async function upsertVerifications(db: DbOrTx, actor: Actor, rows: VerificationWrite[]): Promise<VerificationRow[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  return db
    .insert(emailVerifications)
    .values(rows.map((row) => ({ ...actor, ...row, retryCount: row.retryCount ?? 0, updatedAt: now })))
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
export async function touchVerifications(db: DbOrTx, accountId: number, emails: string[], source: string): Promise<VerificationRow[]> {
  if (emails.length === 0) return [];
  return db
    .update(emailVerifications)
    .set({ updatedAt: new Date(), source })
    .where(and(eq(emailVerifications.accountId, accountId), inArray(emailVerifications.email, emails)))
    .returning();
}

export async function lastSingle(db: DbOrTx, accountId: number): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.accountId, accountId), eq(emailVerifications.source, 'single')))
    .orderBy(desc(emailVerifications.updatedAt), desc(emailVerifications.id))
    .limit(1);
  return row ?? null;
}

export async function verifiedPage(db: DbOrTx, accountId: number, page: number, perPage: number, status: string | undefined) {
  const where = and(eq(emailVerifications.accountId, accountId), status ? eq(emailVerifications.status, status) : undefined);
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

export async function createBulk(
  db: DbOrTx,
  actor: Actor,
  name: string,
  rows: { row: number; email: string; status: string; detail: StoredVerificationDetail | null }[],
): Promise<BulkRow> {
  const [bulk] = await db.insert(bulkVerifications).values({ ...actor, name, status: 'queued', total: rows.length }).returning();
  const CHUNK = 1_000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(bulkVerificationRows).values(rows.slice(start, start + CHUNK).map((row) => ({ ...row, bulkId: bulk!.id })));
  }
  return (await refreshBulkCounters(db, bulk!.id))!;
}

export async function bulkOf(db: DbOrTx, accountId: number, id: number): Promise<BulkRow | null> {
  const [row] = await db
    .select()
    .from(bulkVerifications)
    .where(and(eq(bulkVerifications.id, id), eq(bulkVerifications.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function bulkById(db: DbOrTx, id: number): Promise<BulkRow | null> {
  const [row] = await db.select().from(bulkVerifications).where(eq(bulkVerifications.id, id)).limit(1);
  return row ?? null;
}

export async function bulkPage(db: DbOrTx, accountId: number, page: number, perPage: number) {
  const where = eq(bulkVerifications.accountId, accountId);
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
  accountId: number,
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
    .where(and(eq(bulkVerifications.id, id), eq(bulkVerifications.accountId, accountId), inArray(bulkVerifications.status, from)))
    .returning();
  return row ?? null;
}

export function nextBulkRows(db: DbOrTx, bulkId: number, limit: number) {
  return db
    .select()
    .from(bulkVerificationRows)
    .where(and(eq(bulkVerificationRows.bulkId, bulkId), eq(bulkVerificationRows.status, 'not_verified')))
    .orderBy(asc(bulkVerificationRows.row))
    .limit(limit);
}

export async function saveBulkResults(db: DbOrTx, bulkId: number, results: { email: string; status: string; detail: StoredVerificationDetail }[]) {
  for (const result of results) {
    await db
      .update(bulkVerificationRows)
      .set({ status: result.status, detail: result.detail })
      .where(and(eq(bulkVerificationRows.bulkId, bulkId), eq(bulkVerificationRows.email, result.email)));
  }
}

/** Greylist re-checks resolve the same address in the account's bulk jobs too. */
export async function resolveGreylistedBulkRows(
  db: DbOrTx,
  accountId: number,
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
        inArray(bulkVerificationRows.bulkId, db.select({ id: bulkVerifications.id }).from(bulkVerifications).where(eq(bulkVerifications.accountId, accountId))),
      ),
    )
    .returning({ bulkId: bulkVerificationRows.bulkId });
  return [...new Set(rows.map((row) => row.bulkId))];
}

/** Counters recomputed from the rows: idempotent, so a re-run job never double counts. */
export async function refreshBulkCounters(db: DbOrTx, bulkId: number, charged = 0): Promise<BulkRow | null> {
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
    .where(eq(bulkVerificationRows.bulkId, bulkId));
  const [row] = await db
    .update(bulkVerifications)
    .set({ ...counts!, charged: sql`${bulkVerifications.charged} + ${charged}` })
    .where(eq(bulkVerifications.id, bulkId))
    .returning();
  return row ?? null;
}

export async function bulkResultsPage(db: DbOrTx, bulkId: number, page: number, perPage: number, status: string | undefined) {
  const where = and(eq(bulkVerificationRows.bulkId, bulkId), status ? eq(bulkVerificationRows.status, status) : undefined);
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

export function allBulkRows(db: DbOrTx, bulkId: number) {
  return db.select().from(bulkVerificationRows).where(eq(bulkVerificationRows.bulkId, bulkId)).orderBy(asc(bulkVerificationRows.row));
}
