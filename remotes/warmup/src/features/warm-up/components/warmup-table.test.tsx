import { screen, within } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { testRates, testWarmupAccount } from '../test-data';
import { WarmupTable, type WarmupTableProps } from './warmup-table';

const accounts = [
  testWarmupAccount({ id: 1, email: 'good@acme.test', status: 'active', health: 'good' }),
  testWarmupAccount({ id: 2, email: 'waiting@acme.test', status: 'pending', statusReason: 'imap_login', health: 'ok', sentToday: 0, dailyTarget: 0 }),
  testWarmupAccount({ id: 3, email: 'spammy@acme.test', status: 'paused', health: 'bad', throttled: true }),
  testWarmupAccount({
    id: 4,
    email: 'new@acme.test',
    status: 'disabled',
    health: null,
    hasImap: false,
    sentToday: 0,
    dailyTarget: 0,
    last7: testRates(),
    last30: testRates(),
  }),
];

function renderTable(props: Partial<WarmupTableProps> = {}) {
  const handlers = { onSelect: jest.fn(), onPageChange: jest.fn(), onSetStatus: jest.fn() };
  const view = renderInRemote(
    remoteTexts,
    <WarmupTable accounts={accounts} total={4} page={1} loading={false} selectedIds={[]} busyIds={new Set()} {...handlers} {...props} />,
  );
  return { handlers, view };
}

const rowOf = (email: string) => screen.getByRole('link', { name: email }).closest('tr') as HTMLElement;

describe('the warm-up list', () => {
  it('shows each mailbox’s status, why a pending one waits, its health and its rates over 7 and 30 days', async () => {
    await renderTable().view;
    await screen.findByRole('link', { name: 'good@acme.test' });

    const good = within(rowOf('good@acme.test'));
    expect(good.getByText('Active')).toHaveAttribute('data-status', 'active');
    expect(good.getByText('Good')).toHaveAttribute('data-health', 'good');
    expect(good.getByTestId('warmup-today')).toHaveTextContent('7 of 14 sent today');
    expect(good.getByText('7 days: 96%')).toBeInTheDocument();
    expect(good.getByText('30 days: 95.4%')).toBeInTheDocument();
    expect(good.getByText('7 days: 4%')).toBeInTheDocument();
    expect(good.getAllByText('7 days: 25%')).toHaveLength(1);

    const waiting = within(rowOf('waiting@acme.test'));
    expect(waiting.getByText('Pending')).toBeInTheDocument();
    expect(waiting.getByText('IMAP sign-in refused')).toBeInTheDocument();
    expect(waiting.getByText('Fair')).toHaveAttribute('data-health', 'ok');

    const spammy = within(rowOf('spammy@acme.test'));
    expect(spammy.getByText('Paused')).toBeInTheDocument();
    expect(spammy.getByText('Bad')).toHaveAttribute('data-health', 'bad');
    expect(spammy.getByText('Back at its start volume until its health recovers, or 7 days after its last bad result')).toBeInTheDocument();

    const fresh = within(rowOf('new@acme.test'));
    expect(fresh.getByText('Off')).toBeInTheDocument();
    expect(fresh.getByText('Not known yet')).toBeInTheDocument();
    expect(fresh.getByText('Needs at least 20 placed mails in the last 7 days')).toBeInTheDocument();
    expect(fresh.getAllByText('7 days: —')).toHaveLength(3);
  });

  it('colours health by its severity', async () => {
    await renderTable().view;
    expect((await screen.findByText('Good')).className).toMatch(/success/);
    expect(screen.getByText('Fair').className).toMatch(/warning/);
    expect(screen.getByText('Bad').className).toMatch(/error/);
  });

  it('starts a paused warm-up, pauses a running one, and cannot start a mailbox without IMAP', async () => {
    const { handlers, view } = renderTable();
    await view;
    (await screen.findByRole('button', { name: 'Pause the warm-up of good@acme.test' })).click();
    expect(handlers.onSetStatus).toHaveBeenLastCalledWith(accounts[0], 'paused');
    screen.getByRole('button', { name: 'Start the warm-up of spammy@acme.test' }).click();
    expect(handlers.onSetStatus).toHaveBeenLastCalledWith(accounts[2], 'active');

    expect(screen.getByRole('button', { name: 'Start the warm-up of new@acme.test' })).toBeDisabled();
    expect(within(rowOf('new@acme.test')).getByText('No IMAP server')).toBeInTheDocument();
  });
});
