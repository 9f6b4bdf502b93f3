/**
 * SQL for sessions, reset tokens, 2FA and rate-limit counters. These are keyed by the user a
 * session, a sign-in or a mailed token names, not by a caller's scope: they are how the caller
 * comes to exist (sign-in, second factor, reset) or are about the session itself (list, revoke).
 */
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  identityLinks,
  passwordResetTokens,
  plans,
  rateLimitCounters,
  sessions,
  subscriptions,
  teamMembers,
  teams,
  twoFactor,
  twoFactorRecoveryCodes,
  users,
  userSettings,
} from '../../db/schema';
import { preparedOn } from '../../db/prepared';
import type { Db, DbOrTx } from '../../db/types';
import { callerColumns } from '../account/caller';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** The session of a token hash with the bits of its user every request needs, the caller included. */
export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  // Prepared: this runs on every request that carries a session cookie.
  const statement = preparedOn(db, 'auth_session_by_token', (handle) =>
    handle
      .select({
        session: sessions,
        accountId: users.accountId,
        locale: userSettings.locale,
        ...callerColumns(),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(userSettings, eq(userSettings.userId, sessions.userId))
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .leftJoin(subscriptions, eq(subscriptions.accountId, sql`coalesce(${teams.accountId}, ${users.accountId})`))
      .leftJoin(plans, eq(plans.name, subscriptions.planName))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('auth_session_by_token'),
  );
  const [row] = await statement.execute({ tokenHash });
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string, userId: number, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
  await db.update(users).set({ lastActivityAt: at }).where(eq(users.id, userId));
}

export async function revokeSession(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: number, at: Date, exceptSessionId?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function listActiveSessions(db: DbOrTx, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

// ---------------------------------------------------------------- password reset

export async function insertResetToken(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

export async function findResetToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks the token used; false when another request used it first (single use under races). */
export async function consumeResetToken(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

export async function invalidateResetTokens(db: DbOrTx, userId: number, at: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

// ---------------------------------------------------------------- identity links

export async function insertIdentityLink(db: DbOrTx, values: typeof identityLinks.$inferInsert) {
  await db.insert(identityLinks).values(values);
}

/**
 * Uses a link once: answers its row only for the one request that marked it used while it was
 * unused and unexpired (single use under races).
 */
export async function consumeIdentityLink(db: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await db
    .update(identityLinks)
    .set({ usedAt: at })
    .where(and(eq(identityLinks.tokenHash, tokenHash), isNull(identityLinks.usedAt), gt(identityLinks.expiresAt, at)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- two-factor

export async function findTwoFactor(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

export async function upsertPendingTwoFactor(db: DbOrTx, userId: number, secret: string) {
  await db
    .insert(twoFactor)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, enabledAt: null, lastUsedStep: null } });
}

export async function enableTwoFactor(db: DbOrTx, userId: number, step: number, at: Date, codeHashes: string[]) {
  await db.update(twoFactor).set({ enabledAt: at, lastUsedStep: step }).where(eq(twoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/**
 * Records a TOTP step as used only if it is newer than the last one: a replayed code (same
 * step, even from a parallel request) updates no row and is refused.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        sql`(${twoFactor.lastUsedStep} is null or ${twoFactor.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function findRecoveryCode(db: DbOrTx, userId: number, codeHash: string) {
  const [row] = await db
    .select()
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)))
    .limit(1);
  return row;
}

export async function consumeRecoveryCode(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function deleteTwoFactor(db: DbOrTx, userId: number) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

// ---------------------------------------------------------------- rate limits

/**
 * Records one attempt at its exact time (a sliding-window log: `window_start` is the attempt's
 * time, and `hits` only grows when two attempts share a millisecond).
 */
export async function hitCounter(db: DbOrTx, key: string, at: Date): Promise<void> {
  await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: at, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    });
}

/** Attempt times (epoch ms) of a key after `since`, oldest first. */
export async function readAttempts(db: DbOrTx, key: string, since: Date): Promise<number[]> {
  const rows = await db
    .select({ at: rateLimitCounters.windowStart, hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStart, since)))
    .orderBy(rateLimitCounters.windowStart);
  return rows.flatMap((row) => Array.from({ length: row.hits }, () => row.at.getTime()));
}

export async function pruneAttempts(db: DbOrTx, key: string, before: Date) {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.key, key), lte(rateLimitCounters.windowStart, before)));
}

export async function clearCounter(db: DbOrTx, key: string) {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}
