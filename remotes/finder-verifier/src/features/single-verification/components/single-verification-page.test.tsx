import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailVerificationDetail } from '@leadforge/contracts';
import { withLoopbackApi } from '../../../test-support/loopback-api';
import { renderScreen } from '../../../test-support/render-screen';
import { SingleVerificationPage } from './single-verification-page';

const detail = (overrides: Partial<EmailVerificationDetail>): EmailVerificationDetail => ({
  id: 7,
  email: 'nobody@acme.test',
  status: 'not_valid',
  statusVerifyText: 'Not valid',
  isGreylisted: false,
  verifiedAt: '2026-11-21T10:00:00.000Z',
  reasons: ['mailbox_not_found'],
  smtpCode: 550,
  enhancedCode: '5.1.1',
  mxHost: 'mx.acme.test',
  flags: { disposable: false, role: false, free: false, catchAll: false },
  risk: 'high',
  suggestion: null,
  charged: true,
  ...overrides,
});

// Whole screens with ProTable mount slowly in jsdom when the two cores are busy.
jest.setTimeout(60_000);

const { api } = withLoopbackApi();

beforeEach(() => {
  api().on('POST', '/verify/last-single-verified', { body: { item: null } });
  api().on('POST', '/verify/last-verified', { body: { items: [detail({ id: 3, email: 'old@acme.test', status: 'valid', reasons: ['accepted'] })], total: 1, page: 1, perPage: 20 } });
});

it('verifies an address and shows its status, reasons, SMTP answer and risk, above the history', async () => {
  api().on('POST', '/prospects/verify-one', { body: detail({}) });
  await renderScreen(<SingleVerificationPage />);

  expect(await screen.findByText('old@acme.test')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Email address'), 'nobody@acme.test');
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

  const card = await screen.findByTestId('verification-result');
  expect(within(card).getByText('Invalid')).toBeInTheDocument();
  expect(within(card).getByText('Mailbox not found')).toBeInTheDocument();
  expect(within(card).getByText('550 5.1.1')).toBeInTheDocument();
  expect(within(card).getByText('High risk')).toBeInTheDocument();
  await waitFor(() => expect(api().calls.find((call) => call.path === '/prospects/verify-one')?.body).toEqual({ email: 'nobody@acme.test' }));
});

it('says a greylisted address is being retried instead of calling it invalid', async () => {
  api().on('POST', '/prospects/verify-one', { body: detail({ status: 'greylist', reasons: ['greylisted'], smtpCode: 451, enhancedCode: '4.7.1', risk: 'medium', charged: false }) });
  api().on('POST', '/verify/getEmailsStatus', { body: { items: [], pending: true } });
  await renderScreen(<SingleVerificationPage />);

  await userEvent.type(screen.getByLabelText('Email address'), 'nobody@acme.test');
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

  const card = await screen.findByTestId('verification-result');
  expect(within(card).getByText('Greylisted, retrying')).toBeInTheDocument();
  expect(within(card).getByText(/We retry automatically/)).toBeInTheDocument();
  // The unresolved result is re-polled by id (document 2 §7.11).
  await waitFor(() => expect(api().calls.find((call) => call.path === '/verify/getEmailsStatus')?.body).toEqual({ ids: [7], emails: [] }));
});

it('shows the server error when the history cannot be loaded', async () => {
  api().on('POST', '/verify/last-verified', { status: 422, body: { errors: [{ key: 'something_went_wrong', title: 'Warning', description: 'History is unavailable' }] } });
  await renderScreen(<SingleVerificationPage />);
  expect(await screen.findByText('History is unavailable')).toBeInTheDocument();
});
