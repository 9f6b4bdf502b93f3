import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { UnsubscribePanel } from './unsubscribe-panel';

// The page against the real API (and the provider's one-click POST) is proven in the API tests
// (api/src/modules/mail-engine); here the panel's states, answered at the network edge.

const api = withApiDouble();
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';

describe('the unsubscribe link', () => {
  it('names the address and the sender, and unsubscribes on the button', async () => {
    api().on(`GET /unsubscribe/${TOKEN}`, { body: { email: 'c•••@recipient.example', senderName: 'Ann from Acme', unsubscribed: false } });
    api().on(`POST /unsubscribe/${TOKEN}`, { body: { ok: true, email: 'c•••@recipient.example' } });
    await renderInRemote(remoteTexts, <UnsubscribePanel token={TOKEN} />);
    expect(await screen.findByText('Stop sending emails to c•••@recipient.example from Ann from Acme?')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeInTheDocument();
    expect(api().callsTo(`POST /unsubscribe/${TOKEN}`)).toHaveLength(1);
  });

  it('says so when the address is already unsubscribed, without a button', async () => {
    api().on(`GET /unsubscribe/${TOKEN}`, { body: { email: 'c•••@recipient.example', senderName: 'Ann from Acme', unsubscribed: true } });
    await renderInRemote(remoteTexts, <UnsubscribePanel token={TOKEN} />);
    expect(await screen.findByText('Ann from Acme will send no more emails to c•••@recipient.example.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('tells a link that is not valid from a failure', async () => {
    await renderInRemote(remoteTexts, <UnsubscribePanel token={TOKEN} />);
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
  });

  it('calls a link too long for the router broken, not an unknown call to retry', async () => {
    const long = 'x'.repeat(200);
    api().on(`GET /unsubscribe/${long}`, { status: 404, body: { errors: [{ key: 'route_not_found', title: 'Unknown call', description: 'This address is not a Leadforge call.' }] } });
    await renderInRemote(remoteTexts, <UnsubscribePanel token={long} />);
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
