/**
 * The SQL of the LinkedIn runner: actions through their state machine, the per-day counters, the
 * pending invitations, the messages and invitations read back from the network, and the account
 * rows the runner acts with. Every state change is a conditional update on the state it leaves
 * and the worker that holds the row, so a worker that lost its lease changes nothing. Instants
 * are passed in (the runner's clock), never read from the database's own now(), so a test can
 * move time.
 *
 * These functions run inside jobs on behalf of whichever account owns a row, so they read by id
 * (the runner never serves a request); the HTTP calls read through the scope-checked repository
 * of modules/linkedin-accounts/actions.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LinkedinActionLimits, LinkedinActionType, LinkedinWorkingHours, SocialAccountState } from '@leadforge/contracts';
import type { DbOrTx } from '../../../db/types';
import { storedLimits } from '../../../modules/linkedin-accounts/limits';
import type { ActionOrigin } from './schedule';
import { idSet } from '../../../db/sql-sets';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Raw SQL answers timestamps as text on node-postgres and as Date on PGlite; bigints as text. */
export const toDate = (value: Date | string | null | undefined): Date | null => (value == null ? null : new Date(value));
const num = (value: number | string | null | undefined): number | null => (value == null ? null : Number(value));

export type ActionState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

// ─── Accounts ───────────────────────────────────────────────────────────────────────────────

export interface RunnerAccountRow {
  id: number;
  accountId: number;
  userId: number;
  assignedUserId: number | null;
  provider: 'sandbox' | 'linkedin';
  state: SocialAccountState;
  memberKey: string | null;
  /** Encrypted (the linkedin-accounts area's credentials). */
  session: string | null;
  proxyKind: 'builtin' | 'custom';
  proxyCountryId: number | null;
  proxyHost: string | null;
  proxyPort: number | null;
  proxyUsername: string | null;
  /** Encrypted. */
  proxyPassword: string | null;
  timezone: string;
  workingHours: LinkedinWorkingHours;
  limits: LinkedinActionLimits;
  minGapSeconds: number;
  maxGapSeconds: number;
  connectLimit: number;
  warmUp: boolean;
  warmUpStartedAt: Date | null;
  lastActionAt: Date | null;
  deleted: boolean;
}

const ACCOUNT_COLUMNS = sql`l.id, l.account_id, l.user_id, l.assigned_user_id, l.provider, l.state, l.member_key, l.session,
  l.proxy_kind, l.proxy_country_id, l.proxy_host, l.proxy_port, l.proxy_username, l.proxy_password, l.timezone,
  l.working_hours, l.limits, l.min_gap_seconds, l.max_gap_seconds, l.connect_limit, l.warm_up, l.warm_up_started_at,
  l.last_action_at, l.deleted_at is not null as deleted`;

