import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../test-support/test-app';
import { handshakeOutcome } from './test-fixtures/clients';

const handshake = (url: string, transport: 'websocket' | 'polling', headers: Record<string, string>) => {
  const { cookie, ...rest } = headers;
  return handshakeOutcome(url, cookie, { transport, headers: rest });
};

describe('realtime handshake origin', () => {
  let t: TestApp;
  let cookie = '';
  before(async () => {
    t = await startTestApp({ jobs: false, env: { PUBLIC_URL: 'https://app.leadforge.test' } });
    const client = t.client();
    await client.register({ email: uniqueEmail('socket'), password: STRONG_PASSWORD });
    cookie = client.cookieHeader();
  });
  after(() => t?.close());

  for (const transport of ['websocket', 'polling'] as const) {
    it(`refuses a socket opened by a foreign page and accepts our own origin (${transport})`, async () => {
      assert.notEqual(await handshake(t.url, transport, { cookie, origin: 'https://evil.example' }), 'connected');
      assert.notEqual(await handshake(t.url, transport, { cookie, origin: 'null' }), 'connected');
      assert.equal(await handshake(t.url, transport, { cookie, origin: t.url }), 'connected');
      assert.equal(await handshake(t.url, transport, { cookie, origin: 'https://app.leadforge.test' }), 'connected');
      // A non-browser client sends no Origin; like the CSRF check, that alone is not foreign.
      assert.equal(await handshake(t.url, transport, { cookie }), 'connected');
    });
  }

  it('names only our own socket origin in the CSP, never any ws:/wss: host', async () => {
    const response = await t.client().get('/user-info');
    const connect = /connect-src ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    const sources = connect.trim().split(/\s+/);
    assert.ok(sources.includes("'self'"));
    assert.ok(sources.includes('wss://app.leadforge.test'), connect);
    assert.ok(!sources.includes('ws:') && !sources.includes('wss:'), connect);
  });
});
