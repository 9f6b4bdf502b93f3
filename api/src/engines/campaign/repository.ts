/**
 * The executor's SQL. It runs for every tenant at once (a background job, no caller), so its
 * queries are scoped by the campaign's own account where they touch other tables (prospects,
 * mailboxes, the no-send list).
 */
import { campaignGraphSchema, campaignMomentSchema, type CampaignGraph, type CampaignMoment } from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const iso = (value: Date): SQL => sql`${value.toISOString()}::timestamptz`;

/** node-postgres answers bigint as text and timestamps as Date; PGlite may differ: normalise here. */
export const num = (value: unknown): number => Number(value);
export const dateOf = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

// ─── Campaigns ────────────────────────────────────────────────────────────────────────────────

export interface CampaignRow {
  id: number;
  account_id: number;
  user_id: number;
  status: string;
  options: Record<string, unknown>;
  active_version: number;
  schedule_timezone: string | null;
  schedule_days: unknown;
}

export async function campaignsByIds(db: DbOrTx, ids: readonly number[]): Promise<CampaignRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<CampaignRow>(
    db,
    sql`select c.id, c.account_id, c.user_id, c.status, c.options, c.active_version,
          s.timezone as schedule_timezone, s.days as schedule_days
        from campaigns c left join campaign_schedules s on s.id = c.schedule_id
        where c.id in (${idList(ids)})`,
  );
}

/** A campaign's start moment ({date, time, timeZone}), or null when it has none. */
export async function campaignStart(db: DbOrTx, campaignId: number): Promise<CampaignMoment | null> {
  const [row] = await rowsOf<{ start_at: unknown }>(db, sql`select start_at from campaigns where id = ${campaignId}`);
  if (!row || row.start_at === null) return null;
  const moment = campaignMomentSchema.safeParse(typeof row.start_at === 'string' ? JSON.parse(row.start_at) : row.start_at);
  return moment.success ? moment.data : null;
}

/** Running or paused campaigns with an end moment ({date, time, timeZone}; few: read every tick). */
export async function campaignsWithEnd(
  db: DbOrTx,
): Promise<{ id: number; account_id: number; user_id: number; complete_at: CampaignMoment }[]> {
  const rows = await rowsOf<{ id: unknown; account_id: number; user_id: number; complete_at: unknown }>(
    db,
    sql`select id, account_id, user_id, complete_at from campaigns
        where status in ('active', 'pause') and complete_at is not null and complete_at <> 'null'::jsonb`,
  );
  return rows.flatMap((row) => {
    const moment = campaignMomentSchema.safeParse(typeof row.complete_at === 'string' ? JSON.parse(row.complete_at) : row.complete_at);
    return moment.success ? [{ id: num(row.id), account_id: row.account_id, user_id: row.user_id, complete_at: moment.data }] : [];
  });
}

export async function graphOf(db: DbOrTx, campaignId: number, version: number): Promise<CampaignGraph | null> {
  const [row] = await rowsOf<{ graph: unknown }>(
    db,
    sql`select graph from campaign_versions where campaign_id = ${campaignId} and version = ${version}`,
  );
  if (!row) return null;
  const parsed = campaignGraphSchema.safeParse(typeof row.graph === 'string' ? JSON.parse(row.graph) : row.graph);
  return parsed.success ? parsed.data : null;
}

