/** SQL of the general calls (§7.1); prospect and unibox reads are scoped by the caller. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  clearEmailRequests,
  displayedCaptchas,
  featureRequests,
  passedOnboardings,
  prospectEmails,
  prospects,
  teamMembers,
  uninstallFeedback,
} from '../../db/schema';
import type { DbOrTx } from '../../db/types';

export async function insertFeatureRequest(db: DbOrTx, values: typeof featureRequests.$inferInsert) {
  const [row] = await db.insert(featureRequests).values(values).returning({ id: featureRequests.id });
  return row!.id;
}

/** A prospect with its owner's team, only when it is in the caller's account or team. */
export async function prospectVisibleTo(db: DbOrTx, prospectId: number, accountId: number, teamId: number | null) {
  const ownerTeam = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, prospects.userId))
    .limit(1);
  const [row] = await db
    .select({ id: prospects.id, userId: prospects.userId, accountId: prospects.accountId, ownerTeamId: sql<number | null>`(${ownerTeam})` })
    .from(prospects)
    .where(
      and(
        eq(prospects.id, prospectId),
        teamId === null
          ? eq(prospects.accountId, accountId)
          : sql`(${prospects.accountId} = ${accountId} or exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${prospects.userId} and ${teamMembers.teamId} = ${teamId}))`,
      ),
    )
    .limit(1);
  return row;
}

export async function setMood(db: DbOrTx, prospectId: number, userId: number, point: number, type: string) {
  await db
    .update(prospects)
    .set({ moodPoint: point, moodType: type })
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, userId)));
}

export async function insertCaptcha(db: DbOrTx, values: typeof displayedCaptchas.$inferInsert) {
  await db.insert(displayedCaptchas).values(values);
}

export async function passedOf(db: DbOrTx, userId: number) {
  const rows = await db.select({ type: passedOnboardings.type }).from(passedOnboardings).where(eq(passedOnboardings.userId, userId));
  return rows.map((row) => row.type).sort();
}

export async function addPassed(db: DbOrTx, userId: number, type: string) {
  await db.insert(passedOnboardings).values({ userId, type }).onConflictDoNothing();
}

export async function insertUninstall(db: DbOrTx, values: typeof uninstallFeedback.$inferInsert) {
  await db.insert(uninstallFeedback).values(values);
}

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
