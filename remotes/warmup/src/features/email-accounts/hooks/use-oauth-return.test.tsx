import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { useOAuthReturn } from './use-oauth-return';

const api = withApiDouble();

const account = {
  id: 7,
  email: 'ada@gmail.test',
  senderName: 'Ada',
  provider: 'sandbox',
  preset: null,
  status: 'active',
  statusReason: null,
  statusChangedAt: null,
  smtp: null,
  imap: null,
  dailyLimit: 30,
  sentToday: 0,
  minGapSeconds: 60,
  maxGapSeconds: 120,
  firstEmailDailyLimit: null,
  sendingWindow: null,
  signatureHtml: '',
  replyTo: null,
  trackingDomain: null,
  trackingDomainVerifiedAt: null,
  dkim: null,
  sharedWithTeam: false,
  warmupEnabled: false,
  firstSyncDays: 30,
  lastSentAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

function Landing() {
  useOAuthReturn();
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

describe('the OAuth return on the list', () => {
  it('hands the code over once, says the sandbox mailbox is connected, and clears the query', async () => {
    api().on('POST /email-account/oauth/complete', { body: { account, created: true } });
    await renderInRemote(remoteTexts, <Landing />, { path: '/account/email-accounts?page=2&code=c0de&state=st4te&scope=mail&from=%2Fgmail-auth' });

    await waitFor(() => expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\?page=2$/));
    expect(await screen.findByText('ada@gmail.test connected')).toBeInTheDocument();
    expect(screen.getByText(/offline sandbox/)).toBeInTheDocument();
    expect(api().callsTo('POST /email-account/oauth/complete').map((call) => call.body)).toEqual([{ provider: 'google', code: 'c0de', state: 'st4te' }]);
  });

  it('shows the provider’s refusal in the user’s language without calling the API', async () => {
    await renderInRemote(remoteTexts, <Landing />, { path: '/account/email-accounts?error=access_denied&from=%2Fmicrosoft%2Foauth%2Fresponse' });

    expect(await screen.findByText('The mailbox could not be connected')).toBeInTheDocument();
    expect(screen.getByText(/access_denied/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' })).toBeEmptyDOMElement());
    expect(api().callsTo('POST /email-account/oauth/complete')).toEqual([]);
  });

  it('translates the API’s refusal of the code', async () => {
    api().on('POST /email-account/oauth/complete', {
      status: 422,
      body: { errors: [{ key: 'mail_oauth_failed', title: 'x', description: 'x' }] },
    });
    await renderInRemote(remoteTexts, <Landing />, { path: '/account/email-accounts?code=c0de&state=st4te&from=%2Fgmail-auth' });

    expect(await screen.findByText(/The provider's sign-in did not complete or has expired/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' })).toBeEmptyDOMElement());
  });
});
