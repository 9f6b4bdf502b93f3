import type { BulkVerification } from '@leadforge/contracts';
import { applyJobProgress } from './use-bulk-job-progress';

const job = (id: number, overrides: Partial<BulkVerification> = {}): BulkVerification => ({
  id,
  name: `run ${id}`,
  status: 'in_progress',
  total: 500,
  processed: 0,
  valid: 0,
  notValid: 0,
  catchAll: 0,
  unknown: 0,
  greylist: 0,
  skipped: 0,
  charged: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  ...overrides,
});

describe('bulk verification progress pushes', () => {
  it('move only the job they name and map the job state to its status', () => {
    const page = { items: [job(1), job(2)], total: 2 };
    const next = applyJobProgress(page, { jobId: '2', kind: 'bulk_verification', state: 'completed', processed: 500, total: 500 });
    expect(next.items[0]).toBe(page.items[0]);
    expect(next.items[1]).toMatchObject({ id: 2, processed: 500, status: 'completed' });
  });

  it('leave a page without that job untouched', () => {
    const page = { items: [job(1)] };
    expect(applyJobProgress(page, { jobId: '9', kind: 'bulk_verification', state: 'active', processed: 3, total: 9 })).toBe(page);
  });
});
