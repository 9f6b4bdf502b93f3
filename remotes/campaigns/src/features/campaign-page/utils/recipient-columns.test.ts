import { RECIPIENT_TABLE_COLUMNS, type RecipientTableColumn } from '@leadforge/contracts';
import { DEFAULT_VISIBLE_COLUMNS, normaliseColumns, readVisibleColumns, setColumnVisible, writeVisibleColumns } from './recipient-columns';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the recipients column chooser', () => {
  it('shows a column in the table order, whatever order it was ticked in', () => {
    expect(setColumnVisible(['prospect', 'reply'], 'status', true)).toEqual(['prospect', 'status', 'reply']);
  });

  it('hides a column but never the prospect column', () => {
    expect(setColumnVisible(['prospect', 'status'], 'status', false)).toEqual(['prospect']);
    expect(setColumnVisible(['prospect', 'status'], 'prospect', false)).toEqual(['prospect', 'status']);
  });

  it('offers every column of the table', () => {
    const all = RECIPIENT_TABLE_COLUMNS.reduce<RecipientTableColumn[]>((shown, column) => setColumnVisible(shown, column, true), []);
    expect(all).toEqual([...RECIPIENT_TABLE_COLUMNS]);
    expect(normaliseColumns(['provider', 'nonsense'])).toEqual(['prospect', 'provider']);
  });

  it('remembers the choice and falls back to the default for nothing or garbage stored', () => {
    const storage = memoryStorage();
    expect(readVisibleColumns(storage, 'k')).toEqual(DEFAULT_VISIBLE_COLUMNS);
    writeVisibleColumns(storage, 'k', ['linkedin_invite', 'prospect']);
    expect(readVisibleColumns(storage, 'k')).toEqual(['prospect', 'linkedin_invite']);
    storage.setItem('k', '{not json');
    expect(readVisibleColumns(storage, 'k')).toEqual(DEFAULT_VISIBLE_COLUMNS);
    storage.setItem('k', '["status", 5]');
    expect(readVisibleColumns(storage, 'k')).toEqual(DEFAULT_VISIBLE_COLUMNS);
  });
});
