/**
 * SQL for accounts, users, settings and subscriptions. No rules here: services decide. The
 * caller's own changes (profile, settings, plan) take their scope right after the database; the
 * reads and writes by a bare user id serve the flows that have no caller: sign-in, sign-up,
 * mailed-token flows (reset, identity link), the session lookups themselves and the seed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedOn } from '../../db/prepared';
import {
  accounts,
  plans,
  sessions,
  subscriptions,
  teamMembers,
  teams,
  userBalances,
  userEvents,
  users,
  userSettings,
} from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';
import { randomToken, sha256 } from '../../lib/crypto';
import { randomUUID } from 'node:crypto';
import { callerColumns, type Scope } from './caller';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSubject?: string | null;
  needsRegistrationCompletion?: boolean;
  locale: string;
  trialEndsAt: Date;
  /** Credits on the new balance (SIGNUP_CREDITS). */
  startingCredits: number;
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
  await tx.insert(userBalances).values({ userId: user!.id, balance: input.startingCredits });
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

function contextFields() {
  return {
    user: users,
    settings: userSettings,
    accountHash: accounts.hash,
    crmActive: accounts.crmActive,
    teamId: teamMembers.teamId,
    isLead: teamMembers.isLead,
    group: teamMembers.group,
    teamAccountId: teams.accountId,
    planAccountId: sql<number>`coalesce(${teams.accountId}, ${users.accountId})`,
    planName: subscriptions.planName,
    planIsFree: plans.isFree,
    startedAt: subscriptions.startedAt,
    endsAt: subscriptions.endsAt,
    trialStartedAt: subscriptions.trialStartedAt,
    freeContinuedAt: subscriptions.freeContinuedAt,
    firstPaymentAt: subscriptions.firstPaymentAt,
    firstPaymentMethod: subscriptions.firstPaymentMethod,
    firstPaymentNoticeSeenAt: subscriptions.firstPaymentNoticeSeenAt,
  };
}

/** Everything user-info and the plan rules need about one user, in one round trip. */
export async function loadUserContext(db: Db, userId: number) {
  const statement = preparedOn(db, 'account_user_context', (handle) =>
    handle
      .select(contextFields())
      .from(users)
      .innerJoin(userSettings, eq(userSettings.userId, users.id))
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .leftJoin(subscriptions, eq(subscriptions.accountId, sql`coalesce(${teams.accountId}, ${users.accountId})`))
      .leftJoin(plans, eq(plans.name, subscriptions.planName))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('account_user_context'),
  );
  const [row] = await statement.execute({ userId });
  return row;
}
export type UserContext = NonNullable<Awaited<ReturnType<typeof loadUserContext>>>;

/** The caller columns of a user without a session (background jobs acting for the user). */
export async function loadCallerRow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ accountId: users.accountId, isAdminLogin: sql<boolean>`false`, ...callerColumns() })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, sql`coalesce(${teams.accountId}, ${users.accountId})`))
    .leftJoin(plans, eq(plans.name, subscriptions.planName))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** A completed onboarding step as user-info carries it (read as JSON with the context). */
export interface UserEventJson {
  eventId: number;
  step: number;
  /** timestamptz as PostgreSQL writes it in JSON; parsed by the caller. */
  completedAt: string;
  congratulationShown: boolean;
}

/**
 * user-info for a session token in one round trip: the session row (as the session lookup reads
 * it), the user's context, the completed steps (in step order) and the reward balance, which
 * would otherwise take four queries and as many pool checkouts.
 */
export async function loadSessionUserInfo(db: Db, tokenHash: string) {
  const statement = preparedOn(db, 'account_session_user_info', (handle) =>
    handle
      // Only the columns the lookup and user-info use: every column costs parsing on each call.
      .select({
        session: {
          id: sessions.id,
          userId: sessions.userId,
          twoFactorPending: sessions.twoFactorPending,
          isAdminLogin: sessions.isAdminLogin,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
        },
        accountId: users.accountId,
        locale: userSettings.locale,
        user: {
          accountId: users.accountId,
          email: users.email,
          name: users.name,
          hashId: users.hashId,
          gaUserIdHash: users.gaUserIdHash,
          registrationId: users.registrationId,
          needsRegistrationCompletion: users.needsRegistrationCompletion,
          allowGamification: users.allowGamification,
          isAllowSentimentalStuff: users.isAllowSentimentalStuff,
          lastActivityAt: users.lastActivityAt,
          createdAt: users.createdAt,
        },
        settings: { locale: userSettings.locale, currencyId: userSettings.currencyId, allowKeepUpdate: userSettings.allowKeepUpdate },
        accountHash: accounts.hash,
        ...callerColumns(),
        userEvents: sql<UserEventJson[]>`(select coalesce(json_agg(json_build_object('eventId', ${userEvents.eventId}, 'step', ${userEvents.step}, 'completedAt', ${userEvents.completedAt}, 'congratulationShown', ${userEvents.congratulationShown}) order by ${userEvents.step}), '[]'::json) from ${userEvents} where ${userEvents.userId} = ${users.id})`,
        balance: sql<number | null>`(select ${userBalances.balance} from ${userBalances} where ${userBalances.userId} = ${users.id})`,
      })
      .from(sessions)
      // The joins of findSessionByTokenHash, then those of loadUserContext.
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(userSettings, eq(userSettings.userId, sessions.userId))
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .leftJoin(subscriptions, eq(subscriptions.accountId, sql`coalesce(${teams.accountId}, ${users.accountId})`))
      .leftJoin(plans, eq(plans.name, subscriptions.planName))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('account_session_user_info'),
  );
  const [row] = await statement.execute({ tokenHash });
  return row;
}
export type SessionUserInfo = NonNullable<Awaited<ReturnType<typeof loadSessionUserInfo>>>;

/** By bare id: for flows without a caller (a mailed token names the user; the seed). */
export async function updateUser(db: DbOrTx, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The caller's own profile. */
export async function updateProfile(db: DbOrTx, scope: Scope, values: { name: string; needsRegistrationCompletion: boolean }) {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, scope.userId), eq(users.accountId, scope.accountId)));
}

/** The caller's own settings (user_settings is per user). */
export async function updateSettings(
  db: DbOrTx,
  scope: Scope,
  values: Partial<Pick<typeof userSettings.$inferInsert, 'locale' | 'timeZone' | 'allowKeepUpdate' | 'currencyId'>>,
) {
  await db.update(userSettings).set(values).where(eq(userSettings.userId, scope.userId));
}

/**
 * Turns the trial of the caller's plan account (the team's account for a member, else their own)
 * into the free plan, once: false when it is no longer a trial not yet continued (a parallel call
 * won). The plan account is found from the scope in the same statement.
 */
export async function continueTrialWithFreePlan(db: DbOrTx, scope: Scope, at: Date): Promise<boolean> {
  const planAccount = sql`coalesce((select ${teams.accountId} from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teamMembers.userId} = ${scope.userId}), ${scope.accountId})`;
  const rows = await db
    .update(subscriptions)
    .set({ planName: 'FREE', endsAt: null, freeContinuedAt: at })
    .where(and(eq(subscriptions.accountId, planAccount), eq(subscriptions.planName, 'TRIAL'), isNull(subscriptions.freeContinuedAt)))
    .returning({ accountId: subscriptions.accountId });
  return rows.length > 0;
}
