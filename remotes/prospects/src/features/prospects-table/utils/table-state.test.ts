import { PAGE_SIZES } from '@leadforge/contracts';
import { activeFilterCount, initialTableState, listProspectsBody, sortOrderOf, withFilter, withSort } from './table-query';
import { applyPageSelection, selectedCount, selectedKeysOnPage } from './selection';

describe('prospects table state', () => {
  it('starts at page 1 of 50 sorted by add_date descending with no filter', () => {
    const state = initialTableState(3);
    expect(state).toMatchObject({ listId: 3, page: 1, perPage: PAGE_SIZES.prospects, sort: { field: 'add_date', order: 'desc' } });
    expect(activeFilterCount(state.filter)).toBe(0);
  });

  it('goes back to page 1 when a filter or the sort changes', () => {
    const paged = { ...initialTableState(null), page: 4 };
    expect(withFilter(paged, { tags: [1], tagsFilter: 'all' }).page).toBe(1);
    expect(withSort(paged, 'name', 'ascend')).toMatchObject({ page: 1, sort: { field: 'name', order: 'asc' } });
  });

  it('returns to the default sort when the sort is cleared', () => {
    const state = withSort(withSort(initialTableState(null), 'name', 'ascend'), null, null);
    expect(sortOrderOf(state, 'add_date')).toBe('descend');
    expect(sortOrderOf(state, 'name')).toBeNull();
  });

  it('sends the state as the list-prospects body', () => {
    const state = withFilter(initialTableState(9), { duplicates: true });
    expect(listProspectsBody(state)).toEqual({
      listId: 9,
      filterUserId: null,
      page: 1,
      perPage: 50,
      sort: [{ field: 'add_date', order: 'desc' }],
      filter: { emailStatus: [], tags: [], tagsFilter: 'any', duplicates: true, lists: [], linkedin: null },
    });
  });

  it('ignores a sort on a column the server cannot sort by', () => {
    expect(withSort(initialTableState(null), 'tags', 'ascend').sort).toEqual({ field: 'add_date', order: 'desc' });
  });

  it('counts each narrowing filter once', () => {
    const state = withFilter(initialTableState(null), { emailStatus: ['valid', 'not_valid'], tags: [2], linkedin: 'with' });
    expect(activeFilterCount(state.filter)).toBe(3);
  });
});

describe('bulk selection', () => {
  it('keeps ticks of other pages when a page is ticked', () => {
    const first = applyPageSelection({ mode: 'ids', ids: [] }, [1, 2, 3], [1, 2]);
    const second = applyPageSelection(first, [4, 5], [5]);
    expect(second).toEqual({ mode: 'ids', ids: [1, 2, 5] });
    expect(selectedCount(second, 500)).toBe(3);
  });

  it('turns unticked rows into exclusions when every matching prospect is selected', () => {
    const all = applyPageSelection({ mode: 'allMatching', excludedIds: [] }, [1, 2, 3], [1, 3]);
    expect(all).toEqual({ mode: 'allMatching', excludedIds: [2] });
    expect(selectedCount(all, 1000)).toBe(999);
    expect(selectedKeysOnPage(all, [1, 2, 3])).toEqual([1, 3]);
  });
});