interface RawAccount {
  id: number;
  account_id: number;
  user_id: number;
  assigned_user_id: number | null;
  provider: 'sandbox' | 'linkedin';
  state: SocialAccountState;
  member_key: string | null;
  session: string | null;
  proxy_kind: 'builtin' | 'custom';
  proxy_country_id: number | null;
  proxy_host: string | null;
  proxy_port: number | null;
  proxy_username: string | null;
  proxy_password: string | null;
  timezone: string;
  working_hours: LinkedinWorkingHours | string;
  limits: LinkedinActionLimits | string;
  min_gap_seconds: number;
  max_gap_seconds: number;
  connect_limit: number;
  warm_up: boolean;
  warm_up_started_at: Date | string | null;
  last_action_at: Date | string | null;
  deleted: boolean;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function accountOf(row: RawAccount): RunnerAccountRow {
  return {
    id: row.id,
    accountId: row.account_id,
    userId: row.user_id,
    assignedUserId: row.assigned_user_id,
    provider: row.provider,
    state: row.state,
    memberKey: row.member_key,
    session: row.session,
    proxyKind: row.proxy_kind,
    proxyCountryId: row.proxy_country_id,
    proxyHost: row.proxy_host,
    proxyPort: row.proxy_port,
    proxyUsername: row.proxy_username,
    proxyPassword: row.proxy_password,
    timezone: row.timezone,
    workingHours: json(row.working_hours),
    limits: storedLimits(json(row.limits)),
    minGapSeconds: row.min_gap_seconds,
    maxGapSeconds: row.max_gap_seconds,
    connectLimit: row.connect_limit,
    warmUp: row.warm_up,
    warmUpStartedAt: toDate(row.warm_up_started_at),
    lastActionAt: toDate(row.last_action_at),
    deleted: row.deleted,
  };
}

/** An account by id: job-only (the runner acts for whoever owns it; requests go through the scoped repository). */
export async function accountById(db: DbOrTx, id: number): Promise<RunnerAccountRow | undefined> {
  const [row] = await rowsOf<RawAccount>(db, sql`select ${ACCOUNT_COLUMNS} from linkedin_accounts l where l.id = ${id}`);
  return row ? accountOf(row) : undefined;
}

/** The accounts' rows, locked so one claimer at a time decides for an account (in id order: no deadlock). */
export async function lockAccounts(tx: DbOrTx, ids: readonly number[]): Promise<RunnerAccountRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<RawAccount>(
    tx,
    sql`select ${ACCOUNT_COLUMNS} from linkedin_accounts l
        where l.id in ${idSet(ids)} and l.state = 'active' and l.deleted_at is null
        order by l.id for update of l skip locked`,
  );
  return rows.map(accountOf);
}

/**
 * One active account's row locked until the transaction ends. Unlike the claim's lock it waits
 * for a claimer holding it: a direct profile read must see the counters the claim leaves.
 */
export async function lockActiveAccount(tx: DbOrTx, id: number): Promise<RunnerAccountRow | undefined> {
  const [row] = await rowsOf<RawAccount>(
    tx,
    sql`select ${ACCOUNT_COLUMNS} from linkedin_accounts l
        where l.id = ${id} and l.state = 'active' and l.deleted_at is null
        for update of l`,
  );
  return row ? accountOf(row) : undefined;
}

/**
 * Moves the day's counter of one action by `delta` for work done outside an action row (a
 * profile read of the finder): +1 reserves, −1 takes a reservation back. Never below zero.
 */
export async function addUsage(db: DbOrTx, linkedinAccountId: number, day: string, action: LinkedinActionType, delta: 1 | -1): Promise<void> {
  await db.execute(
    sql`insert into linkedin_daily_usage (linkedin_account_id, day, action, count, warmup)
        values (${linkedinAccountId}, ${day}::date, ${action}, ${Math.max(0, delta)}, 0)
        on conflict (linkedin_account_id, day, action) do update
          set count = greatest(0, linkedin_daily_usage.count + ${delta})`,
  );
}

