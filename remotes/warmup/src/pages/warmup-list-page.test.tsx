import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../i18n';
import { testUserLimits, testWarmupAccount } from '../features/warm-up/test-data';
import { WarmupListPage } from './warmup-list-page';

// The list's parts (statuses, health, rates) are proven in warmup-table.test.tsx; here what the
// screen asks the server and how it shows the answers and refusals.
const api = withApiDouble();

const LIST = 'GET /warm-up/api/list';
const LIMITS = 'GET /warm-up/api/user-limits';
const BULK = 'POST /warm-up/api/bulk';

const paused = testWarmupAccount({ id: 21, email: 'paused@acme.test', status: 'paused' });
const off = testWarmupAccount({ id: 22, email: 'off@acme.test', status: 'disabled', health: null });
const page = (items = [paused, off], total = items.length) => ({ body: { items, total, page: 1, perPage: 20 } });

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('the warm-up list screen', () => {
  it('asks one page of 20 and shows the plan’s limits with a warning while the pool is small', async () => {
    api().on(LIST, page());
    api().on(LIMITS, { body: testUserLimits({ usedMailboxes: 1, maxMailboxes: 2, maxCeiling: 40, poolSize: 3, poolMinimum: 5 }) });
    await renderInRemote(remoteTexts, <WarmupListPage />);

    expect(await screen.findByRole('link', { name: 'paused@acme.test' })).toHaveAttribute('href', '/deliverability/warm-up/21');
    expect(api().callsTo(LIST)[0]?.query.toString()).toBe('page=1&perPage=20');
    expect(await screen.findByTestId('warmup-mailboxes-used')).toHaveTextContent('Mailboxes in warm-up: 1 of 2 on your plan');
    expect(screen.getByTestId('warmup-max-ceiling')).toHaveTextContent('Highest daily ceiling on your plan: 40 emails');
    expect(screen.getByText('The warm-up pool is small')).toBeInTheDocument();
  });

  it('starts the selected mailboxes in one call and names the ones the server refused', async () => {
    api().on(LIST, page());
    api().on(LIMITS, { body: testUserLimits() });
    api().on(BULK, { body: { updated: [21], failed: [{ emailAccountId: 22, key: 'warmup_mailbox_limit_plan' }] } });
    await renderInRemote(remoteTexts, <WarmupListPage />);

    await user().click(await screen.findByRole('checkbox', { name: 'Select paused@acme.test' }));
    await user().click(screen.getByRole('checkbox', { name: 'Select off@acme.test' }));
    expect(screen.getByText('2 mailboxes selected')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Start warm-up' }));

    await waitFor(() => expect(api().callsTo(BULK)).toHaveLength(1));
    expect(api().callsTo(BULK)[0]?.body).toEqual({ action: 'start', emailAccountIds: [21, 22] });
    expect(await screen.findByText('Warm-up started for 1 mailbox')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 mailbox was not changed');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(/^off@acme\.test: Your plan allows no more mailboxes in warm-up/);
    // The list is asked again: the started mailbox shows its new status.
    await waitFor(() => expect(api().callsTo(LIST).length).toBeGreaterThan(1));
  });

  it('shows a refusal of the server in the shared error modal', async () => {
    api().on(LIST, page());
    api().on(LIMITS, { body: testUserLimits() });
    api().on('PUT /warm-up/api/21', {
      status: 422,
      body: {
        errors: [
          {
            key: 'warmup_imap_required',
            title: 'IMAP needed for warm-up',
            description: 'Warm-up reads its mail back to see where it landed and to answer it. Add the mailbox’s IMAP server first.',
          },
        ],
      },
    });
    await renderInRemote(remoteTexts, <WarmupListPage />);

    await user().click(await screen.findByRole('button', { name: 'Start the warm-up of paused@acme.test' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('IMAP needed for warm-up');
    expect(api().callsTo('PUT /warm-up/api/21')[0]?.body).toEqual({ status: 'active' });
  });

  it('leads to connecting a mailbox when there is none', async () => {
    api().on(LIST, page([], 0));
    api().on(LIMITS, { body: testUserLimits({ usedMailboxes: 0 }) });
    await renderInRemote(remoteTexts, <WarmupListPage />);
    expect(await screen.findByText('No email accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect an email account' })).toHaveAttribute('href', '/account/email-accounts/setup');
  });

  it('shows the error state when the list cannot be read', async () => {
    api().on(LIMITS, { body: testUserLimits() });
    await renderInRemote(remoteTexts, <WarmupListPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
