/**
 * Bulk selection of the prospects table: some rows of the page, or every prospect matching the
 * filter (the server then applies the action to the whole filtered set, minus exclusions).
 */
export type Selection =
  | { mode: 'ids'; ids: number[] }
  | { mode: 'allMatching'; excludedIds: number[] };

export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: [] };

export const BULK_ACTIONS = ['move', 'copy', 'tag', 'delete', 'verify', 'export'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'ids' ? selection.ids.length : Math.max(0, total - selection.excludedIds.length);
}

export function isSelected(selection: Selection, id: number): boolean {
  return selection.mode === 'ids' ? selection.ids.includes(id) : !selection.excludedIds.includes(id);
}

/** The row keys to tick on the current page. */
export function selectedKeysOnPage(selection: Selection, pageIds: readonly number[]): number[] {
  return pageIds.filter((id) => isSelected(selection, id));
}

/**
 * Applies the table's new ticked keys for the current page. In "all matching" mode an unticked
 * row becomes an exclusion; otherwise the page's ticks replace that page's part of the ids.
 */
export function applyPageSelection(selection: Selection, pageIds: readonly number[], ticked: readonly number[]): Selection {
  const tickedSet = new Set(ticked);
  if (selection.mode === 'allMatching') {
    const others = selection.excludedIds.filter((id) => !pageIds.includes(id));
    return { mode: 'allMatching', excludedIds: [...others, ...pageIds.filter((id) => !tickedSet.has(id))] };
  }
  const others = selection.ids.filter((id) => !pageIds.includes(id));
  return { mode: 'ids', ids: [...others, ...ticked] };
}
