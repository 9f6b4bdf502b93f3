import { EMPTY_SELECTION, applyPageTicks, isEmptySelection, selectedCount, selectionTarget, tickedOnPage } from './selection';

describe('selecting recipients', () => {
  it('keeps ticks made on other pages when the current page changes', () => {
    const first = applyPageTicks(EMPTY_SELECTION, [1, 2, 3], [1, 3]);
    const second = applyPageTicks(first, [4, 5], [5]);
    expect(second).toEqual({ mode: 'ids', ids: [1, 3, 5] });
    expect(tickedOnPage(second, [4, 5])).toEqual([5]);
    expect(applyPageTicks(second, [1, 2, 3], [])).toEqual({ mode: 'ids', ids: [5] });
  });

  it('targets the ticked ids, or every recipient the filter matches', () => {
    expect(selectionTarget({ mode: 'ids', ids: [4] }, { status: ['active'] })).toEqual({ recipientIds: [4] });
    expect(selectionTarget({ mode: 'all' }, { status: ['active'] })).toEqual({ filter: { status: ['active'] } });
  });

  it('counts what the action will touch', () => {
    expect(selectedCount({ mode: 'ids', ids: [1, 2] }, 500)).toBe(2);
    expect(selectedCount({ mode: 'all' }, 500)).toBe(500);
    expect(isEmptySelection(EMPTY_SELECTION)).toBe(true);
    expect(isEmptySelection({ mode: 'all' })).toBe(false);
  });

  it('ticks the whole page in "all matching" mode and falls back to ticked rows when one is unticked', () => {
    expect(tickedOnPage({ mode: 'all' }, [7, 8])).toEqual([7, 8]);
    expect(applyPageTicks({ mode: 'all' }, [7, 8], [7, 8])).toEqual({ mode: 'all' });
    expect(applyPageTicks({ mode: 'all' }, [7, 8], [8])).toEqual({ mode: 'ids', ids: [8] });
  });
});