/** Connected accounts, for the inbox polling and the warm-up (job-only: every tenant's). */
export async function activeAccountIds(db: DbOrTx, options: { warmingOnly?: boolean } = {}): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from linkedin_accounts
        where state = 'active' and deleted_at is null ${options.warmingOnly ? sql`and warm_up` : sql``}
        order by id`,
  );
  return rows.map((row) => row.id);
}

/** The gap is kept from the moment an action is taken. */
export async function setLastActionAt(tx: DbOrTx, accountId: number, instant: Date): Promise<void> {
  await tx.execute(
    sql`update linkedin_accounts set last_action_at = greatest(coalesce(last_action_at, ${at(instant)}), ${at(instant)}) where id = ${accountId}`,
  );
}

/**
 * An active account loses its session: it changes state (expired or lost connection) with the
 * reason the screens show. Answers the people to tell, or null when it was no longer active (another
 * worker, or its owner, changed it first).
 */
export async function loseSession(
  db: DbOrTx,
  accountId: number,
  state: 'expired' | 'lost_connection',
  reason: string,
  now: Date,
): Promise<{ userId: number; assignedUserId: number | null } | null> {
  const [row] = await rowsOf<{ user_id: number; assigned_user_id: number | null }>(
    db,
    sql`update linkedin_accounts set state = ${state}, state_reason = ${reason}, state_changed_at = ${at(now)}, updated_at = ${at(now)}
        where id = ${accountId} and state = 'active'
        returning user_id, assigned_user_id`,
  );
  return row ? { userId: row.user_id, assignedUserId: row.assigned_user_id } : null;
}

export async function markSessionChecked(db: DbOrTx, accountId: number, now: Date): Promise<void> {
  await db.execute(sql`update linkedin_accounts set session_checked_at = ${at(now)} where id = ${accountId}`);
}

// ─── Enqueue ────────────────────────────────────────────────────────────────────────────────

export interface NewActionRow {
  accountId: number;
  userId: number;
  linkedinAccountId: number;
  action: LinkedinActionType;
  origin: ActionOrigin;
  profileUrl: string;
  subject: string | null;
  content: string | null;
  campaignId: number | null;
  recipientId: number | null;
  step: number | null;
  idempotencyKey: string | null;
  dueAt: Date;
  now: Date;
}

export interface ActionRow {
  id: number;
  accountId: number;
  userId: number;
  linkedinAccountId: number;
  action: LinkedinActionType;
  origin: ActionOrigin;
  profileUrl: string;
  subject: string | null;
  content: string | null;
  campaignId: number | null;
  recipientId: number | null;
  step: number | null;
  state: ActionState;
  reason: string | null;
  attempts: number;
  dueAt: Date;
  doneAt: Date | null;
  countedOn: string | null;
  result: unknown;
}

const ACTION_COLUMNS = sql`id, account_id, user_id, linkedin_account_id, action, origin, profile_url, subject, content, campaign_id,
  recipient_id, step, state, reason, attempts, due_at, done_at, counted_on::text as counted_on, result`;

interface RawAction {
  id: number | string;
  account_id: number;
  user_id: number;
  linkedin_account_id: number;
  action: LinkedinActionType;
  origin: ActionOrigin;
  profile_url: string;
  subject: string | null;
  content: string | null;
  campaign_id: number | null;
  recipient_id: number | null;
  step: number | null;
  state: ActionState;
  reason: string | null;
  attempts: number;
  due_at: Date | string;
  done_at: Date | string | null;
  counted_on: string | null;
  result: unknown;
}

function actionOf(row: RawAction): ActionRow {
  return {
    id: Number(row.id),
    accountId: row.account_id,
    userId: row.user_id,
    linkedinAccountId: row.linkedin_account_id,
    action: row.action,
    origin: row.origin,
    profileUrl: row.profile_url,
    subject: row.subject,
    content: row.content,
    campaignId: row.campaign_id,
    recipientId: row.recipient_id,
    step: row.step,
    state: row.state,
    reason: row.reason,
    attempts: row.attempts,
    dueAt: toDate(row.due_at)!,
    doneAt: toDate(row.done_at),
    countedOn: row.counted_on,
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result,
  };
}

/** Inserts an action; null when its unique key (campaign step, or account + idempotency key) is taken. */
export async function insertAction(db: DbOrTx, row: NewActionRow): Promise<ActionRow | null> {
  const [inserted] = await rowsOf<RawAction>(
    db,
    sql`insert into linkedin_actions (account_id, user_id, linkedin_account_id, action, origin, profile_url, subject, content,
          campaign_id, recipient_id, step, idempotency_key, state, due_at, created_at, updated_at)
        values (${row.accountId}, ${row.userId}, ${row.linkedinAccountId}, ${row.action}, ${row.origin}, ${row.profileUrl},
          ${row.subject}, ${row.content}, ${row.campaignId}, ${row.recipientId}, ${row.step}, ${row.idempotencyKey}, 'queued',
          ${at(row.dueAt)}, ${at(row.now)}, ${at(row.now)})
        on conflict do nothing
        returning ${ACTION_COLUMNS}`,
  );
  return inserted ? actionOf(inserted) : null;
}

/** The action already written under a unique key (a repeated enqueue answers it). */
export async function actionByKey(
  db: DbOrTx,
  key: { linkedinAccountId: number; idempotencyKey: string } | { campaignId: number; recipientId: number; step: number },
): Promise<ActionRow | undefined> {
  const where =
    'idempotencyKey' in key
      ? sql`linkedin_account_id = ${key.linkedinAccountId} and idempotency_key = ${key.idempotencyKey}`
      : sql`campaign_id = ${key.campaignId} and recipient_id = ${key.recipientId} and step = ${key.step}`;
  const [row] = await rowsOf<RawAction>(db, sql`select ${ACTION_COLUMNS} from linkedin_actions where ${where}`);
  return row ? actionOf(row) : undefined;
}

export async function actionById(db: DbOrTx, id: number): Promise<ActionRow | undefined> {
  const [row] = await rowsOf<RawAction>(db, sql`select ${ACTION_COLUMNS} from linkedin_actions where id = ${id}`);
  return row ? actionOf(row) : undefined;
}

/** Queued actions of an account are cancelled (the account is deleted); answers how many. */
export async function cancelQueued(db: DbOrTx, linkedinAccountId: number, now: Date): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with old as (
          select id, counted_on from linkedin_actions where linkedin_account_id = ${linkedinAccountId} and state = 'queued' for update
        ), released as (
          update linkedin_actions a set state = 'cancelled', reason = null, claimed_by = null, lease_until = null,
            counted_on = null, updated_at = ${at(now)}
          from old where a.id = old.id
          returning a.id, a.linkedin_account_id, a.action, a.origin, old.counted_on::text as day
        ), uncounted as (
          ${uncount(sql`select linkedin_account_id, day, action, origin from released where day is not null`)}
        )
        select id from released`,
  );
  return rows.length;
}

