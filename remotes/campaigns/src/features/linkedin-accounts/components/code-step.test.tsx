import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { testLinkedinAccount } from '../test-account';
import { CodeStep } from './code-step';

// The code step against the simulated network's real answers is the journey of
// e2e/tests/linkedin/connect-account.spec.ts; here its states, answered at the network edge.
const api = withApiDouble();
const waiting = testLinkedinAccount({ state: 'two_factor_code', twoFactorMethod: 'sms', sandboxCode: '482913' });
const params = { params: { id: waiting.id } };
const PATH = `/pipelines/api/linkedin-accounts/${waiting.id}` as const;

async function typeCode(code: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('textbox', { name: 'OTP Input 1' }));
  await user.keyboard(code);
  return user;
}

describe('the code step', () => {
  it('shows the sandbox code as such and sends the six digits typed', async () => {
    const { sandboxCode: _shown, ...connected } = waiting;
    api().onRoute(linkedinAccountsRoutes.submitLinkedinCode, { ...params, body: { code: '482913' } }, { body: { account: { ...connected, state: 'active' } } });
    const onAnswered = jest.fn();
    await renderInRemote(remoteTexts, <CodeStep account={waiting} onAnswered={onAnswered} />);
    expect(await screen.findByText('LinkedIn asks for the two-factor code. Delivery method: SMS.')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-code')).toHaveTextContent('Sandbox code: 482913');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    const user = await typeCode('482913');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith(expect.objectContaining({ state: 'active' })));
    expect(api().callsTo(`POST ${PATH}/verification-code`).map((call) => call.body)).toEqual([{ code: '482913' }]);
  });

  it('says so under the field when the code is wrong, and stays', async () => {
    api().onRoute(linkedinAccountsRoutes.submitLinkedinCode, { ...params, body: { code: '000000' } }, {
      status: 422,
      body: { errors: [{ key: 'linkedin_code_invalid', title: 'Wrong code', description: 'Wrong.', field: 'code' }] },
    });
    const onAnswered = jest.fn();
    await renderInRemote(remoteTexts, <CodeStep account={waiting} onAnswered={onAnswered} />);
    const user = await typeCode('000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This code is not the one LinkedIn sent. Check it, or ask for a new one.')).toBeInTheDocument();
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('asks for the code again and by another method', async () => {
    api().onRoute(linkedinAccountsRoutes.resendLinkedinCode, params, { body: { account: { ...waiting, sandboxCode: '777111' } } });
    api().onRoute(linkedinAccountsRoutes.changeLinkedinTwoFactorMethod, { ...params, body: { method: 'authenticator_app' } }, {
      body: { account: { ...waiting, twoFactorMethod: 'authenticator_app' } },
    });
    const onAnswered = jest.fn();
    await renderInRemote(remoteTexts, <CodeStep account={waiting} onAnswered={onAnswered} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith(expect.objectContaining({ sandboxCode: '777111' })));
    await user.click(screen.getByRole('button', { name: 'Use another method' }));
    // The method in use is not offered again.
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Authenticator app' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledWith(expect.objectContaining({ twoFactorMethod: 'authenticator_app' })));
    expect(api().callsTo(`POST ${PATH}/two-factor-method`).map((call) => call.body)).toEqual([{ method: 'authenticator_app' }]);
  });

  it('asks for a verification code without offering other methods', async () => {
    await renderInRemote(remoteTexts, <CodeStep account={{ ...waiting, state: 'verification_code', twoFactorMethod: null }} onAnswered={jest.fn()} />);
    expect(await screen.findByText("LinkedIn sent a verification code to the account's e-mail address. Enter it below.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use another method' })).toBeNull();
  });
});
