/**
 * "All matching" selections of bulk calls (document 1 §5): where a selection looks and what it
 * tests, checked against what the caller may read, then its ids as one scoped subquery.
 */
import type { prospectSelectionSchema } from '@leadforge/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller } from '../../account/caller';
import { ownersFor, readableList } from '../access';
import { listsWithCounts } from '../lists/repository';
import { filterConditions } from './filters';
import { selectionIds, type ListingSource, type SelectionIds } from './repository';

export type ParsedSelection = z.output<typeof prospectSelectionSchema>;
/** What a bulk call acts on: chosen ids, or an "all matching" selection. */
export type BulkSubject = { ids: number[] } | { selection: ParsedSelection };

/** Where a selection looks and what it tests; its list must be readable and not deleted. */
export async function resolveSelection(db: DbOrTx, caller: Caller, selection: ParsedSelection) {
  const scope = scopeOf(caller);
  let source: ListingSource;
  if (selection.listId !== null) {
    const list = await readableList(db, scope, selection.listId);
    if (list.deletedAt) throw new DomainError('list_not_found');
    source = { listId: list.id, ownerIds: [list.userId] };
  } else source = { listId: null, ownerIds: selection.filterUserId ? ownersFor(caller, String(selection.filterUserId)) : [caller.userId] };
  const readableListIds = selection.filter.lists.length > 0 ? (await listsWithCounts(db, scope, scope.readableUserIds, 'prospect')).map((l) => l.id) : [];
  return { source, readableListIds, conditions: filterConditions(selection.filter, readableListIds) };
}

/** The ids of a selection as a subquery: matching prospects the caller owns, minus exclusions. */
export async function selectionSql(db: DbOrTx, caller: Caller, selection: ParsedSelection): Promise<SelectionIds> {
  const { source, conditions } = await resolveSelection(db, caller, selection);
  return selectionIds(scopeOf(caller), source, conditions, selection.excludeIds);
}
