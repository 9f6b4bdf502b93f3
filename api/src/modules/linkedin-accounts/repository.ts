/**
 * SQL of the linkedin-accounts area. Every function over a tenant's slots takes the caller's scope
 * right after the database and puts it in its SQL:
 * - a slot the caller may use is theirs (they own it) or one a teammate who owns it assigned to
 *   them (the owner still being in the caller's team);
 * - the team's slots are those owned by the caller's team;
 * - slot requests are the team's (for its lead) or the caller's own.
 * Another account's ids therefore find and change nothing. Removed slots (deletedAt) are invisible.
 * The functions at the end are the session check's, which runs for every account without a request.
 */
import { and, asc, count, countDistinct, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { linkedinAccounts, linkedinActions, linkedinDailyUsage, linkedinInvitations, linkedinSlotRequests } from '../../db/schema/social';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

export type LinkedinAccountRow = typeof linkedinAccounts.$inferSelect;
export type NewLinkedinAccountValues = Omit<typeof linkedinAccounts.$inferInsert, 'id' | 'userId' | 'createdAt' | 'deletedAt'>;
export type LinkedinAccountChanges = Partial<Omit<typeof linkedinAccounts.$inferInsert, 'id' | 'accountId' | 'userId' | 'createdAt'>>;
export type SlotRequestRow = typeof linkedinSlotRequests.$inferSelect;

/** A slot with the names shown beside it. */
export interface SlotWithNames {
  account: LinkedinAccountRow;
  ownerName: string;
  assignedUserName: string | null;
}

const assignee = alias(users, 'assignee');
const live = isNull(linkedinAccounts.deletedAt);

/** Slots the caller may use: their own, and those assigned to them by a teammate who owns them. */
const usable = (scope: Scope) =>
  and(
    live,
    or(
      eq(linkedinAccounts.userId, scope.userId),
      and(eq(linkedinAccounts.assignedUserId, scope.userId), inArray(linkedinAccounts.userId, [...scope.teamUserIds])),
    ),
  );

const nameOf = (name: string | null, email: string | null) => (name && name.trim() ? name : (email ?? ''));

function withNames(db: DbOrTx) {
  return db
    .select({
      account: linkedinAccounts,
      ownerName: users.name,
      ownerEmail: users.email,
      assigneeName: assignee.name,
      assigneeEmail: assignee.email,
    })
    .from(linkedinAccounts)
    .innerJoin(users, eq(users.id, linkedinAccounts.userId))
    .leftJoin(assignee, eq(assignee.id, linkedinAccounts.assignedUserId));
}

function named(rows: { account: LinkedinAccountRow; ownerName: string; ownerEmail: string; assigneeName: string | null; assigneeEmail: string | null }[]): SlotWithNames[] {
  return rows.map((row) => ({
    account: row.account,
    ownerName: nameOf(row.ownerName, row.ownerEmail),
    assignedUserName: row.account.assignedUserId === null ? null : nameOf(row.assigneeName, row.assigneeEmail),
  }));
}

export async function listUsable(db: DbOrTx, scope: Scope): Promise<SlotWithNames[]> {
  return named(await withNames(db).where(usable(scope)).orderBy(asc(linkedinAccounts.createdAt), asc(linkedinAccounts.id)));
}

export async function findUsable(db: DbOrTx, scope: Scope, id: number): Promise<SlotWithNames | undefined> {
  const [row] = named(await withNames(db).where(and(usable(scope), eq(linkedinAccounts.id, id))).limit(1));
  return row;
}

/** The team's slots (owned by any member of the caller's team), with owners' and assignees' names. */
export async function listTeam(db: DbOrTx, scope: Scope): Promise<SlotWithNames[]> {
  return named(
    await withNames(db)
      .where(and(live, inArray(linkedinAccounts.userId, [...scope.teamUserIds])))
      .orderBy(asc(linkedinAccounts.createdAt), asc(linkedinAccounts.id)),
  );
}

/** A slot the caller owns (not merely uses). */
export async function findOwned(db: DbOrTx, scope: Scope, id: number): Promise<LinkedinAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(linkedinAccounts)
    .where(and(live, eq(linkedinAccounts.userId, scope.userId), eq(linkedinAccounts.id, id)))
    .limit(1);
  return row;
}

