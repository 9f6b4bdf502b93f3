/**
 * SQL for teams, members, invitations and join codes. Every function over a team's data takes
 * the caller's scope right after the database and finds the team from it in the same statement
 * (the caller's team, or the team the caller leads), so another team's member, invitation or code
 * is never read or changed. Only the join-code and invitation lookups go by the code itself: a
 * code is the bearer's invitation by design.
 */
import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { teamInvitations, teamMembers, teams, users } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

/** The id of the caller's team (no row for a solo user). */
function callerTeamId(db: DbOrTx, scope: Scope) {
  return db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, scope.userId));
}

/** The id of the team the caller leads (no row unless they are its lead). */
function ledTeamId(db: DbOrTx, scope: Scope) {
  return db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, scope.userId), eq(teamMembers.isLead, 1)));
}

/** The caller's team, their place in it and its lead's name; undefined for a solo user. */
export async function teamOfCaller(db: DbOrTx, scope: Scope) {
  const [row] = await db
    .select({
      teamId: teamMembers.teamId,
      isLead: teamMembers.isLead,
      group: teamMembers.group,
      team: teams,
      lead: { name: users.name, email: users.email },
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teams.leadUserId))
    .where(eq(teamMembers.userId, scope.userId))
    .limit(1);
  return row;
}

/** The caller's own name and address (the team's name, the inviter in a mail). */
export async function callerName(db: DbOrTx, scope: Scope) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.accountId, scope.accountId)))
    .limit(1);
  return row;
}

/**
 * Creates a team led by the caller, on their account, with the caller as its lead member. Run in
 * a transaction: the caller must never lead a team they are not in.
 */
export async function createTeamLedBy(db: DbOrTx, scope: Scope, values: { name: string; joinCode: string }) {
  const [team] = await db
    .insert(teams)
    .values({ accountId: scope.accountId, leadUserId: scope.userId, name: values.name, joinCode: values.joinCode })
    .returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: scope.userId, isLead: 1, group: 'Team records' });
  return team!;
}

/** The caller joins a team (whose id comes from a code they hold); false when they already are in one. */
export async function joinTeam(db: DbOrTx, scope: Scope, teamId: number, values: { isLead: number; group: string }): Promise<boolean> {
  const rows = await db
    .insert(teamMembers)
    .values({ teamId, userId: scope.userId, ...values })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return rows.length === 1;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isLead: teamMembers.isLead,
  group: teamMembers.group,
  joinedAt: teamMembers.joinedAt,
};

/** The members of the caller's team (none for a solo user). */
export function membersOfCallerTeam(db: DbOrTx, scope: Scope) {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, callerTeamId(db, scope)))
    .orderBy(asc(teamMembers.joinedAt), asc(users.id));
}

/** A member of the caller's team; undefined for anyone else. */
export async function memberOfCallerTeam(db: DbOrTx, scope: Scope, memberId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, callerTeamId(db, scope)), eq(teamMembers.userId, memberId)))
    .limit(1);
  return row;
}

/** Open invitations of the team the caller leads (none for anyone else). */
export function openInvitationsOfLedTeam(db: DbOrTx, scope: Scope, now: Date) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(inArray(teamInvitations.teamId, ledTeamId(db, scope)), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
    .orderBy(asc(teamInvitations.createdAt));
}

/** An invitation from the caller into the team they lead; undefined when they lead none. */
export async function insertInvitationFromLead(
  db: DbOrTx,
  scope: Scope,
  values: { email: string; group: string; codeHash: string; createdAt: Date; expiresAt: Date },
) {
  const [led] = await ledTeamId(db, scope).limit(1);
  if (!led) return undefined;
  const [row] = await db
    .insert(teamInvitations)
    .values({ ...values, teamId: led.teamId, invitedBy: scope.userId })
    .returning();
  return row;
}

export async function invitationByCodeHash(db: DbOrTx, codeHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: teamInvitations, team: teams, leadName: users.name })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .innerJoin(users, eq(users.id, teams.leadUserId))
    .where(and(eq(teamInvitations.codeHash, codeHash), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
    .limit(1);
  return row;
}

export async function teamByJoinCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ team: teams, leadName: users.name })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.leadUserId))
    .where(eq(teams.joinCode, code))
    .limit(1);
  return row;
}

/** Marks the invitation its holder just used; false when it was used already (single use under races). */
export async function markInvitationAccepted(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ acceptedAt: at })
    .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt)))
    .returning({ id: teamInvitations.id });
  return rows.length === 1;
}

/** The caller leaves their team (a lead cannot); answers the team left, undefined when nothing was left. */
export async function leaveTeam(db: DbOrTx, scope: Scope): Promise<number | undefined> {
  const [row] = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.userId, scope.userId), ne(teamMembers.isLead, 1)))
    .returning({ teamId: teamMembers.teamId });
  return row?.teamId;
}

/** Removes a member (never the lead) from the team the caller leads; false when there is no such member. */
export async function removeMemberFromLedTeam(db: DbOrTx, scope: Scope, memberId: number): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(and(inArray(teamMembers.teamId, ledTeamId(db, scope)), eq(teamMembers.userId, memberId), ne(teamMembers.isLead, 1)))
    .returning({ userId: teamMembers.userId });
  return rows.length === 1;
}

/** Changes a member's role (never the lead's) in the team the caller leads; false when there is no such member. */
export async function updateMemberOfLedTeam(db: DbOrTx, scope: Scope, memberId: number, values: { isLead: number; group: string }): Promise<boolean> {
  const rows = await db
    .update(teamMembers)
    .set(values)
    .where(and(inArray(teamMembers.teamId, ledTeamId(db, scope)), eq(teamMembers.userId, memberId), ne(teamMembers.isLead, 1)))
    .returning({ userId: teamMembers.userId });
  return rows.length === 1;
}

/** Replaces the join code of the team the caller leads. */
export async function setJoinCodeOfLedTeam(db: DbOrTx, scope: Scope, joinCode: string): Promise<boolean> {
  const rows = await db
    .update(teams)
    .set({ joinCode })
    .where(inArray(teams.id, ledTeamId(db, scope)))
    .returning({ id: teams.id });
  return rows.length === 1;
}
