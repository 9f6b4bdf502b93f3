/**
 * SQL of the general calls (§7.1). A function over the caller's data (feature requests, onboarding
 * tours, a prospect's mood) takes the caller's scope right after the database and puts it in its
 * SQL. The "remove my address" calls are the exception, on purpose: see below.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  clearEmailRequests,
  displayedCaptchas,
  featureRequests,
  passedOnboardings,
  prospectEmails,
  prospects,
  uninstallFeedback,
} from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

export async function insertFeatureRequest(
  db: DbOrTx,
  scope: Scope,
  values: Omit<typeof featureRequests.$inferInsert, 'userId'>,
) {
  const [row] = await db
    .insert(featureRequests)
    .values({ ...values, userId: scope.userId })
    .returning({ id: featureRequests.id });
  return row!.id;
}

/**
 * A prospect of the caller's account or of a member of the caller's team (whose records exist for
 * the caller, even when their role hides them: the rules decide what shows). Undefined otherwise.
 */
export async function prospectVisibleTo(db: DbOrTx, scope: Scope, prospectId: number) {
  const [row] = await db
    .select({ id: prospects.id, userId: prospects.userId, accountId: prospects.accountId })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), or(eq(prospects.accountId, scope.accountId), inArray(prospects.userId, [...scope.teamUserIds]))))
    .limit(1);
  return row;
}

/** Sets the mood of one of the caller's own prospects; false when it is not theirs. */
export async function setMood(db: DbOrTx, scope: Scope, prospectId: number, point: number, type: string): Promise<boolean> {
  const rows = await db
    .update(prospects)
    .set({ moodPoint: point, moodType: type })
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, scope.userId), eq(prospects.accountId, scope.accountId)))
    .returning({ id: prospects.id });
  return rows.length === 1;
}

/** A shown captcha, of the caller or (null) of an anonymous visitor. */
export async function insertCaptcha(db: DbOrTx, scope: Scope | null, values: { place: string; ip: string | null }) {
  await db.insert(displayedCaptchas).values({ ...values, userId: scope?.userId ?? null });
}

export async function passedOf(db: DbOrTx, scope: Scope) {
  const rows = await db.select({ type: passedOnboardings.type }).from(passedOnboardings).where(eq(passedOnboardings.userId, scope.userId));
  return rows.map((row) => row.type).sort();
}

export async function addPassed(db: DbOrTx, scope: Scope, type: string) {
  await db.insert(passedOnboardings).values({ userId: scope.userId, type }).onConflictDoNothing();
}

/** Uninstall feedback, of the caller or (null) of an anonymous visitor. */
export async function insertUninstall(db: DbOrTx, scope: Scope | null, values: Omit<typeof uninstallFeedback.$inferInsert, 'userId'>) {
  await db.insert(uninstallFeedback).values({ ...values, userId: scope?.userId ?? null });
}

// "Remove my address" works across every account by design: the owner of a mailbox, proven by
// the key mailed to it, may clear that address wherever it is stored. No caller is involved.

export async function insertClearEmailRequest(db: DbOrTx, values: typeof clearEmailRequests.$inferInsert) {
  await db.insert(clearEmailRequests).values(values);
}

export async function openClearEmailRequest(db: DbOrTx, keyHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(clearEmailRequests)
    .where(and(eq(clearEmailRequests.keyHash, keyHash), isNull(clearEmailRequests.usedAt), gt(clearEmailRequests.expiresAt, now)))
    .limit(1);
  return row;
}

export async function countAddressEverywhere(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${prospectEmails.prospectId})` })
    .from(prospectEmails)
    .where(sql`lower(${prospectEmails.email}) = ${email.toLowerCase()}`);
  return Number(row?.value ?? 0);
}

export async function removeAddressEverywhere(db: DbOrTx, email: string) {
  const rows = await db
    .delete(prospectEmails)
    .where(sql`lower(${prospectEmails.email}) = ${email.toLowerCase()}`)
    .returning({ id: prospectEmails.id });
  return rows.length;
}

export async function closeClearEmailRequest(db: DbOrTx, keyHash: string, at: Date) {
  const rows = await db
    .update(clearEmailRequests)
    .set({ usedAt: at })
    .where(and(eq(clearEmailRequests.keyHash, keyHash), isNull(clearEmailRequests.usedAt)))
    .returning({ keyHash: clearEmailRequests.keyHash });
  return rows.length === 1;
}