/**
 * Serialises the changes of one plan account's slots (their number, the member connected in
 * each) until the transaction ends, so two connections at once cannot both take the last slot or
 * the same member.
 */
export async function lockSlots(tx: DbOrTx, planAccountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`linkedin-slots:${planAccountId}`}))`);
}

/** Live slots paid by the plan account (owned by the caller's team). */
export async function countSlots(db: DbOrTx, scope: Scope, planAccountId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(linkedinAccounts)
    .where(and(live, eq(linkedinAccounts.accountId, planAccountId), inArray(linkedinAccounts.userId, [...scope.teamUserIds])));
  return row?.value ?? 0;
}

/** Whether another live slot of the plan account holds this member. */
export async function memberTaken(db: DbOrTx, scope: Scope, planAccountId: number, provider: string, memberKey: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: linkedinAccounts.id })
    .from(linkedinAccounts)
    .where(
      and(
        live,
        eq(linkedinAccounts.accountId, planAccountId),
        inArray(linkedinAccounts.userId, [...scope.teamUserIds]),
        eq(linkedinAccounts.provider, provider),
        eq(linkedinAccounts.memberKey, memberKey),
        exceptId === null ? undefined : sql`${linkedinAccounts.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A new slot owned by the caller, paid by `values.accountId` (the caller's plan account). */
export async function insertOwned(db: DbOrTx, scope: Scope, values: NewLinkedinAccountValues): Promise<LinkedinAccountRow> {
  const [row] = await db
    .insert(linkedinAccounts)
    .values({ ...values, userId: scope.userId })
    .returning();
  return row!;
}

export async function updateUsable(db: DbOrTx, scope: Scope, id: number, changes: LinkedinAccountChanges): Promise<LinkedinAccountRow | undefined> {
  const [row] = await db
    .update(linkedinAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(usable(scope), eq(linkedinAccounts.id, id)))
    .returning();
  return row;
}

export async function updateOwned(db: DbOrTx, scope: Scope, id: number, changes: LinkedinAccountChanges): Promise<LinkedinAccountRow | undefined> {
  const [row] = await db
    .update(linkedinAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(live, eq(linkedinAccounts.userId, scope.userId), eq(linkedinAccounts.id, id)))
    .returning();
  return row;
}

/**
 * Counts one attempt at the pending login's code, while that login is still the one pending (the
 * sealed challenge unchanged); answers the attempts so far, undefined when it is not pending.
 */
export async function countCodeAttempt(db: DbOrTx, scope: Scope, id: number, challenge: string): Promise<number | undefined> {
  const [row] = await db
    .update(linkedinAccounts)
    .set({ challengeAttempts: sql`${linkedinAccounts.challengeAttempts} + 1` })
    .where(and(usable(scope), eq(linkedinAccounts.id, id), eq(linkedinAccounts.challenge, challenge)))
    .returning({ attempts: linkedinAccounts.challengeAttempts });
  return row?.attempts;
}

// ------------------------------------------------------------------ figures of the view

/**
 * Actions done per account on the given day of each (its own time zone's), warm-up actions apart.
 * The caller passes only accounts its scope already read.
 */
export async function doneOnDays(db: DbOrTx, days: { linkedinAccountId: number; day: string }[]): Promise<Map<number, Map<string, number>>> {
  const done = new Map<number, Map<string, number>>();
  if (days.length === 0) return done;
  const rows = await db
    .select({ linkedinAccountId: linkedinDailyUsage.linkedinAccountId, day: linkedinDailyUsage.day, action: linkedinDailyUsage.action, count: linkedinDailyUsage.count })
    .from(linkedinDailyUsage)
    .where(
      and(
        inArray(linkedinDailyUsage.linkedinAccountId, [...new Set(days.map((entry) => entry.linkedinAccountId))]),
        inArray(linkedinDailyUsage.day, [...new Set(days.map((entry) => entry.day))]),
      ),
    );
  const wanted = new Map(days.map((entry) => [entry.linkedinAccountId, entry.day]));
  for (const row of rows) {
    if (wanted.get(row.linkedinAccountId) !== String(row.day)) continue;
    const actions = done.get(row.linkedinAccountId) ?? new Map<string, number>();
    actions.set(row.action, (actions.get(row.action) ?? 0) + row.count);
    done.set(row.linkedinAccountId, actions);
  }
  return done;
}

/** Pending invitations per account (the caller passes only accounts its scope already read). */
export async function pendingInvitations(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: linkedinInvitations.linkedinAccountId, value: count() })
    .from(linkedinInvitations)
    .where(and(inArray(linkedinInvitations.linkedinAccountId, ids), eq(linkedinInvitations.status, 'pending')))
    .groupBy(linkedinInvitations.linkedinAccountId);
  return new Map(rows.map((row) => [row.id, row.value]));
}

