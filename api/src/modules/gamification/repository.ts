/**
 * SQL for onboarding events, completed steps and the reward balance. The event list is reference
 * data shared by everyone; every function over a user's own steps and balance takes the caller's
 * scope right after the database and filters on its user.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { emailAccounts, gamificationEvents, userBalances, userEvents } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

export type GamificationEventRow = typeof gamificationEvents.$inferSelect;

export function activeEvents(db: DbOrTx) {
  return db.select().from(gamificationEvents).where(eq(gamificationEvents.active, true)).orderBy(asc(gamificationEvents.step));
}

/**
 * The event list changes only by migration or seed, yet every user-info shows it: it is read at
 * most once per TTL per database (setEventActive drops it at once; another process's change
 * shows within the TTL).
 */
export const ACTIVE_EVENTS_TTL_MS = 10_000;
const activeEventsCache = new WeakMap<object, { at: number; rows: Promise<readonly GamificationEventRow[]> }>();

export function cachedActiveEvents(db: Db, now = Date.now()): Promise<readonly GamificationEventRow[]> {
  const cached = activeEventsCache.get(db);
  if (cached && now - cached.at < ACTIVE_EVENTS_TTL_MS) return cached.rows;
  // The promise is kept, so concurrent callers share one read; a failed read is not kept.
  const rows = activeEvents(db).then((list) => Object.freeze(list));
  const entry = { at: now, rows };
  activeEventsCache.set(db, entry);
  rows.catch(() => {
    if (activeEventsCache.get(db) === entry) activeEventsCache.delete(db);
  });
  return rows;
}

export function userEventsOf(db: DbOrTx, scope: Scope) {
  return db.select().from(userEvents).where(eq(userEvents.userId, scope.userId)).orderBy(asc(userEvents.step));
}

export async function balanceOf(db: DbOrTx, scope: Scope) {
  const [row] = await db.select().from(userBalances).where(eq(userBalances.userId, scope.userId)).limit(1);
  return row ?? { userId: scope.userId, balance: 0, bonusClaimedAt: null };
}

/** Inserts the completion; false when the step was already completed (the unique index decides). */
export async function insertUserEvent(db: DbOrTx, scope: Scope, eventId: number, step: number): Promise<boolean> {
  const rows = await db
    .insert(userEvents)
    .values({ userId: scope.userId, eventId, step })
    .onConflictDoNothing({ target: [userEvents.userId, userEvents.step] })
    .returning({ id: userEvents.id });
  return rows.length === 1;
}

export async function addToBalance(db: DbOrTx, scope: Scope, amount: number) {
  await db
    .insert(userBalances)
    .values({ userId: scope.userId, balance: amount })
    .onConflictDoUpdate({ target: userBalances.userId, set: { balance: sql`${userBalances.balance} + ${amount}` } });
}

export async function markCongratulationShown(db: DbOrTx, scope: Scope, eventId: number): Promise<boolean> {
  const rows = await db
    .update(userEvents)
    .set({ congratulationShown: true })
    .where(and(eq(userEvents.userId, scope.userId), eq(userEvents.eventId, eventId)))
    .returning({ id: userEvents.id });
  return rows.length === 1;
}

/** Claims the bonus once: false when it was already claimed. */
export async function claimBonus(db: DbOrTx, scope: Scope, amount: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(userBalances)
    .set({ bonusClaimedAt: at, balance: sql`${userBalances.balance} + ${amount}` })
    .where(and(eq(userBalances.userId, scope.userId), isNull(userBalances.bonusClaimedAt)))
    .returning({ userId: userBalances.userId });
  return rows.length === 1;
}

export async function hasWarmupEmailAccount(db: DbOrTx, scope: Scope): Promise<boolean> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, scope.userId), eq(emailAccounts.accountId, scope.accountId), eq(emailAccounts.warmupEnabled, true), isNull(emailAccounts.deletedAt)))
    .limit(1);
  return Boolean(row);
}

export async function setEventActive(db: DbOrTx, step: number, active: boolean) {
  await db.update(gamificationEvents).set({ active }).where(eq(gamificationEvents.step, step));
  activeEventsCache.delete(db);
}
