/**
 * The SQL of the campaigns area. Every function over tenant data takes the caller's scope right
 * after the database and puts it in its SQL: a campaign is read only when its owner is among the
 * scope's readable users, written only when the service found it editable through that read.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ScheduleDay } from '@leadforge/contracts';
import { idSet } from '../../db/sql-sets';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (value: Date) => value.toISOString();

export interface CampaignRow {
  id: number;
  account_id: number;
  user_id: number;
  team_id: number | null;
  title: string;
  status: string;
  paused_reason: string | null;
  creation_step: string;
  folder_id: number | null;
  list_id: number | null;
  blacklist_id: number | null;
  schedule_id: number | null;
  start_at: unknown;
  complete_at: unknown;
  options: Record<string, unknown>;
  audience: Record<string, unknown>;
  deals_settings: Record<string, unknown>;
  flowchart: unknown;
  active_version: number;
  launched_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  owner_name: string;
  list_deleted: boolean;
}

const CAMPAIGN_COLUMNS = sql`c.id, c.account_id, c.user_id, c.team_id, c.title, c.status, c.paused_reason, c.creation_step, c.folder_id,
  c.list_id, c.blacklist_id, c.schedule_id, c.start_at, c.complete_at, c.options, c.audience, c.deals_settings, c.flowchart,
  c.active_version, c.launched_at, c.completed_at, c.created_at, u.name as owner_name,
  ((c.list_id is not null and exists (select 1 from prospect_lists l where l.id = c.list_id and l.deleted_at is not null))
    -- A launched campaign whose launch list is in the bin or gone for good (the row's list_id is then null).
    or (c.active_version > 0 and not exists (
      select 1 from campaign_versions v join prospect_lists l on l.id = (v.settings->>'listId')::int and l.deleted_at is null
      where v.campaign_id = c.id and v.version = c.active_version))) as list_deleted`;

/** A campaign the caller may see (own, or a teammate's for a lead or view-all member); undefined otherwise. */
export async function visibleCampaign(db: DbOrTx, scope: Scope, id: number, forUpdate = false): Promise<CampaignRow | undefined> {
  const [row] = await rowsOf<CampaignRow>(
    db,
    sql`select ${CAMPAIGN_COLUMNS} from campaigns c join users u on u.id = c.user_id
        where c.id = ${id} and c.user_id in ${idSet(scope.readableUserIds)}
        ${forUpdate ? sql`for update of c` : sql``}`,
  );
  return row;
}

export interface NewCampaign {
  title: string;
  teamId: number | null;
  options: Record<string, unknown>;
  audience: Record<string, unknown>;
  dealsSettings: Record<string, unknown>;
  flowchart: unknown;
}

