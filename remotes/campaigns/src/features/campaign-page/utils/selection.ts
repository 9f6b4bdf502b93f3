/**
 * Bulk selection of the recipients table: ticked rows, or every recipient the current filter
 * matches ("select all"). The bulk calls take exactly one of `recipientIds` or `filter`.
 */
import type { RecipientFilter } from '@leadforge/contracts';

export type RecipientSelection = { mode: 'ids'; ids: number[] } | { mode: 'all' };

export const EMPTY_SELECTION: RecipientSelection = { mode: 'ids', ids: [] };

export function isEmptySelection(selection: RecipientSelection): boolean {
  return selection.mode === 'ids' && selection.ids.length === 0;
}

/** How many recipients an action would touch (`matching`: what the filter matches). */
export function selectedCount(selection: RecipientSelection, matching: number): number {
  return selection.mode === 'all' ? matching : selection.ids.length;
}

/** The part of a bulk call's body naming its recipients. */
export function selectionTarget(selection: RecipientSelection, filter: RecipientFilter): { recipientIds: number[] } | { filter: RecipientFilter } {
  return selection.mode === 'all' ? { filter } : { recipientIds: selection.ids };
}

export function tickedOnPage(selection: RecipientSelection, pageIds: readonly number[]): number[] {
  return selection.mode === 'all' ? [...pageIds] : pageIds.filter((id) => selection.ids.includes(id));
}

/**
 * The table's new ticks on the current page. Unticking a row while "all matching" is selected
 * falls back to the rows still ticked on this page: the API has no "all but these".
 */
export function applyPageTicks(selection: RecipientSelection, pageIds: readonly number[], ticked: readonly number[]): RecipientSelection {
  if (selection.mode === 'all') {
    return ticked.length === pageIds.length ? selection : { mode: 'ids', ids: [...ticked] };
  }
  const others = selection.ids.filter((id) => !pageIds.includes(id));
  return { mode: 'ids', ids: [...others, ...ticked] };
}