// ─── Claiming ───────────────────────────────────────────────────────────────────────────────

export interface DueAction {
  id: number;
  linkedinAccountId: number;
  action: LinkedinActionType;
  origin: ActionOrigin;
  countedOn: string | null;
}

/**
 * Due actions of active accounts, oldest first, locked for this transaction; rows another claimer
 * holds (locked, or under a live lease) are skipped rather than waited for.
 */
export async function lockDueActions(tx: DbOrTx, now: Date, limit: number): Promise<DueAction[]> {
  const rows = await rowsOf<{ id: number | string; linkedin_account_id: number; action: LinkedinActionType; origin: ActionOrigin; counted_on: string | null }>(
    tx,
    sql`select a.id, a.linkedin_account_id, a.action, a.origin, a.counted_on::text as counted_on
        from linkedin_actions a
        join linkedin_accounts l on l.id = a.linkedin_account_id and l.state = 'active' and l.deleted_at is null
        where a.state = 'queued' and a.due_at <= ${at(now)} and (a.lease_until is null or a.lease_until <= ${at(now)})
        order by a.due_at, a.id
        limit ${limit}
        for update of a skip locked`,
  );
  return rows.map((row) => ({ id: Number(row.id), linkedinAccountId: row.linkedin_account_id, action: row.action, origin: row.origin, countedOn: row.counted_on }));
}