export async function insertCampaign(db: DbOrTx, scope: Scope, values: NewCampaign): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into campaigns (account_id, user_id, team_id, title, status, options, audience, deals_settings, flowchart)
        values (${scope.accountId}, ${scope.userId}, ${values.teamId}, ${values.title}, 'new', ${JSON.stringify(values.options)}::jsonb,
                ${JSON.stringify(values.audience)}::jsonb, ${JSON.stringify(values.dealsSettings)}::jsonb, ${JSON.stringify(values.flowchart)}::jsonb)
        returning id`,
  );
  return Number(row!.id);
}

/** Column values a save writes; jsonb ones are given as values. */
export interface CampaignPatch {
  title?: string;
  folder_id?: number | null;
  creation_step?: string;
  list_id?: number | null;
  blacklist_id?: number | null;
  schedule_id?: number | null;
  start_at?: unknown;
  complete_at?: unknown;
  options?: Record<string, unknown>;
  audience?: Record<string, unknown>;
  deals_settings?: Record<string, unknown>;
  flowchart?: unknown;
  status?: string;
  paused_reason?: string | null;
  active_version?: number;
  launched_at?: Date;
  completed_at?: Date | null;
  archived_at?: Date | null;
}

const JSON_COLUMNS = new Set(['start_at', 'complete_at', 'options', 'audience', 'deals_settings', 'flowchart']);

/** Writes columns of a campaign the caller may see (the service checked it may change it). */
export async function updateCampaignColumns(db: DbOrTx, scope: Scope, id: number, patch: CampaignPatch): Promise<void> {
  const sets = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => {
      if (JSON_COLUMNS.has(column)) return sql`${sql.identifier(column)} = ${value === null ? null : JSON.stringify(value)}::jsonb`;
      if (value instanceof Date) return sql`${sql.identifier(column)} = ${iso(value)}::timestamptz`;
      return sql`${sql.identifier(column)} = ${value as string | number | null}`;
    });
  if (sets.length === 0) return;
  await db.execute(
    sql`update campaigns set ${sql.join(sets, sql`, `)}, updated_at = now()
        where id = ${id} and user_id in ${idSet(scope.readableUserIds)}`,
  );
}

export async function deleteCampaignRow(db: DbOrTx, scope: Scope, id: number): Promise<void> {
  await db.execute(sql`delete from campaigns where id = ${id} and user_id in ${idSet(scope.readableUserIds)}`);
}

/**
 * Mail and LinkedIn actions the campaign queued and has not sent: called off in the deleting
 * transaction (queued mail becomes failed `campaign_deleted`, never sent; messages already being
 * sent finish). Scoped through the campaign, which the caller's scope found.
 */
export async function cancelQueuedWork(db: DbOrTx, scope: Scope, campaignId: number): Promise<{ messages: number; actions: number }> {
  const owned = sql`exists (select 1 from campaigns c where c.id = ${campaignId} and c.user_id in ${idSet(scope.readableUserIds)})`;
  const messages = await rowsOf<{ id: number }>(
    db,
    sql`update mail_outbound set state = 'failed', last_error = 'campaign_deleted', updated_at = now()
        where campaign_id = ${campaignId} and state in ('queued', 'retry') and ${owned} returning id`,
  );
  const actions = await rowsOf<{ id: number }>(
    db,
    sql`update linkedin_actions set state = 'cancelled', reason = 'campaign_deleted', lease_until = null, updated_at = now()
        where campaign_id = ${campaignId} and state = 'queued' and ${owned} returning id`,
  );
  return { messages: messages.length, actions: actions.length };
}

// ---------------------------------------------------------------------------------- senders

export interface SenderRow {
  kind: 'email' | 'linkedin';
  sender_id: number;
  position: number;
  removed_at: Date | string | null;
}

/** Senders of a campaign found through the caller's scope (current ones unless `all`). */
export async function campaignSenders(db: DbOrTx, scope: Scope, campaignIds: readonly number[], all = false): Promise<(SenderRow & { campaign_id: number })[]> {
  if (campaignIds.length === 0) return [];
  return rowsOf(
    db,
    sql`select s.campaign_id, s.kind, s.sender_id, s.position, s.removed_at from campaign_senders s
        join campaigns c on c.id = s.campaign_id and c.user_id in ${idSet(scope.readableUserIds)}
        where s.campaign_id in ${idSet(campaignIds)} ${all ? sql`` : sql`and s.removed_at is null`}
        order by s.campaign_id, s.kind, s.position`,
  );
}

/**
 * Makes `ids` the campaign's current senders of a kind, in that order. Removed ones keep their row
 * (removed_at) for email-accounts-ever-had; a LinkedIn sender added to a launched campaign is
 * marked so (document 1 §4).
 */
export async function replaceSenders(db: DbOrTx, scope: Scope, campaignId: number, kind: 'email' | 'linkedin', ids: readonly number[], launched: boolean): Promise<void> {
  const owned = sql`exists (select 1 from campaigns c where c.id = ${campaignId} and c.user_id in ${idSet(scope.readableUserIds)})`;
  await db.execute(
    sql`update campaign_senders set removed_at = now()
        where campaign_id = ${campaignId} and kind = ${kind} and removed_at is null and sender_id not in ${idSet(ids)} and ${owned}`,
  );
  const rows = ids.map((id, position) => ({ id, position }));
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into campaign_senders (campaign_id, kind, sender_id, position, added_after_launch)
        select ${campaignId}, ${kind}, r.id, r.position, ${launched} from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, position int)
        where ${owned}
        on conflict (campaign_id, kind, sender_id) do update set position = excluded.position, removed_at = null,
          added_after_launch = campaign_senders.added_after_launch or (campaign_senders.removed_at is not null and excluded.added_after_launch)`,
  );
}

export async function copySenders(db: DbOrTx, scope: Scope, fromId: number, toId: number): Promise<void> {
  await db.execute(
    sql`insert into campaign_senders (campaign_id, kind, sender_id, position)
        select ${toId}, s.kind, s.sender_id, s.position from campaign_senders s
        join campaigns c on c.id = s.campaign_id and c.user_id in ${idSet(scope.readableUserIds)}
        where s.campaign_id = ${fromId} and s.removed_at is null`,
  );
}

export interface MailboxFacts {
  id: number;
  email: string;
  sender_name: string;
  status: string;
  status_reason: string | null;
  daily_limit: number;
  user_id: number;
  owner_name: string;
  deleted: boolean;
}

