/**
 * Who a campaign sends to: the prospects of its list after the step-2 choices (no-send list,
 * tags, duplicates, recipients used elsewhere, verification statuses), classified in one
 * set-based statement. The same classification answers the count of the wizard and, in the
 * launch transaction, becomes campaign_recipients rows with one INSERT … SELECT (a list of
 * 100,000 prospects is one statement, not a loop).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { idSet } from '../../db/sql-sets';
import { rowsOf } from './repository';

/**
 * Mail provider of an address by its domain (recipients column, providerMatching). A domain map
 * covers the big consumer providers; company domains hosted by them answer `other` until MX
 * lookups are added.
 */
export const PROVIDER_DOMAINS: Readonly<Record<'gmail' | 'outlook', readonly string[]>> = {
  gmail: ['gmail.com', 'googlemail.com'],
  outlook: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'outlook.fr', 'hotmail.co.uk', 'hotmail.fr', 'live.co.uk'],
};

export function providerOfAddress(email: string): 'gmail' | 'outlook' | 'other' {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (PROVIDER_DOMAINS.gmail.includes(domain)) return 'gmail';
  if (PROVIDER_DOMAINS.outlook.includes(domain)) return 'outlook';
  return 'other';
}

export interface AudienceParams {
  campaignId: number;
  /** The campaign owner's account (suppressions, duplicates). */
  ownerAccountId: number;
  listId: number;
  blacklistId: number | null;
  includeTags: readonly number[];
  excludeTags: readonly number[];
  /** Skip addresses already in another running campaign (of the owner; of the team with includeTeam). */
  duplicates: { skip: boolean; includeTeam: boolean };
  /** Skip addresses another campaign has already written to (the team's too with includeTeamCampaigns). */
  skipUsedRecipients: boolean;
  includeTeamCampaigns: boolean;
  sendToAll: boolean;
  catchAll: boolean;
  notVerified: boolean;
  needToCheck: boolean;
  /** What a recipient needs: an address (email blocks only), a profile (LinkedIn only), or either. */
  needs: 'email' | 'social' | 'either';
}

/** Outcomes of the classification: the first three become recipients (status), the rest are skipped. */
export type AudienceOutcome =
  | 'active'
  | 'tocheck'
  | 'nosend'
  | 'noEmail'
  | 'noSend'
  | 'tags'
  | 'duplicates'
  | 'usedInOtherCampaigns'
  | 'invalid'
  | 'catchAll'
  | 'notVerified'
  | 'needToCheck';

/** A boolean as an SQL literal (typed on both stores, unlike a bare parameter). */
const bool = (value: boolean) => sql.raw(value ? 'true' : 'false');

