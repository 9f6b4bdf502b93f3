/**
 * SQL of the warm-up area. A warm-up belongs to its mailbox (`email_accounts`): the caller reads
 * the warm-ups of the mailboxes whose owners' records they may read (`readableUserIds`: a team
 * lead the team's, anyone else their own) and changes only their own (user and account). Every
 * function over a tenant's data takes the caller's scope right after the database; the pool
 * count is the one read across accounts, and answers a number only.
 */
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { emailAccounts, warmupMailboxes } from '../../db/schema';
import { campaignSchedules } from '../../db/schema/library';
import { runsActiveCampaign } from '../../engines/warmup/repository';
import { idSet } from '../../db/sql-sets';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { rowsOf } from '../prospects/sql-helpers';

export type WarmupRow = typeof warmupMailboxes.$inferSelect;
export type WarmupValues = Omit<typeof warmupMailboxes.$inferInsert, 'emailAccountId' | 'accountId' | 'userId' | 'createdAt'>;

/** A mailbox as the warm-up reads it, with its warm-up (null: never started). */
export interface MailboxWarmup {
  id: number;
  userId: number;
  email: string;
  senderName: string;
  mailboxStatus: string;
  mailboxStatusReason: string | null;
  imapHost: string | null;
  /** It sends an active campaign: its warm-up keeps to the campaign day cap (the planner reads the same fact). */
  runsCampaign: boolean;
  warmup: WarmupRow | null;
}

const mailboxColumns = {
  id: emailAccounts.id,
  userId: emailAccounts.userId,
  email: emailAccounts.email,
  senderName: emailAccounts.senderName,
  mailboxStatus: emailAccounts.status,
  mailboxStatusReason: emailAccounts.statusReason,
  imapHost: emailAccounts.imapHost,
  runsCampaign: runsActiveCampaign(emailAccounts.id),
  warmup: warmupMailboxes,
};

const readable = (scope: Scope) => and(inArray(emailAccounts.userId, [...scope.readableUserIds]), isNull(emailAccounts.deletedAt));
const own = (scope: Scope) => and(eq(emailAccounts.userId, scope.userId), eq(emailAccounts.accountId, scope.accountId), isNull(emailAccounts.deletedAt));
const statusOf = sql<string>`coalesce(${warmupMailboxes.status}, 'disabled')`;

function selectMailboxes(db: DbOrTx) {
  return db.select(mailboxColumns).from(emailAccounts).leftJoin(warmupMailboxes, eq(warmupMailboxes.emailAccountId, emailAccounts.id));
}