/**
 * Mailboxes a campaign of the owner may send from: the owner's own, or a teammate's shared with
 * the team (the mail engine's own rule). `ids` narrows to those; deleted ones are reported too
 * (a sender deleted after it was chosen) so the launch can call it invalid.
 */
export async function usableMailboxes(db: DbOrTx, scope: Scope, ids?: readonly number[]): Promise<MailboxFacts[]> {
  return rowsOf(
    db,
    sql`select m.id, m.email, m.sender_name, m.status, m.status_reason, m.daily_limit, m.user_id, u.name as owner_name,
               (m.deleted_at is not null) as deleted
        from email_accounts m join users u on u.id = m.user_id
        where (m.user_id = ${scope.userId} or (m.shared_with_team and m.user_id in ${idSet(scope.teamUserIds)}))
          ${ids ? sql`and m.id in ${idSet(ids)}` : sql`and m.deleted_at is null`}
        order by (m.user_id = ${scope.userId}) desc, m.email`,
  );
}

export interface LinkedinFacts {
  id: number;
  name: string;
  state: string;
  user_id: number;
  owner_name: string;
  deleted: boolean;
}

/** LinkedIn slots the owner may use (own, or assigned to them by their lead), as the runner's rule. */
export async function usableLinkedinAccounts(db: DbOrTx, scope: Scope, ids?: readonly number[]): Promise<LinkedinFacts[]> {
  return rowsOf(
    db,
    sql`select l.id, coalesce(nullif(l.name, ''), l.profile_name, '') as name, l.state, l.user_id, u.name as owner_name,
               (l.deleted_at is not null) as deleted
        from linkedin_accounts l join users u on u.id = l.user_id
        where (l.user_id = ${scope.userId} or (l.assigned_user_id = ${scope.userId} and l.user_id in ${idSet(scope.teamUserIds)}))
          ${ids ? sql`and l.id in ${idSet(ids)}` : sql`and l.deleted_at is null`}
        order by l.id`,
  );
}

// ---------------------------------------------------------------------------------- lists, tags, schedules

export interface ListFacts {
  id: number;
  name: string;
  contacts: number;
  user_id: number;
  owner_name: string;
  deleted: boolean;
}

/** Prospect lists the scope may read (own, and the team's for a lead or view-all member). */
export async function readableLists(db: DbOrTx, scope: Scope, ids?: readonly number[]): Promise<ListFacts[]> {
  return rowsOf(
    db,
    sql`select l.id, l.name, l.items_count as contacts, l.user_id, u.name as owner_name, (l.deleted_at is not null) as deleted
        from prospect_lists l join users u on u.id = l.user_id
        where l.type = 'prospect' and l.user_id in ${idSet(scope.readableUserIds)}
          ${ids ? sql`and l.id in ${idSet(ids)}` : sql`and l.deleted_at is null`}
        order by (l.user_id = ${scope.userId}) desc, l.created_at desc, l.id desc`,
  );
}

export async function readableTagIds(db: DbOrTx, scope: Scope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(db, sql`select id from user_tags where id in ${idSet(ids)} and user_id in ${idSet(scope.readableUserIds)}`);
  return rows.map((row) => Number(row.id));
}

export async function ownScheduleExists(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from campaign_schedules where id = ${id} and user_id in ${idSet(scope.readableUserIds)}`);
  return rows.length > 0;
}

/** The days of a schedule the scope may use, as stored (undefined when there is none such). */
export async function scheduleDays(db: DbOrTx, scope: Scope, id: number): Promise<ScheduleDay[] | undefined> {
  const [row] = await rowsOf<{ days: unknown }>(db, sql`select days from campaign_schedules where id = ${id} and user_id in ${idSet(scope.readableUserIds)}`);
  if (!row) return undefined;
  return Array.isArray(row.days) ? (row.days as ScheduleDay[]) : [];
}

export async function customFieldNames(db: DbOrTx, scope: Scope, userId: number): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select name from custom_fields where user_id = ${userId} and user_id in ${idSet(scope.teamUserIds)} order by position, id`,
  );
  return rows.map((row) => row.name);
}

