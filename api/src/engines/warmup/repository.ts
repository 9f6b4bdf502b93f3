/**
 * SQL of the warm-up pool's jobs. These run for the whole installation (the pool is every
 * mailbox with warm-up on, across accounts), never for a request: nothing here is answered to a
 * user, and each send row names the two mailboxes it joins.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { idSet } from '../../db/sql-sets';
import { rowsOf } from '../../modules/prospects/sql-helpers';

export interface PoolRow {
  id: number;
  user_id: number;
  account_id: number;
  email: string;
  sender_name: string;
  provider: string;
  sending_window: unknown;
  start_volume: number;
  daily_increase: number;
  ceiling: number;
  weekdays_only: boolean;
  schedule_timezone: string | null;
  schedule_days: unknown;
  days_warmed: number;
  last_planned_day: string | null;
  throttled: boolean;
  runs_campaign: boolean;
  user_time_zone: string | null;
}

/**
 * Whether the mailbox `mailboxId` (a column or expression) sends an active campaign: its warm-up
 * then keeps to the campaign day cap (rules/warmup.ts). The planner's pool and the warm-up list's
 * today's target both read it, so the figure shown is the one planned.
 */
export function runsActiveCampaign(mailboxId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from campaign_senders cs join campaigns c on c.id = cs.campaign_id
     where cs.kind = 'email' and cs.sender_id = ${mailboxId} and cs.removed_at is null and c.status = 'active'
  )`;
}

/**
 * The pool: active warm-ups of live, connected mailboxes with IMAP, each with its settings, the
 * schedule it sends on, and whether it also sends an active campaign today (warm-up then keeps to
 * the campaign day cap).
 */
export async function readPool(db: DbOrTx): Promise<PoolRow[]> {
  return rowsOf<PoolRow>(
    db,
    sql`select e.id, e.user_id, e.account_id, e.email, e.sender_name, e.provider, e.sending_window,
          w.start_volume, w.daily_increase, w.ceiling, w.weekdays_only,
          s.timezone as schedule_timezone, s.days as schedule_days,
          w.days_warmed, w.last_planned_day::text as last_planned_day, w.throttled_at is not null as throttled,
          ${runsActiveCampaign(sql`e.id`)} as runs_campaign,
          us.time_zone as user_time_zone
        from warmup_mailboxes w
        join email_accounts e on e.id = w.email_account_id
        left join campaign_schedules s on s.id = w.schedule_id
        left join user_settings us on us.user_id = e.user_id
        where w.status = 'active' and e.deleted_at is null and e.status = 'active' and e.imap_host is not null
        order by e.id`,
  );
}

/** Pairs (as "low:high") that exchanged warm-up mail on or after `since` (UTC date), either way. */
export async function recentPairs(db: DbOrTx, since: string): Promise<Set<string>> {
  const rows = await rowsOf<{ a: number; b: number }>(
    db,
    sql`select distinct least(sender_id, partner_id) as a, greatest(sender_id, partner_id) as b
        from warmup_sends where day >= ${since}::date`,
  );
  return new Set(rows.map((row) => `${Number(row.a)}:${Number(row.b)}`));
}

/**
 * Claims the day for these senders: counts the day in their ramp and answers those it claimed.
 * A sender already planned for the day (an earlier run, another worker) is not answered, so its
 * sends are never written twice; the update takes the rows' locks, so a concurrent planner waits
 * and then finds the day taken.
 */
export async function claimDay(db: DbOrTx, day: string, senders: readonly number[]): Promise<Set<number>> {
  if (senders.length === 0) return new Set();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update warmup_mailboxes set days_warmed = days_warmed + 1, last_planned_day = ${day}::date, updated_at = now()
        where email_account_id in ${idSet(senders)} and status = 'active'
          and (last_planned_day is null or last_planned_day <> ${day}::date)
        returning email_account_id as id`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

export interface NewSend {
  senderId: number;
  partnerId: number;
  seq: number;
  dueAt: Date;
}

