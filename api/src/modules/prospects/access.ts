/**
 * Who sees what in the prospects area (document 1 §6 through contracts/rules/permissions): the
 * owners whose lists the caller browses, the viewer class of a record's owner, and the checks
 * that a list or a prospect is readable or the caller's own. The tenant boundary itself is in
 * the repositories' SQL (they take the caller's scope); these add the area's rules on top
 * (list type, deleted lists, viewer classes) and turn "not there" into the catalogue's errors.
 */
import { viewerClass, type ViewerClass } from '@leadforge/contracts';
import type { DbOrTx } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../account/caller';
import { ownListById, readableListById, type ListRow, type ListType } from './lists/repository';
import { teamProspectById, type ProspectRowDb } from './prospect/repository';

/**
 * The scope of work done for a user on their own records alone, from a stored owner (an import's
 * row, found prospects saved for them): it reads and writes nothing of their team.
 */
export function ownScope(owner: { userId: number; accountId: number }): Scope {
  return { userId: owner.userId, accountId: owner.accountId, readableUserIds: [owner.userId], teamUserIds: [owner.userId] };
}

export function classOf(caller: Pick<Caller, 'userId' | 'team' | 'teamUserIds'>, ownerUserId: number): ViewerClass {
  return viewerClass(caller.team, {
    isNew: false,
    isOwn: ownerUserId === caller.userId,
    isTeamRecord: caller.teamUserIds.includes(ownerUserId),
  });
}

/** 'me' → own lists only (document 1 §6); 'all' or a member id only for lead and view-all. */
export function ownersFor(caller: Caller, filter: string | undefined): number[] {
  if (filter === 'me' || caller.mode !== 'viewAll') return [caller.userId];
  if (filter && filter !== 'all') {
    const id = Number(filter);
    if (!caller.teamUserIds.includes(id)) throw new DomainError('not_found');
    return [id];
  }
  return scopeOf(caller).readableUserIds.slice();
}

/** A list the caller may read (own, or a teammate's for lead and view-all), else list_not_found. */
export async function readableList(db: DbOrTx, scope: Scope, listId: number, type: ListType = 'prospect'): Promise<ListRow> {
  return listOfType(await readableListById(db, scope, listId), type);
}

/** readableList for a list row read already through the caller's scope. */
export function listOfType(list: ListRow | undefined, type: ListType = 'prospect'): ListRow {
  if (!list || list.type !== type) throw new DomainError('list_not_found');
  return list;
}

/** A list the caller owns ('any': of either type), else list_not_found (another member's list is never written to). */
export async function ownList(db: DbOrTx, scope: Scope, listId: number, type: ListType | 'any' = 'prospect', allowDeleted = false): Promise<ListRow> {
  const list = await ownListById(db, scope, listId);
  if (!list || (type !== 'any' && list.type !== type) || (!allowDeleted && list.deletedAt)) throw new DomainError('list_not_found');
  return list;
}

/**
 * A prospect the caller may open: their own, or a teammate's (shown with the cells the viewer
 * class allows). Another account's prospect is not found.
 */
export async function readableProspect(db: DbOrTx, caller: Caller, prospectId: number): Promise<{ prospect: ProspectRowDb; viewer: ViewerClass }> {
  const prospect = await teamProspectById(db, scopeOf(caller), prospectId);
  if (!prospect) throw new DomainError('not_found');
  return { prospect, viewer: classOf(caller, prospect.userId) };
}
