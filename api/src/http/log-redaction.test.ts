import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../test-support/test-app';
import { REDACTED, redactUrl } from './log-redaction';

describe('request log redaction', () => {
  let t: TestApp;
  const lines: string[] = [];

  before(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startTestApp({ logger: { level: 'info', stream }, env: { IDENTITY_SANDBOX: 'true' } });
  });
  after(() => t?.close());

  it('writes no reset token, join code, clear-email key or OAuth code/state of a request to the log', async () => {
    const secrets = {
      reset: 'ResetTok3nThatMustNotLeak0123456789abcdef',
      join: 'JoinCodeMustNotLeak77',
      clear: 'ClearKeyMustNotLeak55',
      oauthCode: 'OAuthCodeMustNotLeak99',
      oauthState: 'OAuthStateMustNotLeak11',
      link: 'IdentityLinkMustNotLeak3333333333333',
    };
    const browser = { headers: { accept: 'text/html' } };
    await t.client().get(`/forgot/reset?token=${secrets.reset}`, browser);
    await t.client().get(`/team/check-code/${secrets.join}`, browser);
    await t.client().get(`/clear-email/${secrets.clear}`, browser);
    await t.client().get(`/back/clear-email/${secrets.clear}`);
    await t.client().get(`/auth/google/callback?code=${secrets.oauthCode}&state=${secrets.oauthState}`);
    await t.client().get(`/login?identity-link=${secrets.link}`, browser);
    const client = t.client();
    await client.register({ email: uniqueEmail('log'), password: STRONG_PASSWORD });

    const log = lines.join('');
    // The requests were logged (with their paths), only the secrets are gone.
    assert.match(log, /"url":"\/team\/check-code\/\[redacted\]"/);
    assert.match(log, /"url":"\/forgot\/reset\?token=\[redacted\]"/);
    assert.match(log, /"url":"\/auth\/google\/callback\?code=\[redacted\]&state=\[redacted\]"/);
    for (const [name, secret] of Object.entries(secrets)) assert.ok(!log.includes(secret), `${name} leaked into the log`);
    assert.ok(!log.includes(STRONG_PASSWORD));
  });

  it('redacts secret-named query parameters and keeps the harmless ones', () => {
    assert.equal(redactUrl('/prospects/lists?id=4&page=2'), '/prospects/lists?id=4&page=2');
    assert.equal(redactUrl('/x?api_key=abc&Password=p&page=1'), `/x?api_key=${REDACTED}&Password=${REDACTED}&page=1`);
    assert.equal(redactUrl('/clear-email/prepare'), '/clear-email/prepare');
    assert.equal(redactUrl('/clear-email/k3y?x=1'), `/clear-email/${REDACTED}?x=1`);
    assert.equal(redactUrl('/x?%74oken=abc'), `/x?%74oken=${REDACTED}`);
  });
});