/** Writes the day's sends; (sender, day, seq) is unique, so a repeated write adds nothing. */
export async function insertSends(db: DbOrTx, day: string, sends: readonly NewSend[]): Promise<number> {
  let written = 0;
  // Chunks keep each statement's JSON parameter small on a 1,000-mailbox pool.
  for (let start = 0; start < sends.length; start += 2_000) {
    const chunk = sends.slice(start, start + 2_000).map((send) => ({ s: send.senderId, p: send.partnerId, q: send.seq, d: send.dueAt.toISOString() }));
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`insert into warmup_sends (sender_id, partner_id, day, seq, due_at)
          select (x->>'s')::int, (x->>'p')::int, ${day}::date, (x->>'q')::int, (x->>'d')::timestamptz
          from json_array_elements(${JSON.stringify(chunk)}::json) as x
          on conflict (sender_id, day, seq) do nothing
          returning id`,
    );
    written += rows.length;
  }
  return written;
}

export interface PlannedSendRow {
  id: number;
  sender_id: number;
  sender_user_id: number;
  sender_account_id: number;
  sender_email: string;
  sender_name: string;
  locale: string | null;
  partner_email: string;
  partner_name: string;
  due_at: Date;
}

/** Sends still to hand to the mail engine, due before `before`, oldest first. */
export async function plannedSends(db: DbOrTx, before: Date, limit: number): Promise<PlannedSendRow[]> {
  return rowsOf<PlannedSendRow>(
    db,
    sql`select ws.id, ws.sender_id, se.user_id as sender_user_id, se.account_id as sender_account_id, se.email as sender_email,
          se.sender_name, us.locale, pe.email as partner_email, pe.sender_name as partner_name, ws.due_at
        from warmup_sends ws
        join email_accounts se on se.id = ws.sender_id
        join email_accounts pe on pe.id = ws.partner_id
        left join user_settings us on us.user_id = se.user_id
        where ws.state = 'planned' and ws.due_at < ${before.toISOString()}::timestamptz
        order by ws.due_at, ws.id
        limit ${limit}`,
  );
}

export async function markQueued(db: DbOrTx, id: number, values: { outboundId: number; token: string; messageId: string }): Promise<void> {
  await db.execute(
    sql`update warmup_sends set state = 'queued', outbound_id = ${values.outboundId}, token = ${values.token}, message_id = ${values.messageId}
        where id = ${id} and state = 'planned'`,
  );
}