export async function teamUsers(db: DbOrTx, scope: Scope): Promise<{ id: number; name: string }[]> {
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name from users where id in ${idSet(scope.readableUserIds)} order by (id = ${scope.userId}) desc, name, id`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

// ---------------------------------------------------------------------------------- folders

export interface FolderRow {
  id: number;
  name: string;
  position: number;
  campaigns: number;
}

export async function ownFolders(db: DbOrTx, scope: Scope): Promise<FolderRow[]> {
  return rowsOf(
    db,
    sql`select f.id, f.name, f.position,
               (select count(*)::int from campaigns c where c.folder_id = f.id and c.user_id in ${idSet(scope.readableUserIds)} and c.status <> 'archived') as campaigns
        from campaign_folders f where f.user_id = ${scope.userId} order by f.position, f.id`,
  );
}

export async function ownFolder(db: DbOrTx, scope: Scope, id: number): Promise<FolderRow | undefined> {
  return (await ownFolders(db, scope)).find((folder) => Number(folder.id) === id);
}

export async function insertFolder(db: DbOrTx, scope: Scope, name: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into campaign_folders (account_id, user_id, name, position)
        values (${scope.accountId}, ${scope.userId}, ${name},
                (select coalesce(max(position), -1) + 1 from campaign_folders where user_id = ${scope.userId}))
        returning id`,
  );
  return Number(row!.id);
}

export async function renameFolder(db: DbOrTx, scope: Scope, id: number, name: string): Promise<boolean> {
  const rows = await rowsOf(db, sql`update campaign_folders set name = ${name} where id = ${id} and user_id = ${scope.userId} returning id`);
  return rows.length > 0;
}

export async function deleteFolder(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`delete from campaign_folders where id = ${id} and user_id = ${scope.userId} returning id`);
  return rows.length > 0;
}

/** Gives the folders the positions of their order in `ids`; false when one is not the caller's. */
export async function sortFolders(db: DbOrTx, scope: Scope, ids: readonly number[]): Promise<boolean> {
  const rows = ids.map((id, position) => ({ id, position }));
  const updated = await rowsOf(
    db,
    sql`update campaign_folders f set position = r.position
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, position int)
        where f.id = r.id and f.user_id = ${scope.userId} returning f.id`,
  );
  return updated.length === new Set(ids).size;
}

// ---------------------------------------------------------------------------------- list of campaigns

export interface CampaignListFilter {
  title?: string | undefined;
  listId?: number | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  ownerIds: readonly number[];
  senderAccountId?: number | undefined;
  status?: string | undefined;
  folderId?: number | undefined;
  offset: number;
  limit: number;
}

