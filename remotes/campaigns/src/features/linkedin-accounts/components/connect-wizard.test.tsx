import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { generalRoutes, linkedinAccountsRoutes } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { testLinkedinAccount } from '../test-account';
import { ConnectWizard } from './connect-wizard';

// The whole connection against the simulated network is the journey of
// e2e/tests/linkedin/connect-account.spec.ts; here the wizard's steps and where its refusals go,
// answered at the network edge.
const api = withApiDouble();
const COOKIE = 'AQEDAR-sandbox-session-cookie';
const CONNECT = 'POST /pipelines/api/linkedin-accounts';

function answerLists() {
  api().onRoute(linkedinAccountsRoutes.linkedinProxies, {}, {
    body: {
      countries: [
        { countryId: 276, name: 'Germany', available: true },
        { countryId: 250, name: 'France', available: false },
      ],
    },
  });
  api().onRoute(generalRoutes.timeZones, {}, {
    body: { timeZones: [{ id: 'UTC', name: '(UTC+00:00) UTC', offset: '+00:00', offsetMinutes: 0 }] },
  });
}

// fireEvent rather than userEvent: the same handlers run, with far less work per step for jsdom.
async function signInWithCookie() {
  const dialog = await screen.findByRole('dialog', { name: 'Connect a LinkedIn account' });
  fireEvent.change(within(dialog).getByLabelText('Session cookie (li_at)'), { target: { value: COOKIE } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return dialog;
}

async function chooseGermany(dialog: HTMLElement) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Country' }));
  fireEvent.click(await screen.findByTitle('Germany'));
}

describe('connecting a LinkedIn account', () => {
  it('signs in by session cookie, picks a proxy and shows the code step the network asks for', async () => {
    answerLists();
    const asking = testLinkedinAccount({ id: 9, state: 'two_factor_code', twoFactorMethod: 'email', sandboxCode: '135790', profileName: null, profileUrl: null });
    api().on(CONNECT, { body: { account: asking } });
    await renderInRemote(remoteTexts, <ConnectWizard target={{ kind: 'new' }} onClose={jest.fn()} />);
    const dialog = await signInWithCookie();

    expect(await within(dialog).findByText('Every action of the account goes through this proxy, so LinkedIn always sees it from the same place.')).toBeInTheDocument();
    await chooseGermany(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));

    // Entering the code and ending connected: code-step.test.tsx and the journey.
    expect(await within(dialog).findByTestId('sandbox-code')).toHaveTextContent('Sandbox code: 135790');
    expect(api().callsTo(CONNECT).map((call) => call.body)).toEqual([
      { login: { method: 'cookie', sessionCookie: COOKIE }, proxy: { kind: 'builtin', countryId: 276 }, timezone: 'UTC', warmUp: true },
    ]);
  });

  it('says why a connection was refused: above the buttons when no slot is free, on the cookie the network refused', async () => {
    answerLists();
    api().on(CONNECT, {
      status: 422,
      body: { errors: [{ key: 'linkedin_slots_exhausted', title: 'No free LinkedIn slot', description: 'Every slot is in use.' }] },
    });
    await renderInRemote(remoteTexts, <ConnectWizard target={{ kind: 'new' }} onClose={jest.fn()} />);
    const dialog = await signInWithCookie();
    await chooseGermany(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByTestId('connect-refused')).toHaveTextContent('No free LinkedIn slot');

    api().on(CONNECT, {
      status: 422,
      body: { errors: [{ key: 'linkedin_session_invalid', title: 'Session cookie not valid', description: 'Not signed in.' }] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      await within(dialog).findByText('This session cookie is not signed in any more. Copy the li_at cookie again from a browser where you are signed in to LinkedIn.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Session cookie (li_at)')).toHaveValue(COOKIE);
    expect(within(dialog).queryByTestId('connect-refused')).toBeNull();
  });

  it('signs an expired account in again without asking for its proxy', async () => {
    const expired = testLinkedinAccount({ state: 'expired' });
    api().onRoute(linkedinAccountsRoutes.reconnectLinkedinAccount, { params: { id: expired.id }, body: { login: { method: 'cookie', sessionCookie: COOKIE } } }, {
      body: { account: testLinkedinAccount() },
    });
    await renderInRemote(remoteTexts, <ConnectWizard target={{ kind: 'reconnect', account: expired }} onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect Ada — sales' });
    fireEvent.change(within(dialog).getByLabelText('Session cookie (li_at)'), { target: { value: COOKIE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    expect(await within(dialog).findByText('Ada Lovelace is connected')).toBeInTheDocument();
    await waitFor(() => expect(api().callsTo('GET /pipelines/api/linkedin-accounts/proxies')).toHaveLength(0));
  });
});
