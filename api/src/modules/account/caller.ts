/**
 * The caller of a request: user, account, team, role and plan. It is read together with the
 * session, in the one query every request with a session cookie makes (`findSessionByTokenHash`,
 * or `loadSessionUserInfo` for user-info), so no service re-reads who is calling. Services take
 * the caller; repositories over tenant data take its `Scope` and put it in their SQL, so a
 * forgotten ownership check in a service cannot leak another tenant's rows.
 */
import { teamRecordsMode, type PricingPlan, type TeamFacts, type TeamRecordsMode } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { plans, subscriptions, teamMembers, teams, users } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { pricingPlanOf, type SubscriptionFacts } from './plan-rules';
import { loadCallerRow } from './repository';

export interface Caller {
  userId: number;
  /** The caller's own account: every record row they write carries it. */
  accountId: number;
  /** The account that holds the plan and the credits' owner: the team's account for a member. */
  planAccountId: number;
  teamId: number | null;
  team: TeamFacts;
  /** How much of the team's records the caller sees (document 1 §6). */
  mode: TeamRecordsMode;
  /** User ids of the caller's team, the caller included; just the caller for a solo user. */
  teamUserIds: readonly number[];
  subscription: SubscriptionFacts;
  /** The plan as of the request. */
  plan: PricingPlan;
  isAdminLogin: boolean;
}

/**
 * What a repository function over tenant data needs to keep its SQL inside the caller's tenant.
 * Writes and "own" reads filter on `userId` (and `accountId` where the table has it); reads of
 * what the caller may browse filter on `readableUserIds`.
 */
export interface Scope {
  userId: number;
  accountId: number;
  /** Owners whose records the caller may read: the team for a lead or view-all member, else self. */
  readableUserIds: readonly number[];
  /** Everyone of the caller's team (self for a solo user): teammates' records exist but may be hidden. */
  teamUserIds: readonly number[];
}

export function scopeOf(caller: Caller): Scope {
  return {
    userId: caller.userId,
    accountId: caller.accountId,
    readableUserIds: caller.mode === 'viewAll' ? caller.teamUserIds : [caller.userId],
    teamUserIds: caller.teamUserIds,
  };
}

/** The columns of the caller read with the session; the query must join team, team membership, subscription and plan as below. */
export function callerColumns() {
  return {
    teamId: teamMembers.teamId,
    isLead: teamMembers.isLead,
    group: teamMembers.group,
    planAccountId: sql<number>`coalesce(${teams.accountId}, ${users.accountId})`.mapWith(Number),
    planName: subscriptions.planName,
    planIsFree: plans.isFree,
    startedAt: subscriptions.startedAt,
    endsAt: subscriptions.endsAt,
    trialStartedAt: subscriptions.trialStartedAt,
    freeContinuedAt: subscriptions.freeContinuedAt,
    userCreatedAt: users.createdAt,
    teamUserIds: sql<number[] | null>`(select array_agg(mates.user_id order by mates.user_id) from team_members mates where mates.team_id = ${teamMembers.teamId})`,
  };
}

export interface CallerRow {
  accountId: number;
  teamId: number | null;
  isLead: number | null;
  group: string | null;
  planAccountId: number;
  planName: string | null;
  planIsFree: boolean | null;
  startedAt: Date | null;
  endsAt: Date | null;
  trialStartedAt: Date | null;
  freeContinuedAt: Date | null;
  userCreatedAt: Date;
  teamUserIds: number[] | null;
}

export function buildCaller(userId: number, isAdminLogin: boolean, row: CallerRow, now = new Date()): Caller {
  const team: TeamFacts = { isTeam: row.teamId !== null, isLead: row.isLead ?? 0, group: row.group ?? null };
  const subscription: SubscriptionFacts = {
    planName: row.planName ?? 'FREE',
    isFree: row.planIsFree ?? true,
    startedAt: row.startedAt ?? row.userCreatedAt,
    endsAt: row.endsAt ?? null,
    trialStartedAt: row.trialStartedAt ?? null,
    freeContinuedAt: row.freeContinuedAt ?? null,
  };
  return {
    userId,
    accountId: row.accountId,
    planAccountId: row.planAccountId,
    teamId: row.teamId,
    team,
    mode: teamRecordsMode(team),
    // Array elements come back as numbers from pg and PGlite alike; Number() keeps a bigint-typed driver honest.
    teamUserIds: row.teamId === null || !row.teamUserIds ? [userId] : row.teamUserIds.map(Number),
    subscription,
    plan: pricingPlanOf(subscription, now),
    isAdminLogin,
  };
}

/**
 * The caller for work done on a user's behalf without a request (jobs, the worker process), as
 * a request of theirs would see it. Throws session_expired for a user who no longer exists.
 */
export async function callerForUser(db: DbOrTx, userId: number): Promise<Caller> {
  const row = await loadCallerRow(db, userId);
  if (!row) throw new DomainError('session_expired');
  return buildCaller(userId, false, row);
}
