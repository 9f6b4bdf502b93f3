/**
 * The SQL behind the runner's calls (pending invitations, an account's actions, the inline
 * message's checks), scoped to the caller: every function takes the caller's scope and keeps to
 * the slots they may use — their own, and those a teammate who owns them assigned to them (the
 * rule of the linkedin-accounts repository's `usable`). Another tenant's id reads as nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LinkedinActionState, LinkedinActionType } from '@leadforge/contracts';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { idSet } from '../../../db/sql-sets';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The slot `l` is one the caller may use. */
const usable = (scope: Scope) =>
  sql`l.deleted_at is null and (l.user_id = ${scope.userId} or (l.assigned_user_id = ${scope.userId} and l.user_id in ${idSet(scope.teamUserIds)}))`;

export interface UsableAccount {
  id: number;
  state: string;
  timezone: string;
  limits: unknown;
  warmUp: boolean;
  warmUpStartedAt: Date | null;
  connectLimit: number;
  /** The account whose plan pays for the slot, and the slot's owner. */
  accountId: number;
  userId: number;
}

export async function findUsableAccount(db: DbOrTx, scope: Scope, id: number): Promise<UsableAccount | undefined> {
  const [row] = await rowsOf<{
    id: number;
    state: string;
    timezone: string;
    limits: unknown;
    warm_up: boolean;
    warm_up_started_at: Date | string | null;
    connect_limit: number;
    account_id: number;
    user_id: number;
  }>(
    db,
    sql`select l.id, l.state, l.timezone, l.limits, l.warm_up, l.warm_up_started_at, l.connect_limit, l.account_id, l.user_id
        from linkedin_accounts l where l.id = ${id} and ${usable(scope)}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    state: row.state,
    timezone: row.timezone,
    limits: typeof row.limits === 'string' ? (JSON.parse(row.limits) as unknown) : row.limits,
    warmUp: row.warm_up,
    warmUpStartedAt: row.warm_up_started_at === null ? null : new Date(row.warm_up_started_at),
    connectLimit: row.connect_limit,
    accountId: row.account_id,
    userId: row.user_id,
  };
}

/** Actions of one kind counted on a day of the account (warm-up left out). */
export async function usedOn(db: DbOrTx, scope: Scope, linkedinAccountId: number, day: string, action: LinkedinActionType): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select coalesce(sum(u.count), 0)::int as count
        from linkedin_daily_usage u join linkedin_accounts l on l.id = u.linkedin_account_id
        where u.linkedin_account_id = ${linkedinAccountId} and u.day = ${day}::date and u.action = ${action} and ${usable(scope)}`,
  );
  return Number(row?.count ?? 0);
}

export interface PendingInvitationRow {
  actionId: number;
  profileUrl: string;
  profileName: string | null;
  sentAt: string;
}

/** The account's pending invitations, newest first, and how many there are. */
export async function pendingInvitations(db: DbOrTx, scope: Scope, linkedinAccountId: number): Promise<{ pending: number; items: PendingInvitationRow[] }> {
  const rows = await rowsOf<{ action_id: number | string | null; profile_url: string; profile_name: string | null; sent_at: Date | string }>(
    db,
    sql`select i.action_id, i.profile_url, i.profile_name, i.sent_at
        from linkedin_invitations i join linkedin_accounts l on l.id = i.linkedin_account_id
        where i.linkedin_account_id = ${linkedinAccountId} and i.status = 'pending' and ${usable(scope)}
        order by i.sent_at desc, i.id desc`,
  );
  return {
    pending: rows.length,
    // An invitation whose action row is gone (kept when actions are cleaned up) still counts, unlisted.
    items: rows
      .filter((row) => row.action_id !== null)
      .map((row) => ({ actionId: Number(row.action_id), profileUrl: row.profile_url, profileName: row.profile_name, sentAt: iso(row.sent_at) })),
  };
}

export interface ActionViewRow {
  id: number;
  linkedinAccountId: number;
  action: LinkedinActionType;
  profileUrl: string;
  state: LinkedinActionState;
  reason: string | null;
  dueAt: string;
  doneAt: string | null;
  campaignId: number | null;
  recipientId: number | null;
}

interface RawActionView {
  id: number | string;
  linkedin_account_id: number;
  action: LinkedinActionType;
  profile_url: string;
  state: LinkedinActionState;
  reason: string | null;
  due_at: Date | string;
  done_at: Date | string | null;
  campaign_id: number | null;
  recipient_id: number | null;
}

const viewOf = (row: RawActionView): ActionViewRow => ({
  id: Number(row.id),
  linkedinAccountId: row.linkedin_account_id,
  action: row.action,
  profileUrl: row.profile_url,
  state: row.state,
  reason: row.reason,
  dueAt: iso(row.due_at),
  doneAt: row.done_at === null ? null : iso(row.done_at),
  campaignId: row.campaign_id,
  recipientId: row.recipient_id,
});

/** A page of the account's actions, newest first, and how many match. */
export async function listActions(
  db: DbOrTx,
  scope: Scope,
  linkedinAccountId: number,
  options: { state?: LinkedinActionState | undefined; limit: number; offset: number },
): Promise<{ items: ActionViewRow[]; total: number }> {
  const where = sql`a.linkedin_account_id = ${linkedinAccountId} and ${usable(scope)} ${options.state ? sql`and a.state = ${options.state}` : sql``}`;
  const [rows, [count]] = await Promise.all([
    rowsOf<RawActionView>(
      db,
      sql`select a.id, a.linkedin_account_id, a.action, a.profile_url, a.state, a.reason, a.due_at, a.done_at, a.campaign_id, a.recipient_id
          from linkedin_actions a join linkedin_accounts l on l.id = a.linkedin_account_id
          where ${where}
          order by a.created_at desc, a.id desc
          limit ${options.limit} offset ${options.offset}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from linkedin_actions a join linkedin_accounts l on l.id = a.linkedin_account_id where ${where}`,
    ),
  ]);
  return { items: rows.map(viewOf), total: Number(count?.total ?? 0) };
}

/** One action of a slot the caller may use. */
export async function findAction(db: DbOrTx, scope: Scope, actionId: number): Promise<ActionViewRow | undefined> {
  const [row] = await rowsOf<RawActionView>(
    db,
    sql`select a.id, a.linkedin_account_id, a.action, a.profile_url, a.state, a.reason, a.due_at, a.done_at, a.campaign_id, a.recipient_id
        from linkedin_actions a join linkedin_accounts l on l.id = a.linkedin_account_id
        where a.id = ${actionId} and ${usable(scope)}`,
  );
  return row ? viewOf(row) : undefined;
}

/** The action an idempotency key of the account queued, when the caller may see it. */
export async function findActionByKey(db: DbOrTx, scope: Scope, linkedinAccountId: number, idempotencyKey: string): Promise<ActionViewRow | undefined> {
  const [row] = await rowsOf<RawActionView>(
    db,
    sql`select a.id, a.linkedin_account_id, a.action, a.profile_url, a.state, a.reason, a.due_at, a.done_at, a.campaign_id, a.recipient_id
        from linkedin_actions a join linkedin_accounts l on l.id = a.linkedin_account_id
        where a.linkedin_account_id = ${linkedinAccountId} and a.idempotency_key = ${idempotencyKey} and ${usable(scope)}`,
  );
  return row ? viewOf(row) : undefined;
}
