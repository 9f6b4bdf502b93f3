/** SQL for teams, members, invitations and join codes; every read is scoped by team id. */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { teamInvitations, teamMembers, teams, users } from '../../db/schema';
import type { DbOrTx } from '../../db/types';

export async function membershipOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ teamId: teamMembers.teamId, isLead: teamMembers.isLead, group: teamMembers.group, team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row;
}

export async function insertTeam(db: DbOrTx, values: typeof teams.$inferInsert) {
  const [team] = await db.insert(teams).values(values).returning();
  return team!;
}

export async function insertMember(db: DbOrTx, values: typeof teamMembers.$inferInsert) {
  await db.insert(teamMembers).values(values);
}

export function membersOf(db: DbOrTx, teamId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isLead: teamMembers.isLead,
      group: teamMembers.group,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(users.id));
}

export async function memberOf(db: DbOrTx, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, isLead: teamMembers.isLead, group: teamMembers.group, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row;
}

export function openInvitations(db: DbOrTx, teamId: number, now: Date) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
    .orderBy(asc(teamInvitations.createdAt));
}

export async function insertInvitation(db: DbOrTx, values: typeof teamInvitations.$inferInsert) {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row!;
}

export async function invitationByCodeHash(db: DbOrTx, codeHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: teamInvitations, team: teams })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.codeHash, codeHash), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
    .limit(1);
  return row;
}

export async function teamByJoinCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(teams).where(eq(teams.joinCode, code)).limit(1);
  return row;
}

export async function markInvitationAccepted(db: DbOrTx, id: number, at: Date) {
  await db.update(teamInvitations).set({ acceptedAt: at }).where(eq(teamInvitations.id, id));
}

export async function deleteMember(db: DbOrTx, teamId: number, userId: number) {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length === 1;
}

export async function updateMember(db: DbOrTx, teamId: number, userId: number, values: { isLead: number; group: string }) {
  await db.update(teamMembers).set(values).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function setJoinCode(db: DbOrTx, teamId: number, joinCode: string) {
  await db.update(teams).set({ joinCode }).where(eq(teams.id, teamId));
}

export async function userName(db: DbOrTx, userId: number) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