/** Today's counts per account and action (each account on its own local day), warm-up left out. */
export async function usageOn(tx: DbOrTx, days: readonly { linkedinAccountId: number; day: string }[]): Promise<{ linkedinAccountId: number; action: LinkedinActionType; count: number }[]> {
  if (days.length === 0) return [];
  const rows = await rowsOf<{ linkedin_account_id: number; action: LinkedinActionType; count: number }>(
    tx,
    sql`select u.linkedin_account_id, u.action, u.count
        from linkedin_daily_usage u
        join json_to_recordset(${JSON.stringify(days)}::json) as d("linkedinAccountId" int, day date)
          on d."linkedinAccountId" = u.linkedin_account_id and d.day = u.day`,
  );
  return rows.map((row) => ({ linkedinAccountId: row.linkedin_account_id, action: row.action, count: Number(row.count) }));
}

/** Pending invitations per account: on the network, plus invitations claimed or being sent right now. */
export async function pendingOf(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ linkedin_account_id: number; pending: number }>(
    tx,
    sql`select x.linkedin_account_id, sum(x.n)::int as pending from (
          select linkedin_account_id, count(*) as n from linkedin_invitations
          where linkedin_account_id in ${idSet(ids)} and status = 'pending' group by linkedin_account_id
          union all
          select linkedin_account_id, count(*) as n from linkedin_actions
          where linkedin_account_id in ${idSet(ids)} and action = 'invite' and origin <> 'warmup'
            and state in ('queued', 'running') and counted_on is not null
          group by linkedin_account_id
        ) x group by x.linkedin_account_id`,
  );
  return new Map(rows.map((row) => [row.linkedin_account_id, Number(row.pending)]));
}

/** Adds one count per source row to the day's counters; warm-up actions count in their own column. */
function countRows(source: SQL): SQL {
  return sql`insert into linkedin_daily_usage (linkedin_account_id, day, action, count, warmup)
      select s.linkedin_account_id, s.day::date, s.action,
        count(*) filter (where s.origin <> 'warmup'), count(*) filter (where s.origin = 'warmup')
      from (${source}) s
      group by s.linkedin_account_id, s.day, s.action
      on conflict (linkedin_account_id, day, action) do update
        set count = linkedin_daily_usage.count + excluded.count, warmup = linkedin_daily_usage.warmup + excluded.warmup`;
}

/** Takes back one count per source row (a reservation released: the action was not performed). */
function uncount(source: SQL): SQL {
  return sql`update linkedin_daily_usage u
      set count = greatest(0, u.count - s.n), warmup = greatest(0, u.warmup - s.w)
      from (
        select linkedin_account_id, day::date as day, action,
          count(*) filter (where origin <> 'warmup')::int as n, count(*) filter (where origin = 'warmup')::int as w
        from (${source}) r group by linkedin_account_id, day, action
      ) s
      where u.linkedin_account_id = s.linkedin_account_id and u.day = s.day and u.action = s.action`;
}

export interface Claim {
  id: number;
  linkedinAccountId: number;
  action: LinkedinActionType;
  origin: ActionOrigin;
  day: string;
}

/**
 * Takes actions for this worker under a lease and reserves them on the day's counters (so the
 * limits hold while they are performed); a stale claim of a dead worker is released first.
 */
export async function markClaimed(tx: DbOrTx, claims: readonly Claim[], stale: readonly DueAction[], workerId: string, leaseUntil: Date, now: Date): Promise<void> {
  const released = stale.filter((row) => row.countedOn !== null);
  if (released.length > 0) {
    await tx.execute(
      uncount(
        sql`select r."linkedinAccountId" as linkedin_account_id, r."countedOn" as day, r.action, r.origin
            from json_to_recordset(${JSON.stringify(released)}::json) as r("linkedinAccountId" int, "countedOn" text, action text, origin text)`,
      ),
    );
    await tx.execute(sql`update linkedin_actions set counted_on = null where id in ${idSet(released.map((row) => row.id))}`);
  }
  if (claims.length === 0) return;
  const payload = JSON.stringify(claims);
  await tx.execute(
    sql`update linkedin_actions a set claimed_by = ${workerId}, lease_until = ${at(leaseUntil)}, counted_on = c.day::date,
          reason = null, updated_at = ${at(now)}
        from json_to_recordset(${payload}::json) as c(id bigint, day text)
        where a.id = c.id`,
  );
  await tx.execute(
    countRows(
      sql`select c."linkedinAccountId" as linkedin_account_id, c.day, c.action, c.origin
          from json_to_recordset(${payload}::json) as c("linkedinAccountId" int, day text, action text, origin text)`,
    ),
  );
}

