import { historyLine, listNamesFrom, type CompanyHistoryEntry } from './company-history';

const entry = (id: number, action: string, details: Record<string, unknown>): CompanyHistoryEntry => ({
  id,
  action,
  details,
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('company history lines', () => {
  const created = entry(1, 'list_created', { listId: 4, name: 'Old name' });
  const deleted = entry(2, 'list_deleted', { listId: 4 });
  const moved = entry(3, 'companies_moved', { from: 4, to: 8, count: 2 });

  it('names a deleted list by the name it was created with, a current one by its name now', () => {
    const names = listNamesFrom([{ id: 8, listName: 'Targets' }], [created, deleted, moved]);
    expect(historyLine(deleted, names)).toMatchObject({ action: 'list_deleted', values: { list: 'Old name' } });
    expect(historyLine(moved, names)).toMatchObject({
      action: 'companies_moved',
      values: { from: 'Old name', to: 'Targets', count: 2 },
    });
  });

  it('falls back to the id for a list it cannot name, and to "other" for an unknown action', () => {
    const line = historyLine(entry(5, 'companies_exported', { listId: 12 }), new Map());
    expect(line).toMatchObject({ action: 'other', values: { list: '#12', action: 'companies_exported' } });
  });

  it('names a deleted list by its last name in the history', () => {
    const renamed = entry(7, 'list_renamed', { listId: 4, name: 'New name' });
    // Newest first, as the call answers.
    const names = listNamesFrom([], [deleted, renamed, created]);
    expect(historyLine(deleted, names).values.list).toBe('New name');
  });
});
