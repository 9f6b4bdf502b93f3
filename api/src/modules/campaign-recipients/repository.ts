/**
 * SQL of the recipients table and its bulk actions. Every statement names the campaign through
 * `scopedCampaign`, which only yields it when the caller's scope may read it, so a function
 * called with another tenant's campaign touches nothing.
 */
import type { ParsedRecipientFilter, Recipient, RecipientSender, RecipientStatus, RecipientTableColumn } from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { rowsOf } from '../prospects/sql-helpers';
import { readableOwners } from './campaign-access';
import { recipientConditions, recipientOrder } from './filter-sql';
import { idSet, textSet } from '../../db/sql-sets';

/** The campaign id when the scope may read it, else null (so `r.campaign_id = …` matches nothing). */
export function scopedCampaign(scope: Scope, campaignId: number): SQL {
  return sql`(select c.id from campaigns c where c.id = ${campaignId} and c.user_id in ${readableOwners(scope)})`;
}

/** Ticked rows or the rows a filter matches ("select all"). */
export type RecipientSelection = { recipientIds: readonly number[] } | { filter: ParsedRecipientFilter };

function selectionWhere(scope: Scope, campaignId: number, selection: RecipientSelection): SQL {
  const conditions =
    'recipientIds' in selection ? [sql`r.id in ${idSet(selection.recipientIds)}`] : recipientConditions(selection.filter);
  return sql.join([sql`r.campaign_id = ${scopedCampaign(scope, campaignId)}`, ...conditions], sql` and `);
}

function filterWhere(scope: Scope, campaignId: number, filter: ParsedRecipientFilter | undefined): SQL {
  return sql.join([sql`r.campaign_id = ${scopedCampaign(scope, campaignId)}`, ...recipientConditions(filter)], sql` and `);
}

interface RecipientRow extends Omit<Recipient, 'id' | 'prospectId' | 'linkedin_url'> {
  id: string | number;
  prospectId: string | number;
  linkedin_url: string | null;
}

/** Only an http(s) link is a link (the contract's webUrl); anything else the prospect held is shown as none. */
function webUrlOrNull(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

export const RECIPIENT_COLUMNS = sql`r.id, r.prospect_id as "prospectId", r.name, r.email, r.linkedin_url, r.status,
  r.email_account_id as "emailAccountId", r.linkedin_account_id, r.sent, r.open, r.click, r.reply, r.linkedin_visit,
  r.linkedin_like, r.linkedin_follow, r.linkedin_invite, r.linkedin_invite_reply, r.linkedin_message,
  r.linkedin_message_reply, r.linkedin_in_mail, r.linkedin_in_mail_reply, r.interest_level, r.provider`;

export function toRecipient(row: RecipientRow): Recipient {
  return {
    ...row,
    id: Number(row.id),
    prospectId: Number(row.prospectId),
    emailAccountId: row.emailAccountId === null ? null : Number(row.emailAccountId),
    linkedin_account_id: row.linkedin_account_id === null ? null : Number(row.linkedin_account_id),
    linkedin_url: webUrlOrNull(row.linkedin_url),
  };
}

export interface PageRequest {
  filter: ParsedRecipientFilter | undefined;
  sortField: RecipientTableColumn | undefined;
  sortOrder: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export async function recipientsPage(db: DbOrTx, scope: Scope, campaignId: number, request: PageRequest): Promise<Recipient[]> {
  const rows = await rowsOf<RecipientRow>(
    db,
    sql`select ${RECIPIENT_COLUMNS} from campaign_recipients r
         where ${filterWhere(scope, campaignId, request.filter)}
         order by ${recipientOrder(request.sortField, request.sortOrder)}
         limit ${request.perPage} offset ${(request.page - 1) * request.perPage}`,
  );
  return rows.map(toRecipient);
}

export async function countRecipients(db: DbOrTx, scope: Scope, campaignId: number, filter: ParsedRecipientFilter | undefined): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from campaign_recipients r where ${filterWhere(scope, campaignId, filter)}`,
  );
  return row?.n ?? 0;
}

export async function countSelected(db: DbOrTx, scope: Scope, campaignId: number, selection: RecipientSelection): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from campaign_recipients r where ${selectionWhere(scope, campaignId, selection)}`,
  );
  return row?.n ?? 0;
}

/** Keyset pages of the rows a filter matches, in id order (the CSV export streams them). */
export async function recipientsAfter(
  db: DbOrTx,
  scope: Scope,
  campaignId: number,
  filter: ParsedRecipientFilter | undefined,
  afterId: number,
  limit: number,
): Promise<(Recipient & { goals: string[]; contacted: boolean; addedAt: Date })[]> {
  const rows = await rowsOf<RecipientRow & { goals: string[]; contacted: boolean; addedAt: Date | string }>(
    db,
    sql`select ${RECIPIENT_COLUMNS}, r.goals, r.contacted, r.created_at as "addedAt" from campaign_recipients r
         where ${filterWhere(scope, campaignId, filter)} and r.id > ${afterId}
         order by r.id limit ${limit}`,
  );
  return rows.map((row) => ({ ...toRecipient(row), goals: row.goals, contacted: row.contacted, addedAt: new Date(row.addedAt) }));
}