/** Actions the pacing holds back: due again at their own instant, with the reason kept for the screens. */
export async function deferActions(tx: DbOrTx, deferred: readonly { id: number; dueAt: Date; reason: string | null }[], now: Date): Promise<void> {
  if (deferred.length === 0) return;
  await tx.execute(
    sql`update linkedin_actions a set due_at = d."dueAt", reason = d.reason, updated_at = ${at(now)}
        from json_to_recordset(${JSON.stringify(deferred.map((d) => ({ ...d, dueAt: d.dueAt.toISOString() })))}::json)
          as d(id bigint, "dueAt" timestamptz, reason text)
        where a.id = d.id`,
  );
}

/**
 * The last step before the network is asked: the action becomes `running` with a fresh lease,
 * committed before the call. Null when this worker no longer holds it (its claim lapsed and
 * another worker took it).
 */
export async function markRunning(db: DbOrTx, id: number, workerId: string, leaseUntil: Date, now: Date): Promise<ActionRow | null> {
  const [row] = await rowsOf<RawAction>(
    db,
    sql`update linkedin_actions set state = 'running', attempts = attempts + 1, lease_until = ${at(leaseUntil)}, updated_at = ${at(now)}
        where id = ${id} and state = 'queued' and claimed_by = ${workerId} and counted_on is not null
        returning ${ACTION_COLUMNS}`,
  );
  return row ? actionOf(row) : null;
}

/**
 * Hands claimed actions back unperformed (their account lost its session, the pass stopped): due
 * again at `dueAt`, their reservation released. Only rows this worker still holds and never started.
 */
export async function releaseClaimed(db: DbOrTx, ids: readonly number[], workerId: string, dueAt: Date, reason: string | null, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`with old as (
          select id, counted_on from linkedin_actions
          where id in ${idSet(ids)} and state = 'queued' and claimed_by = ${workerId} and counted_on is not null
          for update
        ), released as (
          update linkedin_actions a set claimed_by = null, lease_until = null, counted_on = null, due_at = ${at(dueAt)},
            reason = ${reason}, updated_at = ${at(now)}
          from old where a.id = old.id
          returning a.linkedin_account_id, old.counted_on::text as day, a.action, a.origin
        )
        ${uncount(sql`select linkedin_account_id, day, action, origin from released`)}`,
  );
}

/** What the network's answer makes of a running action. */
export type Settlement =
  | { state: 'done'; result: unknown }
  /** Not done: `keepCount` when the network may have counted the attempt anyway. */
  | { state: 'failed'; reason: string; keepCount: boolean }
  /** Not done this time: queued again at dueAt, its reservation released. */
  | { state: 'queued'; reason: string; dueAt: Date };

/**
 * Records a running action's outcome, on the row this worker holds. Answers the row as written,
 * or null when the row was no longer this worker's (the sweep called it unknown first: only a
 * `done` still replaces that, since it is known to have happened).
 */