function listWhere(scope: Scope, filter: CampaignListFilter): SQL {
  const parts: SQL[] = [sql`c.user_id in ${idSet(filter.ownerIds)}`, sql`c.user_id in ${idSet(scope.readableUserIds)}`];
  if (filter.title) parts.push(sql`lower(c.title) like ${`%${filter.title.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`);
  if (filter.listId) parts.push(sql`c.list_id = ${filter.listId}`);
  if (filter.createdFrom) parts.push(sql`c.created_at >= ${filter.createdFrom}::date`);
  if (filter.createdTo) parts.push(sql`c.created_at < (${filter.createdTo}::date + 1)`);
  // Archived campaigns are out of the way: only the status filter `archived` shows them.
  parts.push(filter.status ? sql`c.status = ${filter.status}` : sql`c.status <> 'archived'`);
  if (filter.folderId !== undefined) parts.push(filter.folderId === 0 ? sql`c.folder_id is null` : sql`c.folder_id = ${filter.folderId}`);
  if (filter.senderAccountId) {
    parts.push(sql`exists (select 1 from campaign_senders s where s.campaign_id = c.id and s.sender_id = ${filter.senderAccountId} and s.removed_at is null)`);
  }
  return sql.join(parts, sql` and `);
}

export interface CampaignListRow extends CampaignRow {
  list_name: string | null;
  recipients: number;
  sent: number;
  opened: number;
  clicked: number;
  replied: number;
  bounced: number;
  u_sent: number;
  u_opened: number;
  u_clicked: number;
  u_replied: number;
  u_bounced: number;
}

export async function listCampaigns(db: DbOrTx, scope: Scope, filter: CampaignListFilter): Promise<{ rows: CampaignListRow[]; total: number }> {
  const where = listWhere(scope, filter);
  const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from campaigns c where ${where}`);
  const rows = await rowsOf<CampaignListRow>(
    db,
    sql`with page as (
          select ${CAMPAIGN_COLUMNS}, l.name as list_name
          from campaigns c join users u on u.id = c.user_id left join prospect_lists l on l.id = c.list_id
          where ${where}
          order by c.created_at desc, c.id desc offset ${filter.offset} limit ${filter.limit}
        )
        select page.*,
          (select count(*)::int from campaign_recipients r where r.campaign_id = page.id) as recipients,
          coalesce(st.sent, 0)::int as sent, coalesce(st.opened, 0)::int as opened, coalesce(st.clicked, 0)::int as clicked,
          coalesce(st.replied, 0)::int as replied, coalesce(st.bounced, 0)::int as bounced,
          coalesce(st.u_sent, 0)::int as u_sent, coalesce(st.u_opened, 0)::int as u_opened, coalesce(st.u_clicked, 0)::int as u_clicked,
          coalesce(st.u_replied, 0)::int as u_replied, coalesce(st.u_bounced, 0)::int as u_bounced
        from page left join lateral (
          select
            sum(d.count) filter (where d.kind = 'sent') as sent, sum(d.count) filter (where d.kind = 'opened') as opened,
            sum(d.count) filter (where d.kind = 'clicked') as clicked, sum(d.count) filter (where d.kind = 'replied') as replied,
            sum(d.count) filter (where d.kind = 'bounced') as bounced,
            sum(d.unique_count) filter (where d.kind = 'sent') as u_sent, sum(d.unique_count) filter (where d.kind = 'opened') as u_opened,
            sum(d.unique_count) filter (where d.kind = 'clicked') as u_clicked, sum(d.unique_count) filter (where d.kind = 'replied') as u_replied,
            sum(d.unique_count) filter (where d.kind = 'bounced') as u_bounced
          from campaign_daily_stats d where d.campaign_id = page.id and d.node_id = ''
        ) st on true
        order by page.created_at desc, page.id desc`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export async function searchCampaigns(db: DbOrTx, scope: Scope, text: string, limit: number) {
  return rowsOf<{ id: number; title: string; status: string }>(
    db,
    sql`select c.id, c.title, c.status from campaigns c
        where c.user_id in ${idSet(scope.readableUserIds)} and lower(c.title) like ${`%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`}
        order by c.created_at desc, c.id desc limit ${limit}`,
  );
}

export async function mailboxNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; email: string }>(db, sql`select id, email from email_accounts where id in ${idSet(ids)}`);
  return new Map(rows.map((row) => [Number(row.id), row.email]));
}

export async function linkedinNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, coalesce(nullif(name, ''), profile_name, '') as name from linkedin_accounts where id in ${idSet(ids)}`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

// ---------------------------------------------------------------------------------- versions

export async function insertVersion(db: DbOrTx, scope: Scope, campaignId: number, version: number, graph: unknown, settings: unknown): Promise<void> {
  await db.execute(
    sql`insert into campaign_versions (campaign_id, version, graph, settings)
        select ${campaignId}, ${version}, ${JSON.stringify(graph)}::jsonb, ${JSON.stringify(settings)}::jsonb
        where exists (select 1 from campaigns c where c.id = ${campaignId} and c.user_id in ${idSet(scope.readableUserIds)})`,
  );
}

export async function versionOf(db: DbOrTx, scope: Scope, campaignId: number, version: number): Promise<{ graph: unknown; settings: unknown } | undefined> {
  const [row] = await rowsOf<{ graph: unknown; settings: unknown }>(
    db,
    sql`select v.graph, v.settings from campaign_versions v join campaigns c on c.id = v.campaign_id
        where v.campaign_id = ${campaignId} and v.version = ${version} and c.user_id in ${idSet(scope.readableUserIds)}`,
  );
  return row;
}

// ---------------------------------------------------------------------------------- archive

/**
 * The archive job's sweep (job-only: every tenant's campaigns): completed campaigns never
 * archived before whose `archivedInMonth` months since completion have passed (0 = never; a
 * campaign saved before the option existed has the default). Answers the archived ones.
 */
export async function archiveDueCampaigns(db: DbOrTx, now: Date, defaultMonths: number): Promise<{ id: number; user_id: number }[]> {
  return rowsOf(
    db,
    sql`with due as (
          select c.id, case when jsonb_typeof(c.options->'archivedInMonth') = 'number' then (c.options->>'archivedInMonth')::int else ${defaultMonths}::int end as months
          from campaigns c
          -- A month is at least 28 days: the partial index finds the candidates, the exact month arithmetic decides.
          where c.status = 'completed' and c.archived_at is null and c.completed_at <= ${iso(now)}::timestamptz - interval '28 days'
        )
        update campaigns c set status = 'archived', archived_at = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz
        from due
        where c.id = due.id and due.months > 0 and c.status = 'completed' and c.archived_at is null
          and c.completed_at + make_interval(months => due.months) <= ${iso(now)}::timestamptz
        returning c.id, c.user_id`,
  );
}
