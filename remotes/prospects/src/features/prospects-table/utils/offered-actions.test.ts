import { offeredBulkActions, type ListPermissions } from './offered-actions';

const everything: ListPermissions = { canExport: true, showOptions: { canEdit: true, canDelete: true, canVerify: true, canTag: true } };

describe('bulk actions offered on the prospects page', () => {
  it('offers every action in an own list', () => {
    expect(offeredBulkActions(3, everything)).toEqual(['move', 'copy', 'tag', 'delete', 'verify', 'export']);
  });

  it('offers no move on All contacts, which is no list to move out of', () => {
    expect(offeredBulkActions(null, everything)).toEqual(['copy', 'tag', 'delete', 'verify', 'export']);
  });

  it("leaves out what the list's showOptions forbid", () => {
    expect(offeredBulkActions(3, { canExport: true, showOptions: { canEdit: false, canDelete: true, canVerify: false, canTag: true } })).toEqual([
      'tag',
      'delete',
      'export',
    ]);
    expect(offeredBulkActions(3, { canExport: true, showOptions: { canEdit: true, canDelete: false, canVerify: true, canTag: false } })).toEqual([
      'move',
      'copy',
      'verify',
      'export',
    ]);
  });

  it("offers export only when the page may be exported, so a teammate's list offers only export to a viewAll member", () => {
    const teammates: ListPermissions = { canExport: true, showOptions: { canEdit: false, canDelete: false, canVerify: false, canTag: false } };
    expect(offeredBulkActions(4, teammates)).toEqual(['export']);
    expect(offeredBulkActions(4, { ...teammates, canExport: false })).toEqual([]);
  });

  it('offers nothing before the page has answered', () => {
    expect(offeredBulkActions(3, undefined)).toEqual([]);
  });
});
