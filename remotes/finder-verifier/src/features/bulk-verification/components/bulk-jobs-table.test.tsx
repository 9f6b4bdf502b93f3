import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkVerification } from '@leadforge/contracts';
import { renderScreen } from '../../../test-support/render-screen';
import { BulkJobsTable } from './bulk-jobs-table';

const job = (overrides: Partial<BulkVerification>): BulkVerification => ({
  id: 1,
  name: 'Leads of May',
  status: 'in_progress',
  total: 500,
  processed: 125,
  valid: 100,
  notValid: 20,
  catchAll: 3,
  unknown: 2,
  greylist: 4,
  skipped: 0,
  charged: 125,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  ...overrides,
});

const noop = () => undefined;

it('shows each job’s progress and offers only the actions its status allows', async () => {
  const onAction = jest.fn();
  await renderScreen(
    <BulkJobsTable
      jobs={[job({}), job({ id: 2, name: 'Paused run', status: 'paused' }), job({ id: 3, name: 'Done run', status: 'completed', processed: 500 })]}
      total={3}
      page={1}
      loading={false}
      onPageChange={noop}
      onOpen={noop}
      onAction={onAction}
      onDownload={noop}
    />,
  );

  const running = screen.getByRole('row', { name: /Leads of May/ });
  expect(within(running).getByText('125/500')).toBeInTheDocument();
  expect(within(running).getByText('Greylisted, retrying: 4')).toBeInTheDocument();
  await userEvent.click(within(running).getByRole('button', { name: 'Pause' }));
  expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 'pause');

  const paused = screen.getByRole('row', { name: /Paused run/ });
  expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  const done = screen.getByRole('row', { name: /Done run/ });
  expect(within(done).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  expect(within(done).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
});

it('shows an empty state without jobs and the error with a retry when the list failed', async () => {
  const view = await renderScreen(
    <BulkJobsTable jobs={[]} total={0} page={1} loading={false} onPageChange={noop} onOpen={noop} onAction={noop} onDownload={noop} />,
  );
  expect(screen.getByText('No bulk verifications yet')).toBeInTheDocument();
  view.unmount();
  const onRetry = jest.fn();
  await renderScreen(
    <BulkJobsTable jobs={[]} total={0} page={1} loading={false} error={new Error('boom')} onRetry={onRetry} onPageChange={noop} onOpen={noop} onAction={noop} onDownload={noop} />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalled();
});