// ------------------------------------------------------------------ writes

/**
 * Moves the selected recipients whose status is one of `from` to `to`; answers the ids moved.
 * Going active keeps a pending wait (a delay's due time) and makes a recipient with none due now.
 */
export async function moveStatus(
  db: DbOrTx,
  scope: Scope,
  campaignId: number,
  selection: RecipientSelection,
  from: readonly RecipientStatus[],
  to: RecipientStatus,
  options: { running: boolean; reason?: string },
): Promise<number[]> {
  if (from.length === 0) return [];
  const timing = options.running
    ? sql`next_run_at = coalesce(r.next_run_at, now()), finished_at = null`
    : sql`finished_at = coalesce(r.finished_at, now())`;
  const rows = await rowsOf<{ id: string | number }>(
    db,
    sql`update campaign_recipients r
           set status = ${to}, status_reason = ${options.reason ?? null}, updated_at = now(), ${timing}
         where ${selectionWhere(scope, campaignId, selection)} and r.status in ${textSet(from)}
         returning r.id`,
  );
  return rows.map((row) => Number(row.id));
}

export async function setSender(
  db: DbOrTx,
  scope: Scope,
  campaignId: number,
  selection: RecipientSelection,
  sender: RecipientSender,
): Promise<number> {
  const assignment =
    sender.kind === 'email' ? sql`email_account_id = ${sender.emailAccountId}` : sql`linkedin_account_id = ${sender.linkedinAccountId}`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update campaign_recipients r set ${assignment}, updated_at = now()
         where ${selectionWhere(scope, campaignId, selection)} and r.status not in ('deleted', 'moved')
         returning r.id`,
  );
  return rows.length;
}

/** Whether a mailbox belongs to someone of the caller's team (a campaign may send from a teammate's shared mailbox). */
export async function teamEmailAccountExists(db: DbOrTx, scope: Scope, emailAccountId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from email_accounts where id = ${emailAccountId} and user_id in (${sql.join(
      scope.teamUserIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rows.length > 0;
}

export async function teamLinkedinAccountExists(db: DbOrTx, scope: Scope, linkedinAccountId: number): Promise<boolean> {
  const team = sql`(${sql.join(
    scope.teamUserIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from linkedin_accounts where id = ${linkedinAccountId} and (user_id in ${team} or assigned_user_id in ${team})`,
  );
  return rows.length > 0;
}

/** A prospect list the caller may add to: their own, not deleted. */
export async function ownProspectListExists(db: DbOrTx, scope: Scope, listId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from prospect_lists where id = ${listId} and user_id = ${scope.userId} and type = 'prospect' and deleted_at is null`,
  );
  return rows.length > 0;
}

/** A prospect list the caller may read (their own or a teammate's they see): 'live', 'deleted' (in the bin), or null (none such). */
export async function readableProspectListState(db: DbOrTx, scope: Scope, listId: number): Promise<'live' | 'deleted' | null> {
  const [row] = await rowsOf<{ deleted: boolean }>(
    db,
    sql`select (deleted_at is not null) as deleted from prospect_lists where id = ${listId} and user_id in ${readableOwners(scope)} and type = 'prospect'`,
  );
  return row ? (row.deleted ? 'deleted' : 'live') : null;
}

/** Adds the selected recipients' prospects to a list; answers how many were not in it yet. */
export async function addToList(db: DbOrTx, scope: Scope, campaignId: number, selection: RecipientSelection, listId: number): Promise<number> {
  const rows = await rowsOf<{ prospect_id: number }>(
    db,
    sql`insert into prospect_list_items (list_id, prospect_id)
        select distinct ${listId}::int, r.prospect_id from campaign_recipients r
         where ${selectionWhere(scope, campaignId, selection)}
           and exists (select 1 from prospect_lists l where l.id = ${listId} and l.user_id = ${scope.userId} and l.deleted_at is null)
        on conflict do nothing
        returning prospect_id`,
  );
  return rows.length;
}

/**
 * Puts the selected recipients' addresses on the campaign owner's no-send list (reason manual)
 * and their prospects into the campaign's no-send prospect list when it has one.
 */
export async function suppressSelected(
  db: DbOrTx,
  scope: Scope,
  campaign: { id: number; accountId: number; blacklistId: number | null },
  selection: RecipientSelection,
): Promise<void> {
  await db.execute(
    sql`insert into mail_suppressions (account_id, email, reason)
        select distinct ${campaign.accountId}::int, lower(r.email), 'manual' from campaign_recipients r
         where ${selectionWhere(scope, campaign.id, selection)} and r.email is not null and r.email <> ''
        on conflict (account_id, lower(email)) do nothing`,
  );
  if (campaign.blacklistId !== null) {
    await db.execute(
      sql`insert into prospect_list_items (list_id, prospect_id)
          select distinct ${campaign.blacklistId}::int, r.prospect_id from campaign_recipients r
           where ${selectionWhere(scope, campaign.id, selection)}
             and exists (select 1 from prospect_lists l where l.id = ${campaign.blacklistId} and l.deleted_at is null)
          on conflict do nothing`,
    );
  }
}

/** The to-check recipients among `recipientIds` (all of them when absent). */
export async function toCheckRecipients(
  db: DbOrTx,
  scope: Scope,
  campaignId: number,
  recipientIds: readonly number[] | undefined,
): Promise<{ id: number; email: string | null }[]> {
  const only = recipientIds ? sql`and r.id in ${idSet(recipientIds)}` : sql``;
  const rows = await rowsOf<{ id: string | number; email: string | null }>(
    db,
    sql`select r.id, r.email from campaign_recipients r
         where r.campaign_id = ${scopedCampaign(scope, campaignId)} and r.status = 'tocheck' ${only}
         order by r.id`,
  );
  return rows.map((row) => ({ id: Number(row.id), email: row.email }));
}

// ------------------------------------------------------------------ adding recipients

/** The mail provider of an address's domain, as the table's provider column shows it. */
const PROVIDER_SQL = sql`case
  when split_part(lower(pe.email), '@', 2) in ('gmail.com', 'googlemail.com') then 'gmail'
  when split_part(lower(pe.email), '@', 2) in ('outlook.com', 'hotmail.com', 'live.com', 'msn.com') then 'outlook'
  when split_part(lower(pe.email), '@', 2) in ('yahoo.com', 'ymail.com') then 'yahoo'
  when pe.email is null then null
  else 'other' end`;

/**
 * Inserts the prospects (by ids, or a list's) as recipients of a launched campaign, as a launch
 * does: at the start of the sequence of the running version, due now. A prospect already in the
 * campaign is skipped; one whose address is on the no-send list (suppressions or the campaign's
 * no-send prospect list) comes in as nosend, so the table shows why nothing goes to them.
 * Prospects come only from owners the caller may read.
 */
export async function insertRecipients(
  db: DbOrTx,
  scope: Scope,
  campaign: { id: number; accountId: number; blacklistId: number | null; activeVersion: number },
  source: { prospectIds: readonly number[] } | { listId: number },
): Promise<{ added: number; considered: number }> {
  const chosen =
    'prospectIds' in source
      ? sql`select p.id from prospects p where p.id in ${idSet(source.prospectIds)} and p.user_id in ${readableOwners(scope)}`
      : sql`select p.id from prospect_list_items li join prospects p on p.id = li.prospect_id
             where li.list_id = ${source.listId} and p.user_id in ${readableOwners(scope)}`;
  const blacklisted =
    campaign.blacklistId !== null
      ? sql`or exists (select 1 from prospect_list_items b where b.list_id = ${campaign.blacklistId} and b.prospect_id = p.id)`
      : sql``;
  const [row] = await rowsOf<{ added: number; considered: number }>(
    db,
    sql`with chosen as (${chosen}),
        candidates as (
          select p.id as prospect_id, p.name, pe.email, p.social,
                 ${PROVIDER_SQL} as provider,
                 (exists (select 1 from mail_suppressions s where s.account_id = ${campaign.accountId} and lower(s.email) = lower(pe.email))
                  ${blacklisted}) as no_send
            from prospects p
            join chosen on chosen.id = p.id
            left join lateral (select e.email from prospect_emails e where e.prospect_id = p.id order by e.id limit 1) pe on true
           where pe.email is not null or p.social is not null
        ),
        inserted as (
          insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, linkedin_url, provider, status,
                                           status_reason, definition_version, next_run_at)
          select ${campaign.id}::int, ${campaign.accountId}::int, c.prospect_id, c.name, c.email, c.social, c.provider,
                 case when c.no_send then 'nosend' else 'active' end,
                 case when c.no_send then 'no_send_list' else null end,
                 ${campaign.activeVersion}::int, now()
            from candidates c
          on conflict (campaign_id, prospect_id) do nothing
          returning 1
        )
        select (select count(*)::int from inserted) as added, (select count(*)::int from chosen) as considered`,
  );
  return { added: row?.added ?? 0, considered: row?.considered ?? 0 };
}
