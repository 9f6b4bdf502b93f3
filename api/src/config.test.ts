import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SIGNUP_CREDITS } from '@leadforge/contracts';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.embeddedWorkers, true);
    assert.equal(config.environmentName, 'local');
    assert.match(config.webRoot, /host[\\/]dist$/);
    assert.equal(config.smtp, undefined);
    assert.equal(config.signupCredits, DEFAULT_SIGNUP_CREDITS);
    assert.equal(loadConfig({ SIGNUP_CREDITS: '5000' }).signupCredits, 5000);
  });

  it('keeps the offline identity sandbox off unless IDENTITY_SANDBOX turns it on, and never beside Google', () => {
    assert.equal(loadConfig({}).identitySandbox, false);
    assert.equal(loadConfig({ IDENTITY_SANDBOX: 'true' }).identitySandbox, true);
    assert.equal(loadConfig({ IDENTITY_SANDBOX: 'true', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).identitySandbox, false);
    assert.throws(() => loadConfig({ IDENTITY_SANDBOX: 'maybe' }), /IDENTITY_SANDBOX/);
  });

  it('names the bad variable in a clear start-up error', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), (error: unknown) => error instanceof ConfigError && /PORT="eighty"/.test(error.message));
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
    assert.throws(() => loadConfig({ SMTP_USER: 'u' }), /SMTP_PASS|SMTP_HOST/);
    assert.throws(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' }), /GOOGLE_CLIENT_SECRET/);
    assert.throws(() => loadConfig({ LEADFORGE_ENV: '../etc' }), /LEADFORGE_ENV/);
    assert.throws(() => loadConfig({ SIGNUP_CREDITS: '-1' }), /SIGNUP_CREDITS/);
    assert.throws(() => loadConfig({ VERIFY_ALLOW_PRIVATE: '10.0.0.1' }), /VERIFY_ALLOW_PRIVATE/);
  });

  it('reads the email-account keys, OAuth providers and private-range exceptions, and refuses malformed ones', () => {
    const defaults = loadConfig({}).emailAccounts;
    assert.deepEqual(defaults, { secretKey: undefined, oldSecretKeys: [], oauthSandbox: false, google: undefined, microsoft: undefined, allowPrivate: [] });
    const key = Buffer.alloc(32, 7).toString('base64');
    const old = Buffer.alloc(32, 9).toString('base64url');
    const config = loadConfig({
      MAIL_SECRET_KEY: key,
      MAIL_SECRET_KEYS_OLD: `${old}, ${key}`,
      MAIL_OAUTH_SANDBOX: 'true',
      MAIL_ALLOW_PRIVATE: '127.0.0.0/8',
      MICROSOFT_CLIENT_ID: 'app',
      MICROSOFT_CLIENT_SECRET: 'secret',
    }).emailAccounts;
    assert.equal(config.secretKey, key);
    assert.deepEqual(config.oldSecretKeys, [old, key]);
    assert.equal(config.oauthSandbox, true);
    assert.deepEqual(config.microsoft, { clientId: 'app', clientSecret: 'secret', tenant: 'common' });
    assert.deepEqual(config.allowPrivate, ['127.0.0.0/8']);
    assert.deepEqual(loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }).emailAccounts.google, { clientId: 'g', clientSecret: 's' });
    // The key itself never appears in the start-up error.
    assert.throws(
      () => loadConfig({ MAIL_SECRET_KEY: 'too-short-key' }),
      (error: unknown) => error instanceof ConfigError && /MAIL_SECRET_KEY: must be 32 bytes/.test(error.message),
    );
    assert.throws(() => loadConfig({ MAIL_SECRET_KEYS_OLD: `${key},bad` }), /MAIL_SECRET_KEYS_OLD: entry 2/);
    assert.throws(() => loadConfig({ MAIL_ALLOW_PRIVATE: '10.0.0.1' }), /MAIL_ALLOW_PRIVATE/);
    assert.throws(() => loadConfig({ MICROSOFT_CLIENT_ID: 'app' }), /MICROSOFT_CLIENT_SECRET/);
    assert.throws(() => loadConfig({ MAIL_OAUTH_SANDBOX: 'maybe' }), /MAIL_OAUTH_SANDBOX/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    assert.deepEqual(loadConfig({}).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy, ['127.0.0.1', '10.0.0.0/8']);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'proxy.local' }), /TRUST_PROXY/);
  });

  it('takes a Message-ID secret of at least 32 bytes, or none (derived from the credential key)', () => {
    assert.equal(loadConfig({}).mailMessageIdSecret, undefined);
    const secret = Buffer.alloc(32, 5).toString('base64');
    assert.equal(loadConfig({ MAIL_MESSAGE_ID_SECRET: secret }).mailMessageIdSecret, secret);
    assert.throws(
      () => loadConfig({ MAIL_MESSAGE_ID_SECRET: 'short-secret' }),
      (error: unknown) => error instanceof ConfigError && /MAIL_MESSAGE_ID_SECRET: must be at least 32 bytes/.test(error.message) && !error.message.includes('short-secret'),
    );
  });

  it('reads the LinkedIn accounts’ sandbox session length and proxy private-range exceptions, and refuses malformed ones', () => {
    assert.deepEqual(loadConfig({}).socialAccounts, { sandboxSessionDays: 30, proxyAllowPrivate: [] });
    assert.deepEqual(loadConfig({ SOCIAL_SANDBOX_SESSION_DAYS: '7', SOCIAL_PROXY_ALLOW_PRIVATE: '127.0.0.1/32, 10.0.0.0/8' }).socialAccounts, {
      sandboxSessionDays: 7,
      proxyAllowPrivate: ['127.0.0.1/32', '10.0.0.0/8'],
    });
    assert.throws(() => loadConfig({ SOCIAL_SANDBOX_SESSION_DAYS: '0' }), /SOCIAL_SANDBOX_SESSION_DAYS/);
    assert.throws(() => loadConfig({ SOCIAL_PROXY_ALLOW_PRIVATE: 'proxy.local' }), /SOCIAL_PROXY_ALLOW_PRIVATE/);
  });

  it('reads how the sandbox network’s people answer, and refuses rates and hour ranges that make no sense', () => {
    assert.deepEqual(loadConfig({}).socialSandboxNetwork, { acceptRate: 0.6, acceptHours: { min: 1, max: 48 }, replyRate: 0.3, replyHours: { min: 1, max: 24 } });
    assert.deepEqual(
      loadConfig({ SOCIAL_SANDBOX_ACCEPT_RATE: '1', SOCIAL_SANDBOX_ACCEPT_HOURS: '0.5-2', SOCIAL_SANDBOX_REPLY_RATE: '0', SOCIAL_SANDBOX_REPLY_HOURS: '3-3' }).socialSandboxNetwork,
      { acceptRate: 1, acceptHours: { min: 0.5, max: 2 }, replyRate: 0, replyHours: { min: 3, max: 3 } },
    );
    assert.throws(() => loadConfig({ SOCIAL_SANDBOX_ACCEPT_RATE: '1.5' }), /SOCIAL_SANDBOX_ACCEPT_RATE/);
    assert.throws(() => loadConfig({ SOCIAL_SANDBOX_ACCEPT_HOURS: 'soon' }), /SOCIAL_SANDBOX_ACCEPT_HOURS/);
    assert.throws(() => loadConfig({ SOCIAL_SANDBOX_REPLY_HOURS: '48-1' }), /SOCIAL_SANDBOX_REPLY_HOURS/);
  });

  it('takes a fast campaign clock on test servers (NODE_ENV=production included) and refuses it in the production environment', () => {
    assert.equal(loadConfig({}).campaignTimeScale, 1);
    assert.equal(loadConfig({ CAMPAIGN_TIME_SCALE: '1440', NODE_ENV: 'production' }).campaignTimeScale, 1440);
    assert.throws(() => loadConfig({ CAMPAIGN_TIME_SCALE: '1440', LEADFORGE_ENV: 'production' }), /CAMPAIGN_TIME_SCALE/);
    assert.equal(loadConfig({ CAMPAIGN_TIME_SCALE: '1', LEADFORGE_ENV: 'production' }).campaignTimeScale, 1);
  });

  it('switches to external services and separate workers with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', SMTP_HOST: 'mail.example', SMTP_PORT: '2525' });
    assert.equal(config.embeddedWorkers, false);
    assert.deepEqual(config.smtp, { host: 'mail.example', port: 2525, user: undefined, pass: undefined, secure: false });
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db', EMBEDDED_WORKERS: 'true' }).embeddedWorkers, true);
  });
});
