import { EMPTY_FILTERS, campaignListQuery, hasActiveFilters, titleTooShort } from './list-filters';

describe('campaign list filters → list query', () => {
  it('sends only the page for empty filters and every folder', () => {
    expect(campaignListQuery(EMPTY_FILTERS, 'all', 1, { ownerFilter: true })).toEqual({ page: 1 });
  });

  it('sends every filter that is set, the title trimmed', () => {
    const query = campaignListQuery(
      { title: '  Spring ', listId: 4, createdFrom: '2026-01-01', createdTo: '2026-01-31', ownerId: 7, senderAccountId: 9, status: 'active' },
      12,
      3,
      { ownerFilter: true },
    );
    expect(query).toEqual({ page: 3, title: 'Spring', listId: 4, createdFrom: '2026-01-01', createdTo: '2026-01-31', ownerId: 7, senderAccountId: 9, status: 'active', folderId: 12 });
  });

  it('leaves out a title shorter than 3 characters and says it is too short', () => {
    expect(campaignListQuery({ ...EMPTY_FILTERS, title: 'ab' }, 'all', 1, { ownerFilter: true })).toEqual({ page: 1 });
    expect(titleTooShort('ab')).toBe(true);
    expect(titleTooShort('')).toBe(false);
    expect(titleTooShort('abc')).toBe(false);
  });

  it('counts characters, not UTF-16 units, for the title minimum', () => {
    expect(titleTooShort('😀😀')).toBe(true);
    expect(campaignListQuery({ ...EMPTY_FILTERS, title: '😀😀😀' }, 'all', 1, { ownerFilter: false }).title).toBe('😀😀😀');
  });

  it('drops the owner filter for a caller limited to own records', () => {
    expect(campaignListQuery({ ...EMPTY_FILTERS, ownerId: 7 }, 'all', 1, { ownerFilter: false })).toEqual({ page: 1 });
  });

  it('asks for campaigns in no folder with folder 0', () => {
    expect(campaignListQuery(EMPTY_FILTERS, 'none', 2, { ownerFilter: true })).toEqual({ page: 2, folderId: 0 });
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, title: 'ab' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, status: 'pause' })).toBe(true);
  });
});
