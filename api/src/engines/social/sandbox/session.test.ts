/**
 * The sandbox network's session side on its own: the same identity is always the same member,
 * sessions last the configured days, codes expire, and a custom proxy is tried for real.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import {
  SANDBOX_CODE_TTL_MS,
  sandboxCheckSession,
  sandboxLogin,
  sandboxMemberOf,
  sandboxResendCode,
  sandboxSubmitCode,
  testProxyReachable,
} from './session';

const DAY_MS = 86_400_000;
const proxy = { kind: 'builtin' as const, countryId: 276 };
const at = new Date('2025-03-03T10:00:00Z');

describe('sandbox sessions', () => {
  it('signs the same cookie in as the same member, and a session in for the configured days', async () => {
    const login = { method: 'cookie' as const, sessionCookie: 'AQEDAR-stable-cookie' };
    const first = await sandboxLogin({ login, proxy, now: at }, { sessionDays: 10 });
    const second = await sandboxLogin({ login, proxy, now: at }, { sessionDays: 10 });
    assert.equal(first.kind, 'connected');
    assert.equal(second.kind, 'connected');
    if (first.kind !== 'connected' || second.kind !== 'connected') return;
    assert.deepEqual(first.member, second.member);
    assert.deepEqual(first.member, sandboxMemberOf('cookie:AQEDAR-stable-cookie'));
    assert.notDeepEqual(sandboxMemberOf('cookie:another-cookie-1'), first.member);
    const ref = { session: first.session };
    assert.equal(await sandboxCheckSession(ref, new Date(at.getTime() + 9 * DAY_MS)), 'active');
    assert.equal(await sandboxCheckSession(ref, new Date(at.getTime() + 10 * DAY_MS)), 'expired');
    assert.equal(await sandboxCheckSession({ session: 'not-a-session' }, at), 'expired');
  });

  it('refuses wrong passwords and expired cookies, and asks for codes that expire after ten minutes', async () => {
    assert.deepEqual(await sandboxLogin({ login: { method: 'credentials', email: 'a@b.test', password: 'so-wrong' }, proxy, now: at }), {
      kind: 'refused',
      reason: 'linkedin_login_failed',
    });
    assert.deepEqual(await sandboxLogin({ login: { method: 'cookie', sessionCookie: 'cookie-has-expired' }, proxy, now: at }), {
      kind: 'refused',
      reason: 'linkedin_session_invalid',
    });
    const asked = await sandboxLogin({ login: { method: 'credentials', email: 'x+2fa@member.test', password: 'fine-password' }, proxy, now: at });
    assert.equal(asked.kind, 'challenge');
    if (asked.kind !== 'challenge') return;
    assert.deepEqual([asked.challenge, asked.method, asked.expiresAt.getTime()], ['two_factor_code', 'sms', at.getTime() + SANDBOX_CODE_TTL_MS]);
    const code = asked.sandboxCode!;
    const late = new Date(at.getTime() + SANDBOX_CODE_TTL_MS);
    assert.deepEqual(await sandboxSubmitCode({ state: asked.state, code, proxy, now: late }), { kind: 'code_expired' });
    const byApp = await sandboxResendCode({ state: asked.state, method: 'authenticator_app', now: late });
    assert.equal(byApp.method, 'authenticator_app');
    assert.deepEqual(await sandboxSubmitCode({ state: byApp.state, code: code === byApp.sandboxCode ? '000000' : code, proxy, now: late }), { kind: 'code_invalid' });
    const done = await sandboxSubmitCode({ state: byApp.state, code: byApp.sandboxCode!, proxy, now: late });
    assert.equal(done.kind, 'connected');
    if (done.kind === 'connected') assert.deepEqual(done.member, sandboxMemberOf('email:x+2fa@member.test'));
  });

  it('tries a custom proxy with a real connection and refuses private addresses unless allowed', async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const custom = { kind: 'custom' as const, host: '127.0.0.1', port, username: '', password: '' };
      const options = { allowPrivate: ['127.0.0.1/32'], dnsServers: [], timeoutMs: 2_000 };
      assert.equal(await testProxyReachable(custom, options), true);
      assert.equal(await testProxyReachable(custom, { ...options, allowPrivate: [] }), false);
      assert.equal(await testProxyReachable({ kind: 'builtin', countryId: 840 }), true);
      assert.equal(await testProxyReachable({ kind: 'builtin', countryId: 4 }), false);
    } finally {
      server.close();
    }
    const { port: closed } = await new Promise<net.AddressInfo>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address() as net.AddressInfo;
        probe.close(() => resolve(address));
      });
    });
    assert.equal(await testProxyReachable({ kind: 'custom', host: '127.0.0.1', port: closed, username: '', password: '' }, { allowPrivate: ['127.0.0.1/32'], dnsServers: [], timeoutMs: 2_000 }), false);
  });
});
