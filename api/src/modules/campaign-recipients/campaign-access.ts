/**
 * Which campaigns a caller may read and change, for the recipients and statistics calls. A
 * campaign is read by its owner and by those who see the owner's records (a team lead, a
 * view-all member: Scope.readableUserIds); it is changed by its owner and the owner's team lead
 * (`campaign_not_editable` for a view-all member).
 * Another tenant's campaign, or one hidden from the caller, is not_found — never forbidden, so
 * ids cannot be probed.
 */
import { accountKind } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { DomainError, notFound } from '../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../account/caller';
import { rowsOf } from '../prospects/sql-helpers';

export interface CampaignRef {
  id: number;
  accountId: number;
  userId: number;
  title: string;
  status: string;
  blacklistId: number | null;
  activeVersion: number;
  options: Record<string, unknown>;
  flowchart: unknown;
}

/** User ids whose campaigns the scope reads, as one SQL list. */
export function readableOwners(scope: Scope) {
  return sql`(${sql.join(
    scope.readableUserIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export async function readableCampaign(db: DbOrTx, scope: Scope, campaignId: number): Promise<CampaignRef> {
  const [row] = await rowsOf<CampaignRef>(
    db,
    sql`select id, account_id as "accountId", user_id as "userId", title, status, blacklist_id as "blacklistId",
               active_version as "activeVersion", options, flowchart
          from campaigns
         where id = ${campaignId} and user_id in ${readableOwners(scope)}`,
  );
  if (!row) throw notFound();
  return { ...row, id: Number(row.id), accountId: Number(row.accountId), userId: Number(row.userId) };
}

/** The campaign if the caller may change it: its owner, or the owner's team lead. */
export async function writableCampaign(db: DbOrTx, caller: Caller, campaignId: number): Promise<CampaignRef> {
  const campaign = await readableCampaign(db, scopeOf(caller), campaignId);
  const mayChange =
    campaign.userId === caller.userId || (accountKind(caller.team) === 'teamLead' && caller.teamUserIds.includes(campaign.userId));
  // The same key the campaigns area answers for a teammate's campaign the caller only reads.
  if (!mayChange) throw new DomainError('campaign_not_editable');
  return campaign;
}
