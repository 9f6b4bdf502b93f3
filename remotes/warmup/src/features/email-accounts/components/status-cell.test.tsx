import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ProviderTag } from './provider-tag';
import { StatusCell } from './status-cell';

describe('a mailbox’s status and provider', () => {
  it('gives the reason of a mailbox that needs reconnecting, and the way to do it', async () => {
    const onReconnect = jest.fn();
    await renderInRemote(remoteTexts, <StatusCell account={{ email: 'ada@acme.test', status: 'reconnect', statusReason: 'smtp_auth' }} onReconnect={onReconnect} />);
    expect(await screen.findByText('Needs reconnecting')).toBeInTheDocument();
    expect(screen.getByText('SMTP sign-in refused')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('reads a reason the engines wrote that the catalogue does not know as a server error', async () => {
    await renderInRemote(remoteTexts, <StatusCell account={{ email: 'ada@acme.test', status: 'error', statusReason: 'quota_exceeded' }} onReconnect={jest.fn()} />);
    expect(await screen.findByText('The mail server reported an error')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });

  it('labels a sandbox mailbox as such, never as a real provider', async () => {
    await renderInRemote(remoteTexts, <ProviderTag account={{ provider: 'sandbox', preset: null }} />);
    expect(await screen.findByText('Sandbox mailbox')).toHaveAttribute('title', expect.stringContaining('sends nothing'));
  });

  it('names the preset a password mailbox came from', async () => {
    await renderInRemote(remoteTexts, <ProviderTag account={{ provider: 'smtp', preset: 'fastmail' }} />);
    expect(await screen.findByText('Fastmail')).toBeInTheDocument();
  });
});
