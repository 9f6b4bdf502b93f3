import { CACHE, PROSPECT_DEFAULT_COLUMNS } from '@leadforge/contracts';
import { applyColumnState, defaultLayout, resolveLayout, visibleColumns } from './column-layout';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const ACCOUNT = 7;

describe('prospects table layout', () => {
  it('shows check, name, emails, tags and add_date by default, sorted by add_date descending', () => {
    const layout = defaultLayout(ACCOUNT, NOW);
    expect(visibleColumns(layout).map((column) => column.key)).toEqual([...PROSPECT_DEFAULT_COLUMNS]);
    expect(layout.sort).toEqual({ field: 'add_date', order: 'desc' });
  });

  it('keeps a fresh layout of the same account with the same standard columns', () => {
    const saved = applyColumnState(defaultLayout(ACCOUNT, NOW), { country: { show: true } }, NOW);
    const { layout, reconciled } = resolveLayout(saved, defaultLayout(ACCOUNT, NOW), ACCOUNT, NOW, []);
    expect(reconciled).toBe(false);
    expect(visibleColumns(layout).map((column) => column.key)).toContain('country');
  });

  it('falls back to the server defaults when the saved layout is older than the cache life', () => {
    const old = new Date(NOW.getTime() - CACHE.prospectColumnsMs - 1);
    const saved = applyColumnState(defaultLayout(ACCOUNT, old), { country: { show: true } }, old);
    const { layout, reconciled } = resolveLayout(saved, defaultLayout(ACCOUNT, NOW), ACCOUNT, NOW, []);
    expect(reconciled).toBe(true);
    expect(visibleColumns(layout).map((column) => column.key)).not.toContain('country');
  });

  it('falls back to the server defaults when the layout belongs to another account', () => {
    const saved = applyColumnState(defaultLayout(99, NOW), { country: { show: true } }, NOW);
    expect(resolveLayout(saved, defaultLayout(ACCOUNT, NOW), ACCOUNT, NOW, []).reconciled).toBe(true);
  });

  it('falls back when the set of standard columns changed', () => {
    const saved = defaultLayout(ACCOUNT, NOW);
    saved.columns = saved.columns.filter((column) => column.key !== 'deals');
    expect(resolveLayout(saved, defaultLayout(ACCOUNT, NOW), ACCOUNT, NOW, []).reconciled).toBe(true);
  });

  it('follows the custom fields that exist: new ones appended hidden, removed ones dropped', () => {
    const saved = defaultLayout(ACCOUNT, NOW, [{ id: 1 }, { id: 2 }]);
    const { layout, reconciled } = resolveLayout(saved, defaultLayout(ACCOUNT, NOW), ACCOUNT, NOW, [{ id: 2 }, { id: 3 }]);
    expect(reconciled).toBe(false);
    const keys = layout.columns.map((column) => column.key);
    expect(keys).not.toContain('custom_1');
    expect(keys.slice(-2)).toEqual(['custom_2', 'custom_3']);
    expect(layout.columns.find((column) => column.key === 'custom_3')?.active).toBe(false);
  });

  it('never hides the check column', () => {
    const layout = applyColumnState(defaultLayout(ACCOUNT, NOW), { check: { show: false } }, NOW);
    expect(visibleColumns(layout)[0]?.key).toBe('check');
  });
});