/** Campaigns with LinkedIn actions still to do per account (the caller passes only accounts its scope already read). */
export async function campaignsWaiting(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: linkedinActions.linkedinAccountId, value: countDistinct(linkedinActions.campaignId) })
    .from(linkedinActions)
    .where(and(inArray(linkedinActions.linkedinAccountId, ids), isNotNull(linkedinActions.campaignId), inArray(linkedinActions.state, ['queued', 'running'])))
    .groupBy(linkedinActions.linkedinAccountId);
  return new Map(rows.map((row) => [row.id, row.value]));
}

/**
 * Calls off the queued actions of an account the caller used (owned or was given), when the runner's own service is
 * not there to do it: they become `cancelled` with the reason given. Running ones are left to
 * the runner, which records their outcome itself. Returns how many were cancelled.
 */
export async function cancelQueuedActions(db: DbOrTx, scope: Scope, linkedinAccountId: number, reason: string): Promise<number> {
  const rows = await db
    .update(linkedinActions)
    .set({ state: 'cancelled', reason, leaseUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(linkedinActions.linkedinAccountId, linkedinAccountId),
        eq(linkedinActions.state, 'queued'),
        // Not only live slots: this runs right after the slot is removed.
        sql`exists (select 1 from ${linkedinAccounts} where ${linkedinAccounts.id} = ${linkedinActions.linkedinAccountId} and (${linkedinAccounts.userId} = ${scope.userId} or ${linkedinAccounts.assignedUserId} = ${scope.userId}))`,
      ),
    )
    .returning({ id: linkedinActions.id });
  return rows.length;
}

// ------------------------------------------------------------------ slot requests

export interface SlotRequestWithName {
  request: SlotRequestRow;
  requesterName: string;
}

function requestsWithNames(db: DbOrTx) {
  return db
    .select({ request: linkedinSlotRequests, name: users.name, email: users.email })
    .from(linkedinSlotRequests)
    .innerJoin(users, eq(users.id, linkedinSlotRequests.requesterId));
}

const namedRequests = (rows: { request: SlotRequestRow; name: string; email: string }[]): SlotRequestWithName[] =>
  rows.map((row) => ({ request: row.request, requesterName: nameOf(row.name, row.email) }));

/** The team's requests (for its lead): asked by members of the caller's team, in that team. */
export async function listTeamRequests(db: DbOrTx, scope: Scope, teamId: number): Promise<SlotRequestWithName[]> {
  return namedRequests(
    await requestsWithNames(db)
      .where(and(eq(linkedinSlotRequests.teamId, teamId), inArray(linkedinSlotRequests.requesterId, [...scope.teamUserIds])))
      .orderBy(sql`${linkedinSlotRequests.createdAt} desc`, sql`${linkedinSlotRequests.id} desc`),
  );
}

export async function listOwnRequests(db: DbOrTx, scope: Scope): Promise<SlotRequestWithName[]> {
  return namedRequests(
    await requestsWithNames(db)
      .where(eq(linkedinSlotRequests.requesterId, scope.userId))
      .orderBy(sql`${linkedinSlotRequests.createdAt} desc`, sql`${linkedinSlotRequests.id} desc`),
  );
}