export async function settleAction(db: DbOrTx, id: number, workerId: string, settlement: Settlement, now: Date): Promise<ActionRow | null> {
  const held = sql`id = ${id} and state = 'running' and claimed_by = ${workerId}`;
  if (settlement.state === 'done') {
    // A late answer of this worker is the better fact, even after the sweep called it unknown.
    const heldOrSwept = sql`id = ${id} and claimed_by = ${workerId}
      and (state = 'running' or (state = 'failed' and reason = 'linkedin_action_outcome_unknown'))`;
    const [row] = await rowsOf<RawAction>(
      db,
      sql`update linkedin_actions set state = 'done', reason = null, result = ${JSON.stringify(settlement.result ?? null)}::jsonb,
            done_at = ${at(now)}, lease_until = null, updated_at = ${at(now)}
          where ${heldOrSwept} returning ${ACTION_COLUMNS}`,
    );
    return row ? actionOf(row) : null;
  }
  const release = settlement.state === 'queued' || !settlement.keepCount;
  const [row] = await rowsOf<RawAction>(
    db,
    sql`with old as (select id, counted_on from linkedin_actions where ${held} for update),
        written as (
          update linkedin_actions a set state = ${settlement.state}, reason = ${settlement.reason},
            due_at = ${settlement.state === 'queued' ? at(settlement.dueAt) : sql`a.due_at`},
            done_at = ${settlement.state === 'failed' ? at(now) : null},
            claimed_by = ${settlement.state === 'queued' ? null : workerId}, lease_until = null,
            counted_on = ${release ? null : sql`a.counted_on`}, updated_at = ${at(now)}
          from old where a.id = old.id
          returning a.*, old.counted_on::text as old_day
        ),
        uncounted as (
          ${release ? uncount(sql`select linkedin_account_id, old_day as day, action, origin from written where old_day is not null`) : sql`select 1`}
        )
        select id, account_id, user_id, linkedin_account_id, action, origin, profile_url, subject, content, campaign_id,
          recipient_id, step, state, reason, attempts, due_at, done_at, counted_on::text as counted_on, result
        from written`,
  );
  return row ? actionOf(row) : null;
}

/**
 * Running actions whose lease lapsed: their worker stopped while the network was being asked, so
 * whether the action happened is unknown. They are failed with that reason and never performed
 * again (their reservation stays counted: the action may have happened). Answers the rows.
 */
export async function sweepLapsedRunning(db: DbOrTx, now: Date): Promise<ActionRow[]> {
  const rows = await rowsOf<RawAction>(
    db,
    sql`update linkedin_actions set state = 'failed', reason = 'linkedin_action_outcome_unknown', done_at = ${at(now)},
          lease_until = null, result = '{"outcome":"unknown"}'::jsonb, updated_at = ${at(now)}
        where id in (
          select id from linkedin_actions where state = 'running' and lease_until <= ${at(now)}
          order by id limit 500 for update skip locked
        )
        returning ${ACTION_COLUMNS}`,
  );
  return rows.map(actionOf);
}

/** When an action is next due (a queued row, or a lease to sweep). */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await rowsOf<{ due: Date | string | null }>(
    db,
    sql`select least(
          (select min(a.due_at) from linkedin_actions a
             join linkedin_accounts l on l.id = a.linkedin_account_id and l.state = 'active' and l.deleted_at is null
             where a.state = 'queued'),
          (select min(lease_until) from linkedin_actions where state = 'running' or (state = 'queued' and lease_until is not null))
        ) as due`,
  );
  return toDate(row?.due);
}

// ─── What the network answered ─────────────────────────────────────────────────────────────

/** A sent invitation becomes pending (the connect limit counts it); a repeated one stays as it is. */
export async function recordInvitation(
  db: DbOrTx,
  row: { linkedinAccountId: number; actionId: number; profileUrl: string; profileName: string | null; campaignId: number | null; recipientId: number | null; sentAt: Date },
): Promise<void> {
  await db.execute(
    sql`insert into linkedin_invitations (linkedin_account_id, action_id, profile_url, profile_name, status, sent_at, campaign_id, recipient_id)
        values (${row.linkedinAccountId}, ${row.actionId}, ${row.profileUrl}, ${row.profileName}, 'pending', ${at(row.sentAt)},
          ${row.campaignId}, ${row.recipientId})
        on conflict (linkedin_account_id, profile_url) do nothing`,
  );
}

