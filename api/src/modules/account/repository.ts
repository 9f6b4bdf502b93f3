/** SQL for accounts, users, settings and subscriptions. No rules here: services decide. */
import { eq, sql } from 'drizzle-orm';
import { accounts, plans, subscriptions, teamMembers, teams, userBalances, users, userSettings } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { randomToken, sha256 } from '../../lib/crypto';
import { randomUUID } from 'node:crypto';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSubject?: string | null;
  needsRegistrationCompletion?: boolean;
  locale: string;
  trialEndsAt: Date;
}

export async function insertAccountWithUser(tx: DbOrTx, input: NewUser): Promise<UserRow> {
  const [account] = await tx.insert(accounts).values({ hash: randomToken(12) }).returning();
  const hashId = randomToken(12);
  const [user] = await tx
    .insert(users)
    .values({
      accountId: account!.id,
      email: input.email,
      name: input.name,
      passwordHash: input.passwordHash,
      hashId,
      gaUserIdHash: sha256(`ga:${hashId}`).slice(0, 32),
      registrationId: randomUUID(),
      googleSubject: input.googleSubject ?? null,
      needsRegistrationCompletion: input.needsRegistrationCompletion ?? false,
    })
    .returning();
  await tx.insert(userSettings).values({ userId: user!.id, locale: input.locale });
  await tx.insert(userBalances).values({ userId: user!.id });
  const now = new Date();
  await tx.insert(subscriptions).values({
    accountId: account!.id,
    planName: 'TRIAL',
    startedAt: now,
    endsAt: input.trialEndsAt,
    trialStartedAt: now,
  });
  return user!;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByGoogleSubject(db: DbOrTx, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return row;
}

/** Everything user-info and the plan rules need about one user, in one round trip. */
export async function loadUserContext(db: DbOrTx, userId: number) {
  const planAccountId = sql<number>`coalesce(${teams.accountId}, ${users.accountId})`;
  const [row] = await db
    .select({
      user: users,
      settings: userSettings,
      accountHash: accounts.hash,
      crmActive: accounts.crmActive,
      teamId: teamMembers.teamId,
      isLead: teamMembers.isLead,
      group: teamMembers.group,
      teamAccountId: teams.accountId,
      planAccountId,
      planName: subscriptions.planName,
      planIsFree: plans.isFree,
      startedAt: subscriptions.startedAt,
      endsAt: subscriptions.endsAt,
      trialStartedAt: subscriptions.trialStartedAt,
      freeContinuedAt: subscriptions.freeContinuedAt,
      firstPaymentAt: subscriptions.firstPaymentAt,
      firstPaymentMethod: subscriptions.firstPaymentMethod,
      firstPaymentNoticeSeenAt: subscriptions.firstPaymentNoticeSeenAt,
    })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, planAccountId))
    .leftJoin(plans, eq(plans.name, subscriptions.planName))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type UserContext = NonNullable<Awaited<ReturnType<typeof loadUserContext>>>;

export async function updateUser(db: DbOrTx, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function updateSettings(db: DbOrTx, userId: number, values: Partial<typeof userSettings.$inferInsert>) {
  await db.update(userSettings).set(values).where(eq(userSettings.userId, userId));
}

export async function updateSubscription(db: DbOrTx, accountId: number, values: Partial<typeof subscriptions.$inferInsert>) {
  await db.update(subscriptions).set(values).where(eq(subscriptions.accountId, accountId));
}

export async function setCrmActive(db: DbOrTx, accountId: number) {
  await db.update(accounts).set({ crmActive: true }).where(eq(accounts.id, accountId));
}