function classified(scope: Scope, p: AudienceParams): SQL {
  const teamAccounts = sql`(select account_id from users where id in ${idSet(scope.teamUserIds)})`;
  const dupAccounts = p.duplicates.includeTeam ? teamAccounts : sql`(select ${p.ownerAccountId}::int)`;
  const usedAccounts = p.includeTeamCampaigns ? teamAccounts : sql`(select ${p.ownerAccountId}::int)`;
  const checkEmail = p.needs !== 'social';
  const lacking =
    p.needs === 'email' ? sql`b.email is null` : p.needs === 'social' ? sql`b.social is null` : sql`(b.email is null and b.social is null)`;
  return sql`
    base as (
      select p.id as prospect_id, p.name, nullif(p.social, '') as social, e.email, coalesce(e.status, 'not_verified') as vstatus
      from prospect_list_items li
      join prospects p on p.id = li.prospect_id
      -- The prospect's first address, for the whole list at once (a lateral lookup per prospect
      -- let the planner walk prospect_emails by id for each one).
      left join (
        select distinct on (pe.prospect_id) pe.prospect_id, pe.email, pe.status
        from prospect_emails pe join prospect_list_items pli on pli.prospect_id = pe.prospect_id and pli.list_id = ${p.listId}
        order by pe.prospect_id, pe.id
      ) e on e.prospect_id = p.id
      where li.list_id = ${p.listId}
        and p.user_id in ${idSet(scope.teamUserIds)}
        and not exists (select 1 from campaign_recipients cr where cr.campaign_id = ${p.campaignId} and cr.prospect_id = p.id)
    ),
    blocked as (
      select bl.prospect_id, lower(be.email) as email
      from prospect_list_items bl left join prospect_emails be on be.prospect_id = bl.prospect_id
      where bl.list_id = ${p.blacklistId ?? 0}
    ),
    classified as (
      -- Each rule is a join on a distinct set (hash joins that spill to disk), not a correlated
      -- lookup per prospect: a list of 100,000 against a no-send list of 100,000 stays linear.
      select b.*, case
        when ${lacking} then 'noEmail'
        when blocked_p.prospect_id is not null or blocked_e.email is not null then 'noSend'
        when ${bool(p.includeTags.length > 0)} and included.prospect_id is null then 'tags'
        when excluded.prospect_id is not null then 'tags'
        when running.email is not null then 'duplicates'
        when used.email is not null then 'usedInOtherCampaigns'
        when ${bool(checkEmail)} and b.email is not null and not ${bool(p.sendToAll)} and b.vstatus = 'not_valid' then 'invalid'
        when ${bool(checkEmail)} and b.email is not null and not ${bool(p.sendToAll)} and b.vstatus = 'catch_all' and not ${bool(p.catchAll)} then 'catchAll'
        when ${bool(checkEmail)} and b.email is not null and not ${bool(p.sendToAll)} and b.vstatus = 'not_verified' and not ${bool(p.notVerified)} then 'notVerified'
        when ${bool(checkEmail)} and b.email is not null and not ${bool(p.sendToAll)} and b.vstatus in ('unknown', 'greylist', 'in_progress')
          then case when ${bool(p.needToCheck)} then 'tocheck' else 'needToCheck' end
        else 'active' end as verdict
      from base b
      left join (select distinct prospect_id from blocked) blocked_p on blocked_p.prospect_id = b.prospect_id
      left join (select distinct email from blocked where email is not null) blocked_e on blocked_e.email = lower(b.email)
      left join (
        select distinct t.prospect_id from prospect_tags t where ${bool(p.includeTags.length > 0)} and t.tag_id in ${idSet(p.includeTags)}
      ) included on included.prospect_id = b.prospect_id
      left join (
        select distinct t.prospect_id from prospect_tags t where ${bool(p.excludeTags.length > 0)} and t.tag_id in ${idSet(p.excludeTags)}
      ) excluded on excluded.prospect_id = b.prospect_id
      left join (
        select distinct lower(r.email) as email from campaign_recipients r join campaigns oc on oc.id = r.campaign_id
        where ${bool(p.duplicates.skip)} and r.account_id in ${dupAccounts} and r.email is not null
          and r.campaign_id <> ${p.campaignId} and oc.status in ('active', 'pause')
      ) running on running.email = lower(b.email)
      left join (
        select distinct lower(r.email) as email from campaign_recipients r
        where ${bool(p.skipUsedRecipients)} and r.account_id in ${usedAccounts} and r.email is not null
          and r.campaign_id <> ${p.campaignId} and (r.sent > 0 or r.contacted)
      ) used on used.email = lower(b.email)
    ),
    deduped as (
      select c.*, case
        when c.verdict in ('active', 'tocheck') and c.email is not null
          and row_number() over (partition by lower(c.email), c.verdict in ('active', 'tocheck') order by c.prospect_id) > 1 then 'duplicates'
        else c.verdict end as verdict2
      from classified c
    ),
    final as (
      select d.*, case
        when d.verdict2 in ('active', 'tocheck') and d.email is not null
          and suppressed.email is not null then 'nosend'
        else d.verdict2 end as outcome
      from deduped d
      left join (select distinct lower(s.email) as email from mail_suppressions s where s.account_id = ${p.ownerAccountId}) suppressed
        on suppressed.email = lower(d.email)
    )`;
}

/** How many prospects of the list end in each outcome (nothing written). */
export function audienceCountQuery(scope: Scope, params: AudienceParams): SQL {
  return sql`with ${classified(scope, params)} select outcome, count(*)::int as n from final group by outcome`;
}

export async function countAudience(db: DbOrTx, scope: Scope, params: AudienceParams): Promise<Map<AudienceOutcome, number>> {
  const rows = await rowsOf<{ outcome: AudienceOutcome; n: number }>(db, audienceCountQuery(scope, params));
  return new Map(rows.map((row) => [row.outcome, Number(row.n)]));
}

const providerCase = sql`case
  when e_domain in ${sql`(select value from json_array_elements_text(${JSON.stringify(PROVIDER_DOMAINS.gmail)}::json))`} then 'gmail'
  when e_domain in ${sql`(select value from json_array_elements_text(${JSON.stringify(PROVIDER_DOMAINS.outlook)}::json))`} then 'outlook'
  else 'other' end`;

/**
 * Inserts the recipients (active, tocheck, and nosend for suppressed addresses) at the start of
 * the definition `version`, due at `nextRunAt`; the sender is left to the executor. Answers how
 * many rows of each status were written.
 */
export async function materialiseRecipients(
  db: DbOrTx,
  scope: Scope,
  params: AudienceParams,
  version: number,
  nextRunAt: Date,
): Promise<Map<string, number>> {
  const rows = await rowsOf<{ status: string; n: number }>(
    db,
    sql`with ${classified(scope, params)},
      chosen as (
        select f.*, case when f.email is null then null else split_part(lower(f.email), '@', 2) end as e_domain
        from final f where f.outcome in ('active', 'tocheck', 'nosend')
      ),
      inserted as (
        insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, linkedin_url, provider, status,
                                         definition_version, node_id, epoch, next_run_at)
        select ${params.campaignId}, ${params.ownerAccountId}, chosen.prospect_id, chosen.name, chosen.email, chosen.social,
               case when chosen.email is null then null else ${providerCase} end,
               chosen.outcome, ${version}, null, 0, ${nextRunAt.toISOString()}::timestamptz
        from chosen
        on conflict (campaign_id, prospect_id) do nothing
        returning status
      )
      select status, count(*)::int as n from inserted group by status`,
  );
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}
