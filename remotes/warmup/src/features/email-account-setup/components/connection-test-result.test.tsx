import { screen, within } from '@testing-library/react';
import type { ConnectionTestResult } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ConnectionTestResultView } from './connection-test-result';

const refused: ConnectionTestResult = {
  ok: false,
  failed: { server: 'smtp', step: 'smtp_auth', ok: false, errorKey: 'mail_smtp_auth_failed', detail: '535 5.7.8 Authentication credentials invalid', ms: 4 },
  steps: [
    { server: 'smtp', step: 'dns', ok: true, ms: 0 },
    { server: 'smtp', step: 'tcp', ok: true, ms: 1 },
    { server: 'smtp', step: 'smtp_auth', ok: false, errorKey: 'mail_smtp_auth_failed', detail: '535 5.7.8 Authentication credentials invalid', ms: 4 },
    { server: 'imap', step: 'dns', ok: true, ms: 0 },
    { server: 'imap', step: 'tcp', ok: false, errorKey: 'mail_tcp_failed', ms: 2 },
  ],
};

const stateOf = (step: string) => document.querySelector(`[data-step="${step}"]`)?.getAttribute('data-state');

describe('the connection test result', () => {
  it('names the first failing step with its reason, and marks each step passed, failed or not tried', async () => {
    await renderInRemote(remoteTexts, <ConnectionTestResultView result={refused} security={{ smtp: 'none', imap: 'tls' }} />);
    const failed = await screen.findByTestId('connection-failed');
    expect(failed).toHaveTextContent('Failed at Outgoing mail (SMTP): SMTP sign-in');
    expect(failed).toHaveTextContent('The outgoing mail server refused the user name or password.');
    expect(stateOf('smtp:dns')).toBe('passed');
    expect(stateOf('smtp:smtp_auth')).toBe('failed');
    expect(screen.getByText('535 5.7.8 Authentication credentials invalid')).toBeInTheDocument();
    // TLS belongs to the IMAP run (security tls), not to the plain SMTP one.
    expect(stateOf('smtp:tls')).toBeUndefined();
    expect(stateOf('imap:tcp')).toBe('failed');
    expect(stateOf('imap:tls')).toBe('skipped');
    expect(stateOf('imap:imap_select')).toBe('skipped');
  });

  it('says so in the user’s language', async () => {
    await renderInRemote(remoteTexts, <ConnectionTestResultView result={refused} security={{ smtp: 'none', imap: 'tls' }} />, { lng: 'uk' });
    const failed = await screen.findByTestId('connection-failed');
    expect(failed).toHaveTextContent('Вхід на SMTP-сервер');
    expect(failed).toHaveTextContent('Сервер вихідної пошти відхилив ім\'я користувача або пароль.');
  });

  it('says both servers passed when every step did', async () => {
    const passed: ConnectionTestResult = { ok: true, failed: null, steps: refused.steps.map((step) => ({ server: step.server, step: step.step, ok: true, ms: 1 })) };
    await renderInRemote(remoteTexts, <ConnectionTestResultView result={passed} security={{ smtp: 'none', imap: 'none' }} />);
    expect(await screen.findByTestId('connection-ok')).toBeInTheDocument();
    expect(within(screen.getByTestId('connection-test')).queryByTestId('connection-failed')).toBeNull();
  });
});
