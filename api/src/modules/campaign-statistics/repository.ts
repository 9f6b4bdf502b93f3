/**
 * SQL of the statistics: campaign_daily_stats (events counted per campaign, UTC day, block and
 * kind in the transaction that records each event) and the recipients' rows. Every statement
 * keeps to campaigns the caller's scope reads.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { readableOwners } from '../campaign-recipients/campaign-access';
import { scopedCampaign } from '../campaign-recipients/repository';
import { rowsOf } from '../prospects/sql-helpers';
import { idSet, textSet } from '../../db/sql-sets';

export interface KindRow {
  kind: string;
  count: number;
  unique: number;
}

/** The campaign's totals per kind (the whole-campaign rows, block ''). */
export async function campaignTotals(db: DbOrTx, scope: Scope, campaignId: number): Promise<KindRow[]> {
  return rowsOf<KindRow>(
    db,
    sql`select kind, sum(count)::int as count, sum(unique_count)::int as "unique"
          from campaign_daily_stats
         where campaign_id = ${scopedCampaign(scope, campaignId)} and node_id = ''
         group by kind`,
  );
}

export async function recipientsByStatus(db: DbOrTx, scope: Scope, campaignId: number): Promise<{ status: string; n: number }[]> {
  return rowsOf(
    db,
    sql`select status, count(*)::int as n from campaign_recipients
         where campaign_id = ${scopedCampaign(scope, campaignId)}
         group by status`,
  );
}

export async function blockTotals(db: DbOrTx, scope: Scope, campaignId: number): Promise<(KindRow & { nodeId: string })[]> {
  return rowsOf(
    db,
    sql`select node_id as "nodeId", kind, sum(count)::int as count, sum(unique_count)::int as "unique"
          from campaign_daily_stats
         where campaign_id = ${scopedCampaign(scope, campaignId)} and node_id <> ''
         group by node_id, kind`,
  );
}

/** Recipients standing at each block who may still move on (running or waiting, not stopped). */
export async function recipientsAtBlocks(db: DbOrTx, scope: Scope, campaignId: number): Promise<{ nodeId: string; n: number }[]> {
  return rowsOf(
    db,
    sql`select node_id as "nodeId", count(*)::int as n from campaign_recipients
         where campaign_id = ${scopedCampaign(scope, campaignId)} and node_id is not null
           and status in ('active', 'processing', 'pause', 'tocheck', 'limit', 'locked')
         group by node_id`,
  );
}

/**
 * Moves into each block (one per recipient, block and epoch; a flowchart has no loops, so a
 * recipient enters a block once unless re-activated from the start). count(*) reads the
 * (campaign_id, node_id) index alone; a distinct count would visit every row.
 */
export async function recipientsEnteredBlocks(db: DbOrTx, scope: Scope, campaignId: number): Promise<{ nodeId: string; n: number }[]> {
  return rowsOf(
    db,
    sql`select node_id as "nodeId", count(*)::int as n from campaign_recipient_steps
         where campaign_id = ${scopedCampaign(scope, campaignId)}
         group by node_id`,
  );
}

