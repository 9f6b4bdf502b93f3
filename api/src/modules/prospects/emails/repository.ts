/** SQL of the verification statuses of prospects' emails: emails of the caller's team's prospects only. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { prospectEmails, prospects } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { inList, rowsOf } from '../sql-helpers';
import type { SelectionIds } from '../table/repository';

/** The condition "email `e` is of a prospect of the caller's team". */
const ofTeam = (scope: Scope) => sql`exists (select 1 from ${prospects} p where p.id = e.prospect_id and p.user_id in ${inList(scope.teamUserIds)})`;

export async function emailsByIds(db: DbOrTx, scope: Scope, emailIds: number[]) {
  if (emailIds.length === 0) return [];
  return db
    .select({ id: prospectEmails.id, email: prospectEmails.email })
    .from(prospectEmails)
    .innerJoin(prospects, eq(prospects.id, prospectEmails.prospectId))
    .where(and(inArray(prospectEmails.id, emailIds), inArray(prospects.userId, [...scope.teamUserIds])));
}

/** Stores verification statuses, in one statement. */
export async function saveEmailStatuses(db: DbOrTx, scope: Scope, updates: { id: number; status: string }[]) {
  if (updates.length === 0) return;
  await db.execute(sql`update ${prospectEmails} e set status = x.status
    from json_to_recordset(${JSON.stringify(updates)}::json) as x(id int, status text)
    where e.id = x.id and ${ofTeam(scope)}`);
}

/** Whether a selection has an email that was never verified. */
export async function selectionHasUnverified(db: DbOrTx, scope: Scope, chosen: SelectionIds): Promise<boolean> {
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${prospectEmails} e where e.status = 'not_verified' and e.prospect_id in (${chosen}) and e.account_id = ${scope.accountId}) as any`,
  );
  return Boolean(row?.any);
}

/** Marks the never-verified emails of a selection in_progress; their ids. */
export async function markSelectionInProgress(db: DbOrTx, scope: Scope, chosen: SelectionIds): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update ${prospectEmails} e set status = 'in_progress' where e.status = 'not_verified' and e.prospect_id in (${chosen}) and e.account_id = ${scope.accountId} returning e.id`,
  );
  return rows.map((row) => row.id);
}

/** Emails of a selection still waiting for a result. */
export async function selectionUnresolvedCount(db: DbOrTx, scope: Scope, chosen: SelectionIds): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${prospectEmails} e where e.status in ('in_progress', 'greylist') and e.prospect_id in (${chosen}) and e.account_id = ${scope.accountId}`,
  );
  return row?.n ?? 0;
}
