import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withLoopbackApi } from '../../../test-support/loopback-api';
import { renderScreen } from '../../../test-support/render-screen';
import { NewBulkVerification } from './new-bulk-verification';

// Whole screens with ProTable mount slowly in jsdom when the two cores are busy.
jest.setTimeout(60_000);

const { api } = withLoopbackApi();

it('lists rejected rows by line and shows the credit cost before the run can start', async () => {
  api().on('POST', '/calculate-emails-for-verify', (call) => {
    const { emails } = call.body as { emails: string[] };
    return { body: { total: emails.length, duplicates: 0, syntaxInvalid: 0, alreadyVerified: 1, toVerify: emails.length - 1, balance: 50, enough: true } };
  });
  api().on('POST', '/user-balance/check-balance', { body: { balance: 50, enough: true } });
  const onStarted = jest.fn();
  await renderScreen(<NewBulkVerification onStarted={onStarted} />);

  // fireEvent.change pastes the whole text at once, as a paste does.
  fireEvent.change(screen.getByRole('textbox', { name: 'Paste' }), {
    target: { value: 'ada@acme.test\nnot an address\nalan@acme.test\nADA@acme.test\ngrace@navy.test' },
  });

  expect(screen.getByTestId('rows-summary')).toHaveTextContent('3 rows ready, 2 rejected');
  const rejected = screen.getByRole('table', { name: 'Rejected rows' });
  expect(within(rejected).getByText('Not a valid email address')).toBeInTheDocument();
  expect(within(rejected).getByText('Duplicate of an earlier row')).toBeInTheDocument();

  const cost = await screen.findByTestId('cost-summary');
  expect(within(cost).getByText('2 credits')).toBeInTheDocument();
  // The server only saw the 3 clean rows; the summary still counts the bad-syntax row and the duplicate listed above.
  const figure = (label: string) => within(cost).getByText(label).closest('th')!.nextElementSibling;
  expect(figure('Addresses')).toHaveTextContent('5');
  expect(figure('Bad syntax (free)')).toHaveTextContent('1');
  expect(figure('Duplicates (free)')).toHaveTextContent('1');
  await waitFor(() => expect(api().calls.find((call) => call.path === '/user-balance/check-balance')?.body).toEqual({ minBalance: 2 }));
  expect(screen.getByRole('button', { name: 'Start verification' })).toBeEnabled();
});

it('keeps the run from starting when the balance is too low', async () => {
  api().on('POST', '/calculate-emails-for-verify', { body: { total: 1, duplicates: 0, syntaxInvalid: 0, alreadyVerified: 0, toVerify: 1, balance: 0, enough: false } });
  api().on('POST', '/user-balance/check-balance', { body: { balance: 0, enough: false } });
  await renderScreen(<NewBulkVerification onStarted={jest.fn()} />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Paste' }), 'ada@acme.test');
  expect(await screen.findByText(/Your balance is too low/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start verification' })).toBeDisabled();
});
