import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { NetworkTag } from './sandbox-network';
import { StateCell } from './state-cell';

const account = { name: 'Ada — sales', stateReason: null, campaignsCount: 2 };

describe('an account’s state and what to do about it', () => {
  it('offers to sign a lost connection in again and says its campaigns wait', async () => {
    const onNextStep = jest.fn();
    await renderInRemote(remoteTexts, <StateCell account={{ ...account, state: 'lost_connection', stateReason: 'linkedin_session_invalid' }} onNextStep={onNextStep} />);
    expect(await screen.findByText('Connection lost')).toBeInTheDocument();
    expect(screen.getByText('Session cookie not valid')).toBeInTheDocument();
    expect(screen.getByTestId('campaigns-wait')).toHaveTextContent('The LinkedIn steps of its campaigns wait until it is reconnected.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reconnect Ada — sales' }));
    expect(onNextStep).toHaveBeenCalledWith('reconnect');
  });

  it('asks for the code of an account waiting for its two-factor code, without a waiting notice', async () => {
    const onNextStep = jest.fn();
    await renderInRemote(remoteTexts, <StateCell account={{ ...account, state: 'two_factor_code' }} onNextStep={onNextStep} />);
    expect(await screen.findByText('Waiting for a two-factor code')).toBeInTheDocument();
    expect(screen.queryByTestId('campaigns-wait')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Enter the code for Ada — sales' }));
    expect(onNextStep).toHaveBeenCalledWith('enterCode');
  });

  it('offers to connect an empty slot, and nothing for a deleted account', async () => {
    const onNextStep = jest.fn();
    const view = await renderInRemote(remoteTexts, <StateCell account={{ ...account, state: 'pending_connection' }} onNextStep={onNextStep} />);
    expect(await screen.findByRole('button', { name: 'Connect an account to Ada — sales' })).toBeInTheDocument();
    view.unmount();
    await renderInRemote(remoteTexts, <StateCell account={{ ...account, state: 'deleted' }} onNextStep={onNextStep} />);
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('labels a sandbox account as the sandbox network, never as LinkedIn', async () => {
    await renderInRemote(remoteTexts, <NetworkTag provider="sandbox" />);
    expect(await screen.findByText('Sandbox network')).toHaveAttribute('title', 'Sandbox network — not LinkedIn');
    expect(screen.queryByText('LinkedIn')).toBeNull();
  });
});