export async function markSkipped(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update warmup_sends set state = 'skipped' where id = ${id} and state = 'planned'`);
}

// ------------------------------------------------------------------ the receiving side

export interface ArrivedRow {
  id: number;
  folder: string;
  received_at: Date;
  reply_rate: number;
}

/**
 * Queued warm-up mail of the last `days` days that its partner's IMAP sync has stored (class
 * 'warmup', matched by the receiving mailbox and the Message-ID we sent it with) and whose
 * placement is not recorded yet.
 */
export async function arrivedUnplaced(db: DbOrTx, since: string, limit: number): Promise<ArrivedRow[]> {
  return rowsOf<ArrivedRow>(
    db,
    sql`select s.id, i.folder, i.received_at, coalesce(w.reply_rate, 0) as reply_rate
        from warmup_sends s
        join mail_inbound i on i.email_account_id = s.partner_id and i.message_id = btrim(s.message_id, '<>') and i.class = 'warmup'
        left join warmup_mailboxes w on w.email_account_id = s.partner_id
        where s.day >= ${since}::date and s.state = 'queued' and s.placement = 'unknown'
        order by s.id
        limit ${limit}`,
  );
}

export async function recordPlacement(db: DbOrTx, id: number, values: { placement: 'inbox' | 'spam'; placedAt: Date; replyDueAt: Date | null }): Promise<void> {
  await db.execute(
    sql`update warmup_sends set placement = ${values.placement}, placed_at = ${values.placedAt.toISOString()}::timestamptz,
          reply_due_at = ${values.replyDueAt?.toISOString() ?? null}::timestamptz
        where id = ${id} and placement = 'unknown'`,
  );
}

/** Answers the sender's sync has stored (a genuine mark) and no pass has placed yet. */
export async function repliesArrivedUnplaced(db: DbOrTx, since: string, limit: number): Promise<{ id: number; folder: string }[]> {
  return rowsOf(
    db,
    sql`select s.id, i.folder
        from warmup_sends s
        join mail_outbound mo on mo.id = s.reply_outbound_id
        join mail_inbound i on i.email_account_id = s.sender_id and i.message_id = btrim(mo.message_id, '<>') and i.class = 'warmup'
        where s.day >= ${since}::date and s.replied_at is not null and s.reply_placement = 'unknown'
        order by s.id
        limit ${limit}`,
  );
}

export async function recordReplyPlacement(db: DbOrTx, id: number, placement: 'inbox' | 'spam'): Promise<void> {
  await db.execute(sql`update warmup_sends set reply_placement = ${placement} where id = ${id} and reply_placement = 'unknown'`);
}

/** Whose spam folder a rescue reads: the receiver's for a note, the sender's for its answer. */
export type RescueKind = 'note' | 'reply';

/**
 * Mail placed in spam and not rescued yet, by the mailbox whose spam folder holds it: notes in
 * their receiver's, answers in the note's sender's: [send id, mailbox, bare Message-ID].
 */
export async function spamToRescue(
  db: DbOrTx,
  kind: RescueKind,
  since: string,
  limit: number,
): Promise<{ id: number; mailbox_id: number; message_id: string }[]> {
  return rowsOf(
    db,
    kind === 'note'
      ? sql`select id, partner_id as mailbox_id, btrim(message_id, '<>') as message_id from warmup_sends
            where day >= ${since}::date and placement = 'spam' and rescued_at is null
            order by partner_id, id limit ${limit}`
      : sql`select s.id, s.sender_id as mailbox_id, btrim(mo.message_id, '<>') as message_id
            from warmup_sends s join mail_outbound mo on mo.id = s.reply_outbound_id
            where s.day >= ${since}::date and s.reply_placement = 'spam' and s.reply_rescued_at is null
            order by s.sender_id, s.id limit ${limit}`,
  );
}

export async function markRescued(db: DbOrTx, kind: RescueKind, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  const stamp = at.toISOString();
  await db.execute(
    kind === 'note'
      ? sql`update warmup_sends set rescued_at = ${stamp}::timestamptz where id in ${idSet(ids)} and rescued_at is null`
      : sql`update warmup_sends set reply_rescued_at = ${stamp}::timestamptz where id in ${idSet(ids)} and reply_rescued_at is null`,
  );
}

export interface DueReplyRow {
  id: number;
  partner_id: number;
  partner_user_id: number;
  partner_account_id: number;
  partner_name: string;
  locale: string | null;
  sender_email: string;
  sender_name: string;
  subject: string;
  message_id: string;
}

/** Answers due now: from the partner that received the note back to its sender, at most once each. */
export async function dueReplies(db: DbOrTx, now: Date, limit: number): Promise<DueReplyRow[]> {
  return rowsOf<DueReplyRow>(
    db,
    sql`select s.id, s.partner_id, pe.user_id as partner_user_id, pe.account_id as partner_account_id, pe.sender_name as partner_name,
          us.locale, se.email as sender_email, se.sender_name, o.subject, s.message_id
        from warmup_sends s
        join email_accounts pe on pe.id = s.partner_id and pe.deleted_at is null
        join email_accounts se on se.id = s.sender_id and se.deleted_at is null
        join mail_outbound o on o.id = s.outbound_id
        left join user_settings us on us.user_id = pe.user_id
        where s.reply_due_at is not null and s.replied_at is null and s.reply_due_at <= ${now.toISOString()}::timestamptz
        order by s.reply_due_at, s.id
        limit ${limit}`,
  );
}

export async function markReplied(db: DbOrTx, id: number, values: { outboundId: number | null; at: Date }): Promise<void> {
  await db.execute(
    sql`update warmup_sends set reply_outbound_id = ${values.outboundId}, replied_at = ${values.at.toISOString()}::timestamptz
        where id = ${id} and replied_at is null`,
  );
}

// ------------------------------------------------------------------ health and status

/**
 * Marks warm-up mail that bounced since `since`: refused for good by the partner's server
 * (the outbound row failed) or answered by a delivery report the sender's sync read. `at` is the
 * health pass's clock (the jobs' injected clock, a test's fake one), not the database's.
 */
export async function markBounces(db: DbOrTx, since: string, at: Date): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update warmup_sends s set bounced_at = ${at.toISOString()}::timestamptz
        from mail_outbound o
        where o.id = s.outbound_id and s.bounced_at is null and s.day >= ${since}::date
          and (o.state = 'failed' or exists (select 1 from mail_inbound i where i.outbound_id = o.id and i.class = 'bounce'))
        returning s.id`,
  );
  return rows.length;
}