export interface MessageRow {
  accountId: number;
  linkedinAccountId: number;
  networkMessageId: string;
  threadKey: string;
  profileUrl: string;
  profileName: string | null;
  direction: 'in' | 'out';
  kind: 'message' | 'in_mail' | 'invite_note';
  subject: string | null;
  body: string;
  sentAt: Date;
  actionId: number | null;
  campaignId: number | null;
  recipientId: number | null;
  now: Date;
}

/** Stores a message once per network id; answers its id when it is new, null when it was stored before. */
export async function insertMessage(db: DbOrTx, row: MessageRow): Promise<number | null> {
  const [inserted] = await rowsOf<{ id: number | string }>(
    db,
    sql`insert into linkedin_messages (account_id, linkedin_account_id, network_message_id, thread_key, profile_url, profile_name,
          direction, kind, subject, body, sent_at, action_id, campaign_id, recipient_id, created_at)
        values (${row.accountId}, ${row.linkedinAccountId}, ${row.networkMessageId}, ${row.threadKey}, ${row.profileUrl},
          ${row.profileName}, ${row.direction}, ${row.kind}, ${row.subject}, ${row.body}, ${at(row.sentAt)}, ${row.actionId},
          ${row.campaignId}, ${row.recipientId}, ${at(row.now)})
        on conflict (linkedin_account_id, network_message_id) do nothing
        returning id`,
  );
  return num(inserted?.id ?? null);
}

/**
 * The campaign and recipient a reply of this profile belongs to: those of the latest campaign
 * action of the account towards the profile (a message, an InMail, an invitation).
 */
export async function campaignOfProfile(db: DbOrTx, linkedinAccountId: number, profileUrl: string): Promise<{ campaignId: number; recipientId: number } | null> {
  const [row] = await rowsOf<{ campaign_id: number; recipient_id: number }>(
    db,
    sql`select campaign_id, recipient_id from linkedin_actions
        where linkedin_account_id = ${linkedinAccountId} and profile_url = ${profileUrl} and campaign_id is not null and state = 'done'
        order by done_at desc, id desc limit 1`,
  );
  return row ? { campaignId: row.campaign_id, recipientId: row.recipient_id } : null;
}

/** A pending invitation accepted on the network; answers it when it was pending (so an acceptance is announced once). */
export async function acceptInvitation(
  db: DbOrTx,
  linkedinAccountId: number,
  profileUrl: string,
  acceptedAt: Date,
): Promise<{ id: number; actionId: number | null; campaignId: number | null; recipientId: number | null; profileName: string | null } | null> {
  const [row] = await rowsOf<{ id: number; action_id: number | string | null; campaign_id: number | null; recipient_id: number | null; profile_name: string | null }>(
    db,
    sql`update linkedin_invitations set status = 'accepted', accepted_at = ${at(acceptedAt)}
        where linkedin_account_id = ${linkedinAccountId} and profile_url = ${profileUrl} and status = 'pending'
        returning id, action_id, campaign_id, recipient_id, profile_name`,
  );
  return row
    ? { id: row.id, actionId: num(row.action_id), campaignId: row.campaign_id, recipientId: row.recipient_id, profileName: row.profile_name }
    : null;
}

export async function inboxCursor(db: DbOrTx, linkedinAccountId: number): Promise<string | null> {
  const [row] = await rowsOf<{ cursor: string | null }>(db, sql`select cursor from linkedin_inbox_state where linkedin_account_id = ${linkedinAccountId}`);
  return row?.cursor ?? null;
}

export async function saveInboxCursor(db: DbOrTx, linkedinAccountId: number, cursor: string, now: Date): Promise<void> {
  await db.execute(
    sql`insert into linkedin_inbox_state (linkedin_account_id, cursor, polled_at) values (${linkedinAccountId}, ${cursor}, ${at(now)})
        on conflict (linkedin_account_id) do update set cursor = excluded.cursor, polled_at = excluded.polled_at`,
  );
}