/** The new pending request, or undefined when the caller already has one pending. */
export async function insertOwnRequest(db: DbOrTx, scope: Scope, teamId: number, note: string | null): Promise<SlotRequestRow | undefined> {
  const [row] = await db.insert(linkedinSlotRequests).values({ teamId, requesterId: scope.userId, note }).onConflictDoNothing().returning();
  return row;
}

/** A request of the caller's team, for its lead. */
export async function findTeamRequest(db: DbOrTx, scope: Scope, teamId: number, id: number): Promise<SlotRequestWithName | undefined> {
  const [row] = namedRequests(
    await requestsWithNames(db)
      .where(and(eq(linkedinSlotRequests.id, id), eq(linkedinSlotRequests.teamId, teamId), inArray(linkedinSlotRequests.requesterId, [...scope.teamUserIds])))
      .limit(1),
  );
  return row;
}

export async function findOwnRequest(db: DbOrTx, scope: Scope, id: number): Promise<SlotRequestWithName | undefined> {
  const [row] = namedRequests(
    await requestsWithNames(db)
      .where(and(eq(linkedinSlotRequests.id, id), eq(linkedinSlotRequests.requesterId, scope.userId)))
      .limit(1),
  );
  return row;
}

/**
 * Closes a pending request of the caller's team (or the caller's own) with the decision given;
 * undefined when it was no longer pending (decided meanwhile).
 */
export async function closePendingRequest(
  db: DbOrTx,
  scope: Scope,
  id: number,
  changes: { status: 'approved' | 'rejected' | 'withdrawn'; slotId?: number; decidedBy: number; decidedAt: Date },
): Promise<SlotRequestRow | undefined> {
  const [row] = await db
    .update(linkedinSlotRequests)
    .set(changes)
    .where(and(eq(linkedinSlotRequests.id, id), eq(linkedinSlotRequests.status, 'pending'), inArray(linkedinSlotRequests.requesterId, [...scope.teamUserIds])))
    .returning();
  return row;
}

/** The approved requests that gave the caller's slot: retracted with it. */
export async function retractRequestsOfSlot(db: DbOrTx, scope: Scope, slotId: number, at: Date): Promise<void> {
  await db
    .update(linkedinSlotRequests)
    .set({ status: 'retracted', decidedBy: scope.userId, decidedAt: at })
    .where(
      and(
        eq(linkedinSlotRequests.slotId, slotId),
        eq(linkedinSlotRequests.status, 'approved'),
        sql`exists (select 1 from ${linkedinAccounts} where ${linkedinAccounts.id} = ${slotId} and ${linkedinAccounts.userId} = ${scope.userId})`,
      ),
    );
}

// ------------------------------------------------------------------ for the session check

/**
 * Active accounts with a session, after `afterId`, for the periodic session check, which runs
 * for every tenant without a request; never reachable from a call.
 */
export async function activeSessionsAfter(db: DbOrTx, afterId: number, limit: number): Promise<LinkedinAccountRow[]> {
  return db
    .select()
    .from(linkedinAccounts)
    .where(and(live, eq(linkedinAccounts.state, 'active'), isNotNull(linkedinAccounts.session), sql`${linkedinAccounts.id} > ${afterId}`))
    .orderBy(asc(linkedinAccounts.id))
    .limit(limit);
}

/**
 * Records what the session check found, only while the account still holds the session that was
 * checked (a reconnect meanwhile keeps its new state). Answers the row when it changed.
 */
export async function settleSessionCheck(
  db: DbOrTx,
  id: number,
  checkedSession: string,
  outcome: { state: 'active' | 'expired' | 'lost_connection'; reason: string | null; at: Date },
): Promise<LinkedinAccountRow | undefined> {
  const changes =
    outcome.state === 'active'
      ? { sessionCheckedAt: outcome.at }
      : { sessionCheckedAt: outcome.at, state: outcome.state, stateReason: outcome.reason, stateChangedAt: outcome.at, updatedAt: outcome.at };
  const [row] = await db
    .update(linkedinAccounts)
    .set(changes)
    .where(and(live, eq(linkedinAccounts.id, id), eq(linkedinAccounts.state, 'active'), eq(linkedinAccounts.session, checkedSession)))
    .returning();
  return outcome.state === 'active' ? undefined : row;
}