export interface PlacementCountsRow {
  id: number;
  inbox: number;
  spam: number;
  bounces: number;
  health: string | null;
  /** When the throttle is held from (the last bad verdict); null: not throttled. */
  throttled_at: Date | string | null;
}

/** Per warm-up mailbox (not disabled): its placements and bounces as a sender since `since`, and its stored health. */
export async function placementCounts(db: DbOrTx, since: string): Promise<PlacementCountsRow[]> {
  return rowsOf<PlacementCountsRow>(
    db,
    sql`select w.email_account_id as id, w.health, w.throttled_at,
          count(s.id) filter (where s.placement = 'inbox')::int as inbox,
          count(s.id) filter (where s.placement = 'spam')::int as spam,
          count(s.id) filter (where s.bounced_at is not null)::int as bounces
        from warmup_mailboxes w
        left join warmup_sends s on s.sender_id = w.email_account_id and s.day >= ${since}::date
        where w.status <> 'disabled'
        group by w.email_account_id`,
  );
}

/** Stores a mailbox's health and, unless `throttledAt` is undefined (unchanged), its throttle. */
export async function setHealth(db: DbOrTx, id: number, values: { health: string | null; throttledAt: Date | null | undefined }): Promise<void> {
  const throttle = values.throttledAt === undefined ? sql`` : sql`, throttled_at = ${values.throttledAt?.toISOString() ?? null}::timestamptz`;
  await db.execute(sql`update warmup_mailboxes set health = ${values.health}${throttle}, updated_at = now() where email_account_id = ${id}`);
}

/**
 * Keeps warm-up status in step with its mailbox: an active warm-up of a mailbox that cannot
 * connect (reconnect, error) or that its owner paused waits as pending with the reason; a pending
 * one whose mailbox works again resumes. Answers how many changed each way.
 */
export async function followMailboxStatus(db: DbOrTx): Promise<{ pending: number; resumed: number }> {
  const pending = await rowsOf<{ id: number }>(
    db,
    sql`update warmup_mailboxes w set status = 'pending', updated_at = now(),
          status_reason = case when e.status = 'paused' then 'mailbox_paused' else coalesce(e.status_reason, e.status) end
        from email_accounts e
        where e.id = w.email_account_id and w.status = 'active' and e.status <> 'active'
        returning w.email_account_id as id`,
  );
  const resumed = await rowsOf<{ id: number }>(
    db,
    sql`update warmup_mailboxes w set status = 'active', status_reason = null, updated_at = now()
        from email_accounts e
        where e.id = w.email_account_id and w.status = 'pending' and e.status = 'active' and e.deleted_at is null and e.imap_host is not null
        returning w.email_account_id as id`,
  );
  return { pending: pending.length, resumed: resumed.length };
}
