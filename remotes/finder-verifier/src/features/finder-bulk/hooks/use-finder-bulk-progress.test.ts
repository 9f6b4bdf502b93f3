import type { BulkJob } from '@leadforge/contracts';
import { applyFinderProgress } from './use-finder-bulk-progress';

const job = (id: number): BulkJob => ({
  id,
  kind: 'names',
  name: `search ${id}`,
  state: 'active',
  total: 10,
  processed: 0,
  found: 0,
  listId: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});

it('moves the bulk search a push names (finder-bulk-<id>) and no other', () => {
  const page = { items: [job(1), job(2)] };
  const next = applyFinderProgress(page, { jobId: 'finder-bulk-2', state: 'paused', processed: 4, total: 10 });
  expect(next.items[0]).toBe(page.items[0]);
  expect(next.items[1]).toMatchObject({ state: 'paused', processed: 4 });
  expect(applyFinderProgress(page, { jobId: '2', state: 'paused', processed: 4, total: 10 })).toBe(page);
});
