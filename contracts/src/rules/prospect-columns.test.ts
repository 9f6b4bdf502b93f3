import type { ProspectColumnsSettings } from '../prospects';
import { needsColumnsReconcile } from './prospect-columns';

const column = (key: string, position: number) => ({ key, active: true, position, width: null });
const defaults = { columns: [column('check', 0), column('name', 1), column('emails', 2)] };
const saved: ProspectColumnsSettings = {
  columns: [column('name', 0), column('check', 1), column('emails', 2), column('custom_7', 3)],
  sort: { field: 'add_date', order: 'desc' },
  accountId: 1,
  savedAt: '2024-05-01T10:00:00.000Z',
};
const soon = new Date('2024-05-01T10:30:00.000Z');

describe('prospect column layout reconciliation', () => {
  it.each([
    ['kept when the standard columns match (order and custom columns aside)', saved, 1, soon, false],
    ['replaced when nothing is saved', null, 1, soon, true],
    ['replaced when it belongs to another account', saved, 2, soon, true],
    ['replaced when older than its cache life', saved, 1, new Date('2024-05-01T11:00:00.001Z'), true],
    ['replaced when a standard column was added on the server', { ...saved, columns: saved.columns.slice(1) }, 1, soon, true],
  ] as const)('%s', (_name, layout, accountId, now, expected) => {
    expect(needsColumnsReconcile(layout, defaults, accountId, now)).toBe(expected);
  });
});