export async function campaignDaily(
  db: DbOrTx,
  scope: Scope,
  campaignId: number,
  from: string,
  to: string,
): Promise<(KindRow & { day: string })[]> {
  return rowsOf(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, kind, sum(count)::int as count, sum(unique_count)::int as "unique"
          from campaign_daily_stats
         where campaign_id = ${scopedCampaign(scope, campaignId)} and node_id = '' and day between ${from}::date and ${to}::date
         group by day, kind`,
  );
}

// ------------------------------------------------------------------ dashboard and team

export interface CampaignChoice {
  from: string;
  to: string;
  /** Owners to keep (already narrowed to those the scope reads). */
  userIds?: readonly number[] | undefined;
  campaignIds?: readonly number[] | undefined;
}

/** Whole-campaign stats rows of the campaigns the scope reads, within the choice. */
function chosenStats(scope: Scope, choice: CampaignChoice, kinds: readonly string[]): SQL {
  const owners = choice.userIds ? sql`and c.user_id in ${idSet(choice.userIds)}` : sql``;
  const only = choice.campaignIds ? sql`and c.id in ${idSet(choice.campaignIds)}` : sql``;
  return sql`campaign_daily_stats s join campaigns c on c.id = s.campaign_id
    where c.user_id in ${readableOwners(scope)} ${owners} ${only}
      and s.node_id = '' and s.day between ${choice.from}::date and ${choice.to}::date and s.kind in ${textSet(kinds)}`;
}

export async function dashboardDaily(db: DbOrTx, scope: Scope, choice: CampaignChoice, kinds: readonly string[]): Promise<(KindRow & { day: string })[]> {
  return rowsOf(
    db,
    sql`select to_char(s.day, 'YYYY-MM-DD') as day, s.kind, sum(s.count)::int as count, sum(s.unique_count)::int as "unique"
          from ${chosenStats(scope, choice, kinds)}
         group by s.day, s.kind`,
  );
}

export async function dashboardByCampaign(
  db: DbOrTx,
  scope: Scope,
  choice: CampaignChoice,
  kinds: readonly string[],
): Promise<(KindRow & { campaignId: number; title: string; status: string; ownerUserId: number })[]> {
  return rowsOf(
    db,
    sql`select c.id as "campaignId", c.title, c.status, c.user_id as "ownerUserId", s.kind,
               sum(s.count)::int as count, sum(s.unique_count)::int as "unique"
          from ${chosenStats(scope, choice, kinds)}
         group by c.id, c.title, c.status, c.user_id, s.kind`,
  );
}

export interface MemberRow {
  userId: number;
  name: string;
  email: string;
  isLead: boolean;
}

/** The members asked for, among the caller's team (the caller alone for a solo user). */
export async function teamMembers(db: DbOrTx, scope: Scope, userIds: readonly number[]): Promise<MemberRow[]> {
  const allowed = userIds.filter((id) => scope.teamUserIds.includes(id));
  return rowsOf(
    db,
    sql`select u.id as "userId", u.name, u.email, coalesce(tm.is_lead = 1, false) as "isLead"
          from users u left join team_members tm on tm.user_id = u.id
         where u.id in ${idSet(allowed)}
         order by coalesce(tm.is_lead = 1, false) desc, u.name, u.id`,
  );
}

/** Figures per campaign owner, and how many of their campaigns had events, in a range. */
export async function figuresByOwner(
  db: DbOrTx,
  scope: Scope,
  userIds: readonly number[],
  from: string,
  to: string,
): Promise<(KindRow & { userId: number })[]> {
  const allowed = userIds.filter((id) => scope.teamUserIds.includes(id));
  return rowsOf(
    db,
    sql`select c.user_id as "userId", s.kind, sum(s.count)::int as count, sum(s.unique_count)::int as "unique"
          from campaign_daily_stats s join campaigns c on c.id = s.campaign_id
         where c.user_id in ${idSet(allowed)} and s.node_id = '' and s.day between ${from}::date and ${to}::date
         group by c.user_id, s.kind`,
  );
}

export async function campaignsWithEventsByOwner(
  db: DbOrTx,
  scope: Scope,
  userIds: readonly number[],
  from: string,
  to: string,
): Promise<{ userId: number; n: number }[]> {
  const allowed = userIds.filter((id) => scope.teamUserIds.includes(id));
  return rowsOf(
    db,
    sql`select c.user_id as "userId", count(distinct c.id)::int as n
          from campaign_daily_stats s join campaigns c on c.id = s.campaign_id
         where c.user_id in ${idSet(allowed)} and s.node_id = '' and s.day between ${from}::date and ${to}::date
         group by c.user_id`,
  );
}