export async function setCampaignStatus(
  db: DbOrTx,
  campaignId: number,
  from: readonly string[],
  to: string,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update campaigns set status = ${to}, paused_reason = ${reason}, updated_at = ${iso(now)},
          completed_at = case when ${to} = 'completed' then ${iso(now)} else completed_at end
        where id = ${campaignId} and status in (${sql.join(
          from.map((status) => sql`${status}`),
          sql`, `,
        )})
        returning id`,
  );
  return rows.length > 0;
}

// ─── Recipients ───────────────────────────────────────────────────────────────────────────────

export interface RecipientRow {
  id: number;
  campaign_id: number;
  account_id: number;
  prospect_id: number;
  email: string | null;
  linkedin_url: string | null;
  provider: string | null;
  status: string;
  email_account_id: number | null;
  linkedin_account_id: number | null;
  definition_version: number;
  node_id: string | null;
  epoch: number;
  next_run_at: Date | null;
  wait_until: Date | null;
  variants: Record<string, number>;
  thread_message_ids: string[];
  last_sent_at: Date | null;
  added_at: Date;
}

const RECIPIENT_COLUMNS = sql`r.id, r.campaign_id, r.account_id, r.prospect_id, r.email, r.linkedin_url, r.provider, r.status,
  r.email_account_id, r.linkedin_account_id, r.definition_version, r.node_id, r.epoch, r.next_run_at, r.wait_until,
  r.variants, r.thread_message_ids, r.last_sent_at, r.created_at as added_at`;

function recipientOf(row: RecipientRow): RecipientRow {
  return {
    ...row,
    id: num(row.id),
    next_run_at: dateOf(row.next_run_at),
    wait_until: dateOf(row.wait_until),
    last_sent_at: dateOf(row.last_sent_at),
    added_at: dateOf(row.added_at) as Date,
    variants: (typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants) ?? {},
    thread_message_ids:
      (typeof row.thread_message_ids === 'string' ? JSON.parse(row.thread_message_ids) : row.thread_message_ids) ?? [],
  };
}

/**
 * Takes due recipients of active campaigns (other workers skip the rows taken) and pushes their
 * next run by the lease, so that no other tick takes them while this one works; a worker that
 * stops leaves them due again when the lease ends.
 */
export async function claimDue(db: DbOrTx, now: Date, limit: number, leaseUntil: Date): Promise<RecipientRow[]> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<RecipientRow>(
      tx,
      sql`select ${RECIPIENT_COLUMNS} from campaign_recipients r
          where r.status in ('active', 'processing') and r.next_run_at <= ${iso(now)}
            and exists (select 1 from campaigns c where c.id = r.campaign_id and c.status = 'active')
          order by r.next_run_at
          limit ${limit}
          for update of r skip locked`,
    );
    if (rows.length === 0) return [];
    await tx.execute(
      sql`update campaign_recipients set next_run_at = ${iso(leaseUntil)} where id in (${idList(rows.map((row) => num(row.id)))})`,
    );
    return rows.map(recipientOf);
  });
}

export async function recipientById(db: DbOrTx, id: number): Promise<RecipientRow | undefined> {
  const [row] = await rowsOf<RecipientRow>(db, sql`select ${RECIPIENT_COLUMNS} from campaign_recipients r where r.id = ${id}`);
  return row ? recipientOf(row) : undefined;
}

/** The earliest next run of a running recipient of an active campaign. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await rowsOf<{ at: unknown }>(
    db,
    sql`select min(r.next_run_at) as at from campaign_recipients r
        where r.status in ('active', 'processing') and r.next_run_at is not null
          and exists (select 1 from campaigns c where c.id = r.campaign_id and c.status = 'active')`,
  );
  return dateOf(row?.at ?? null);
}

// ─── Moves ────────────────────────────────────────────────────────────────────────────────────

export interface StepRow {
  id: number;
  node_id: string;
  epoch: number;
  state: string;
  outbound_id: number | null;
  linkedin_action_id: number | null;
  entered_at: Date;
}

export async function stepOf(db: DbOrTx, recipientId: number, nodeId: string, epoch: number): Promise<StepRow | undefined> {
  const [row] = await rowsOf<StepRow>(
    db,
    sql`select id, node_id, epoch, state, outbound_id, linkedin_action_id, created_at as entered_at from campaign_recipient_steps
        where recipient_id = ${recipientId} and node_id = ${nodeId} and epoch = ${epoch}`,
  );
  return row
    ? {
        ...row,
        id: num(row.id),
        outbound_id: row.outbound_id === null ? null : num(row.outbound_id),
        linkedin_action_id: row.linkedin_action_id === null ? null : num(row.linkedin_action_id),
        entered_at: dateOf(row.entered_at) as Date,
      }
    : undefined;
}

// ─── Prospects and senders ────────────────────────────────────────────────────────────────────

export interface ProspectValues {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  industry: string | null;
  country: string | null;
  locality: string | null;
  email: string | null;
  company: { name: string; position: string; url: string } | null;
  custom: { name: string; value: string }[];
}

export async function prospectValues(db: DbOrTx, accountId: number, prospectId: number): Promise<ProspectValues | undefined> {
  const [row] = await rowsOf<ProspectValues>(
    db,
    sql`select p.id, p.name, p.first_name, p.last_name, p.industry, p.country, p.locality,
          (select e.email from prospect_emails e where e.prospect_id = p.id order by e.id limit 1) as email,
          (select json_build_object('name', c.name, 'position', c.position, 'url', c.url) from prospect_companies c
             where c.prospect_id = p.id order by c.sort, c.id limit 1) as company,
          coalesce((select json_agg(json_build_object('name', f.name, 'value', v.value) order by f.position, f.id)
             from prospect_custom_values v join custom_fields f on f.id = v.field_id where v.prospect_id = p.id), '[]'::json) as custom
        from prospects p where p.id = ${prospectId} and p.account_id = ${accountId}`,
  );
  if (!row) return undefined;
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  return { ...row, company: parse(row.company), custom: parse(row.custom) ?? [] };
}

export interface SenderRow {
  id: number;
  provider: string;
  /** How many of the campaign's recipients it already sends to. */
  assigned: number;
}

/**
 * The campaign's email senders that can send now (in the campaign, not deleted, active), with
 * how many recipients each already has, in the campaign's order.
 */
export async function usableEmailSenders(db: DbOrTx, campaignId: number, accountId: number): Promise<SenderRow[]> {
  const rows = await rowsOf<SenderRow>(
    db,
    sql`select m.id, m.provider,
          (select count(*) from campaign_recipients r where r.campaign_id = ${campaignId} and r.email_account_id = m.id)::int as assigned
        from campaign_senders s join email_accounts m on m.id = s.sender_id
        where s.campaign_id = ${campaignId} and s.kind = 'email' and s.removed_at is null
          and m.account_id = ${accountId} and m.deleted_at is null and m.status = 'active'
        order by s.position, m.id`,
  );
  return rows.map((row) => ({ ...row, id: num(row.id), assigned: num(row.assigned) }));
}

/** The campaign's LinkedIn senders that are connected. */
export async function usableLinkedinSenders(db: DbOrTx, campaignId: number, accountId: number): Promise<SenderRow[]> {
  const rows = await rowsOf<SenderRow>(
    db,
    sql`select a.id, 'linkedin' as provider,
          (select count(*) from campaign_recipients r where r.campaign_id = ${campaignId} and r.linkedin_account_id = a.id)::int as assigned
        from campaign_senders s join linkedin_accounts a on a.id = s.sender_id
        where s.campaign_id = ${campaignId} and s.kind = 'linkedin' and s.removed_at is null
          and a.account_id = ${accountId} and a.deleted_at is null and a.state = 'active'
        order by s.position, a.id`,
  );
  return rows.map((row) => ({ ...row, id: num(row.id), assigned: num(row.assigned) }));
}

/** The last message sent to the recipient in this campaign (subject and thread of a follow-up). */
export async function lastSent(
  db: DbOrTx,
  campaignId: number,
  recipientId: number,
): Promise<{ subject: string; message_id: string } | undefined> {
  const [row] = await rowsOf<{ subject: string; message_id: string }>(
    db,
    sql`select subject, message_id from mail_outbound
        where campaign_id = ${campaignId} and recipient_id = ${recipientId} and state = 'sent'
        order by sent_at desc nulls last, id desc limit 1`,
  );
  return row;
}

export interface OutboundStateRow {
  id: number;
  state: string;
  not_before: Date;
  sent_at: Date | null;
  message_id: string;
  smtp_code: number | null;
  last_error: string | null;
  hard_bounce: boolean;
}

export async function outboundState(db: DbOrTx, outboundId: number): Promise<OutboundStateRow | undefined> {
  const [row] = await rowsOf<OutboundStateRow>(
    db,
    sql`select o.id, o.state, o.not_before, o.sent_at, o.message_id, o.smtp_code, o.last_error,
          exists (select 1 from mail_suppressions s where s.account_id = o.account_id and s.outbound_id = o.id and s.reason = 'hard_bounce') as hard_bounce
        from mail_outbound o where o.id = ${outboundId}`,
  );
  return row ? { ...row, id: num(row.id), not_before: dateOf(row.not_before) as Date, sent_at: dateOf(row.sent_at) } : undefined;
}

export interface ActionStateRow {
  id: number;
  state: string;
  reason: string | null;
  due_at: Date;
  done_at: Date | null;
}

export async function linkedinActionState(db: DbOrTx, actionId: number): Promise<ActionStateRow | undefined> {
  const [row] = await rowsOf<ActionStateRow>(
    db,
    sql`select id, state, reason, due_at, done_at from linkedin_actions where id = ${actionId}`,
  );
  return row ? { ...row, id: num(row.id), due_at: dateOf(row.due_at) as Date, done_at: dateOf(row.done_at) } : undefined;
}

/** Whether an event of one of `kinds` was recorded for the recipient at or after `since`. */
export async function hasEventSince(db: DbOrTx, recipientId: number, kinds: readonly string[], since: Date): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from campaign_events where recipient_id = ${recipientId}
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )}) and at >= ${iso(since)}) as found`,
  );
  return Boolean(row?.found);
}

// ─── The durable sources' cursors ─────────────────────────────────────────────────────────────

export async function cursorOf(db: DbOrTx, source: string): Promise<number> {
  const [row] = await rowsOf<{ last_id: unknown }>(
    db,
    sql`select last_id from campaign_executor_cursors where source = ${source}`,
  );
  return row ? num(row.last_id) : 0;
}

/** Moves a cursor forward only (two ticks at once never move it back). */
export async function advanceCursor(db: DbOrTx, source: string, lastId: number, now: Date): Promise<void> {
  await db.execute(
    sql`insert into campaign_executor_cursors (source, last_id, updated_at) values (${source}, ${lastId}, ${iso(now)})
        on conflict (source) do update set last_id = greatest(campaign_executor_cursors.last_id, excluded.last_id), updated_at = excluded.updated_at`,
  );
}

export { idList };