export async function listReadable(
  db: DbOrTx,
  scope: Scope,
  options: { page: number; perPage: number; ids?: readonly number[] | undefined; status?: string | undefined },
): Promise<{ rows: MailboxWarmup[]; total: number }> {
  const where = and(
    readable(scope),
    options.ids ? inArray(emailAccounts.id, [...options.ids]) : undefined,
    options.status ? eq(statusOf, options.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectMailboxes(db)
      .where(where)
      .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(emailAccounts)
      .leftJoin(warmupMailboxes, eq(warmupMailboxes.emailAccountId, emailAccounts.id))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findReadable(db: DbOrTx, scope: Scope, id: number): Promise<MailboxWarmup | undefined> {
  const [row] = await selectMailboxes(db).where(and(readable(scope), eq(emailAccounts.id, id))).limit(1);
  return row;
}

/** The caller's own mailbox, locked for the change. */
export async function findOwnForUpdate(db: DbOrTx, scope: Scope, id: number): Promise<MailboxWarmup | undefined> {
  const [row] = await selectMailboxes(db)
    .where(and(own(scope), eq(emailAccounts.id, id)))
    .limit(1)
    .for('update', { of: emailAccounts });
  return row;
}

/** The ids of every mailbox the caller may read (for statistics over all of them). */
export async function readableIds(db: DbOrTx, scope: Scope): Promise<number[]> {
  const rows = await db.select({ id: emailAccounts.id }).from(emailAccounts).where(readable(scope));
  return rows.map((row) => row.id);
}

/** Serialises the caller's starts: two mailboxes started at once count the plan's limit one after the other. */
export async function lockOwner(db: DbOrTx, scope: Scope): Promise<void> {
  await db.execute(sql`select id from users where id = ${scope.userId} for update`);
}

/** The caller's own mailboxes with warm-up on (active, pending or paused), besides `except`. */
export async function countOwnWarmingUp(db: DbOrTx, scope: Scope, except: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(warmupMailboxes)
    .innerJoin(emailAccounts, eq(emailAccounts.id, warmupMailboxes.emailAccountId))
    .where(and(own(scope), ne(warmupMailboxes.status, 'disabled'), ne(warmupMailboxes.emailAccountId, except)));
  return row?.value ?? 0;
}

/**
 * Writes the caller's warm-up of their mailbox `id` and keeps `email_accounts.warmup_enabled` (what
 * the email-accounts list and the onboarding step read) equal to "warm-up not disabled".
 */
export async function saveOwn(db: DbOrTx, scope: Scope, id: number, values: WarmupValues): Promise<WarmupRow | undefined> {
  const [mailbox] = await db
    .update(emailAccounts)
    .set({ warmupEnabled: values.status !== 'disabled' })
    .where(and(own(scope), eq(emailAccounts.id, id)))
    .returning({ id: emailAccounts.id });
  if (!mailbox) return undefined;
  const [row] = await db
    .insert(warmupMailboxes)
    .values({ ...values, emailAccountId: id, userId: scope.userId, accountId: scope.accountId })
    .onConflictDoUpdate({ target: warmupMailboxes.emailAccountId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}

export interface ScheduleRow {
  id: number;
  name: string;
  timezone: string;
  days: unknown;
}

/** The caller's own schedule (schedules are personal: a teammate's id is not found). */
export async function findOwnSchedule(db: DbOrTx, scope: Scope, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select({ id: campaignSchedules.id, name: campaignSchedules.name, timezone: campaignSchedules.timezone, days: campaignSchedules.days })
    .from(campaignSchedules)
    .where(and(eq(campaignSchedules.id, id), eq(campaignSchedules.userId, scope.userId), eq(campaignSchedules.accountId, scope.accountId)))
    .limit(1);
  return row;
}

/** The caller's schedules by name, each with their own live mailboxes whose warm-up sends on it. */
export async function ownSchedulesWithUse(db: DbOrTx, scope: Scope): Promise<(ScheduleRow & { usedBy: number[] })[]> {
  const rows = await rowsOf<{ id: number; name: string; timezone: string; days: unknown; used_by: number[] | null }>(
    db,
    sql`select s.id, s.name, s.timezone, s.days,
          (select array_agg(w.email_account_id order by w.email_account_id)
             from warmup_mailboxes w join email_accounts e on e.id = w.email_account_id
            where w.schedule_id = s.id and e.user_id = ${scope.userId} and e.deleted_at is null) as used_by
        from campaign_schedules s
        where s.user_id = ${scope.userId} and s.account_id = ${scope.accountId}
        order by lower(s.name), s.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, timezone: row.timezone, days: row.days, usedBy: (row.used_by ?? []).map(Number) }));
}

/** Mailboxes of this installation warming up now (the pool), across accounts: a count only. */
export async function poolSize(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(warmupMailboxes)
    .innerJoin(emailAccounts, eq(emailAccounts.id, warmupMailboxes.emailAccountId))
    .where(and(eq(warmupMailboxes.status, 'active'), isNull(emailAccounts.deletedAt)));
  return row?.value ?? 0;
}

// ------------------------------------------------------------------ figures

export interface WindowCounts {
  sent: number;
  inbox: number;
  spam: number;
  replied: number;
  bounces: number;
}

export interface SenderFigures {
  last7: WindowCounts;
  last30: WindowCounts;
  sentToday: number;
}

/** A warm-up mail counts as sent once the mail engine sent it (its outbound row is `sent`). */
const sentFilter = sql`o.state = 'sent'`;

function windowColumns(prefix: 'w7' | 'w30', since: string): SQL {
  const alias = (name: string) => sql.raw(`${prefix}_${name}`);
  return sql`count(*) filter (where ${sentFilter} and s.day >= ${since}::date)::int as ${alias('sent')},
     count(*) filter (where s.placement = 'inbox' and s.day >= ${since}::date)::int as ${alias('inbox')},
     count(*) filter (where s.placement = 'spam' and s.day >= ${since}::date)::int as ${alias('spam')},
     count(*) filter (where s.replied_at is not null and s.day >= ${since}::date)::int as ${alias('replied')},
     count(*) filter (where s.bounced_at is not null and s.day >= ${since}::date)::int as ${alias('bounces')}`;
}

/**
 * Per sending mailbox: sent, landed in the inbox, in spam, replied and bounced over the 7 and 30
 * days ending `today` (UTC dates), and sent today. Callers pass ids they may read.
 */
export async function figuresBySender(db: DbOrTx, ids: readonly number[], today: string, since7: string, since30: string): Promise<Map<number, SenderFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<Record<string, number>>(
    db,
    sql`select s.sender_id, ${windowColumns('w7', since7)}, ${windowColumns('w30', since30)},
          count(*) filter (where ${sentFilter} and s.day = ${today}::date)::int as sent_today
        from warmup_sends s left join mail_outbound o on o.id = s.outbound_id
        where s.sender_id in ${idSet(ids)} and s.day >= ${since30}::date
        group by s.sender_id`,
  );
  const counts = (row: Record<string, number>, prefix: string): WindowCounts => ({
    sent: Number(row[`${prefix}_sent`] ?? 0),
    inbox: Number(row[`${prefix}_inbox`] ?? 0),
    spam: Number(row[`${prefix}_spam`] ?? 0),
    replied: Number(row[`${prefix}_replied`] ?? 0),
    bounces: Number(row[`${prefix}_bounces`] ?? 0),
  });
  return new Map(rows.map((row) => [Number(row.sender_id), { last7: counts(row, 'w7'), last30: counts(row, 'w30'), sentToday: Number(row.sent_today ?? 0) }]));
}

/** Sent, inbox, spam and replied per day from `since` (UTC date) for these senders together. */
export async function dailyFigures(db: DbOrTx, ids: readonly number[], since: string): Promise<Map<string, Omit<WindowCounts, 'bounces'>>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ day: string | Date; sent: number; inbox: number; spam: number; replied: number }>(
    db,
    sql`select s.day::text as day,
          count(*) filter (where ${sentFilter})::int as sent,
          count(*) filter (where s.placement = 'inbox')::int as inbox,
          count(*) filter (where s.placement = 'spam')::int as spam,
          count(*) filter (where s.replied_at is not null)::int as replied
        from warmup_sends s left join mail_outbound o on o.id = s.outbound_id
        where s.sender_id in ${idSet(ids)} and s.day >= ${since}::date
        group by s.day`,
  );
  return new Map(
    rows.map((row) => [String(row.day), { sent: Number(row.sent), inbox: Number(row.inbox), spam: Number(row.spam), replied: Number(row.replied) }]),
  );
}

export interface ConversationRow {
  id: number;
  direction: 'sent' | 'received';
  partner_domain: string;
  at: Date | string;
  placement: 'inbox' | 'spam' | 'unknown';
  rescued: boolean;
  replied: boolean;
}

/**
 * A mailbox's latest warm-up mail that left, sent or received, newest first; of the partner only
 * its domain. The caller checked the mailbox is theirs to read.
 */
export function recentConversations(db: DbOrTx, emailAccountId: number, limit: number): Promise<ConversationRow[]> {
  return rowsOf<ConversationRow>(
    db,
    sql`select s.id, case when s.sender_id = ${emailAccountId} then 'sent' else 'received' end as direction,
               split_part(p.email, '@', 2) as partner_domain, o.sent_at as at, s.placement,
               s.rescued_at is not null as rescued, s.replied_at is not null as replied
        from warmup_sends s
        join mail_outbound o on o.id = s.outbound_id and ${sentFilter}
        join email_accounts p on p.id = case when s.sender_id = ${emailAccountId} then s.partner_id else s.sender_id end
        where s.sender_id = ${emailAccountId} or s.partner_id = ${emailAccountId}
        order by o.sent_at desc, s.id desc
        limit ${limit}`,
  );
}
