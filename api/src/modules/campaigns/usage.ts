/**
 * What the prospects area asks of campaigns: which campaigns use a list (as their prospect list
 * or no-send list, or by holding recipients of its prospects) and which campaigns a prospect is a
 * recipient of. Scoped as every campaign read is (repository.ts `visibleCampaign`): a campaign is
 * seen only when its owner is among the scope's readable users — own campaigns, and the team's
 * for a lead or a view-all member.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { idSet } from '../../db/sql-sets';
import { rowsOf } from './repository';

const visible = (scope: Scope) => sql`c.user_id in ${idSet(scope.readableUserIds)}`;

export interface ListUsageRow {
  list_id: number;
  id: number;
  title: string;
}

/** Visible campaigns whose prospect list or no-send list is one of `listIds`, newest first. */
export async function campaignsUsingLists(db: DbOrTx, scope: Scope, listIds: readonly number[]): Promise<ListUsageRow[]> {
  if (listIds.length === 0) return [];
  return rowsOf<ListUsageRow>(
    db,
    sql`select l.id as list_id, c.id, c.title
        from ${idSet(listIds)} as l(id)
        join campaigns c on (c.list_id = l.id or c.blacklist_id = l.id) and ${visible(scope)}
        order by l.id, c.created_at desc, c.id desc`,
  );
}

export interface CampaignRefRow {
  id: number;
  title: string;
  status: string;
}

/**
 * Visible campaigns related to a list: those that name it as their prospect or no-send list, and
 * those holding a recipient among its prospects. The second part is one grouped semi-join of the
 * list's items (prospect_list_items primary key) with campaign_recipients(prospect_id,
 * campaign_id) — index-only on both sides, so a list of 100,000 prospects is one pass over its
 * items, never a scan of every recipient of the account.
 */
export async function campaignsRelatedToList(db: DbOrTx, scope: Scope, listId: number): Promise<CampaignRefRow[]> {
  return rowsOf<CampaignRefRow>(
    db,
    sql`with used as (
          select r.campaign_id from prospect_list_items li
          join campaign_recipients r on r.prospect_id = li.prospect_id
          where li.list_id = ${listId}
          group by r.campaign_id
        )
        select c.id, c.title, c.status from campaigns c
        where ${visible(scope)}
          and (c.list_id = ${listId} or c.blacklist_id = ${listId} or c.id in (select campaign_id from used))
        order by c.created_at desc, c.id desc`,
  );
}

export interface ProspectCampaignRow extends CampaignRefRow {
  prospect_id: number;
}

/** The visible campaigns each prospect is a recipient of, with the recipient's status there. */
export async function campaignsOfProspects(
  db: DbOrTx,
  scope: Scope,
  prospectIds: readonly number[],
): Promise<ProspectCampaignRow[]> {
  if (prospectIds.length === 0) return [];
  return rowsOf<ProspectCampaignRow>(
    db,
    sql`select r.prospect_id, c.id, c.title, r.status from campaign_recipients r
        join campaigns c on c.id = r.campaign_id and ${visible(scope)}
        where r.prospect_id in ${idSet(prospectIds)}
        order by r.prospect_id, c.created_at desc, c.id desc`,
  );
}
