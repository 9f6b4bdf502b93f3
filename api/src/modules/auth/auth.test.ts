import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_SIGNUP_CREDITS, userInfoSchema } from '@leadforge/contracts';
import * as OTPAuth from 'otpauth';
import { mailText, startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { TestClient } from '../../test-support/test-client';
import { DomainError } from '../../http/domain-error';
import { DatabaseAttemptStore, RateLimiter } from './rate-limiter';
import { eq } from 'drizzle-orm';
import { identityLinks } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

/** Walks the sandbox provider's consent page as a browser would; answers the callback's response. */
async function sandboxSignIn(t: TestApp, client: TestClient, email: string, name = 'Sandbox User') {
  const start = await client.get('/auth/google', { headers: { accept: 'text/html' } });
  assert.equal(start.status, 302);
  const consent = new URL(start.headers.get('location')!, t.url);
  assert.equal(consent.pathname, '/auth/google/sandbox');
  const page = await client.get(`${consent.pathname}${consent.search}`, { headers: { accept: 'text/html' } });
  assert.match(page.text, /<form/);
  assert.match(page.text, /offline sandbox for development/);
  const approve = await client.get('/auth/google/sandbox/approve', { query: { state: consent.searchParams.get('state')!, email, name } });
  assert.equal(approve.status, 302);
  const callback = new URL(approve.headers.get('location')!, t.url);
  return client.get(`${callback.pathname}${callback.search}`);
}

/** POST /auth/login from a chosen loopback address (the API sees the socket's peer, never a header). */
function loginFrom(localAddress: string, client: TestClient, email: string, password: string, extraHeaders: Record<string, string> = {}) {
  return client.csrfToken().then(
    (csrf) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const payload = JSON.stringify({ email, password });
        const request = http.request(
          `${client.baseUrl}/auth/login`,
          {
            method: 'POST',
            localAddress,
            headers: {
              accept: 'application/json',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              'x-csrf-token': csrf,
              cookie: client.cookieHeader(),
              ...extraHeaders,
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        request.on('error', reject);
        request.end(payload);
      }),
  );
}

const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });

describe('accounts and security', () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      env: { ...smtp.env, IDENTITY_SANDBOX: 'true' },
      rateLimits: {
        login: { limit: 3, ipLimit: 1000, windowMs: 60_000 },
        twoFactor: { limit: 5, ipLimit: 1000, windowMs: 60_000 },
        forgot: { limit: 5, ipLimit: 1000, windowMs: 60_000 },
        register: { limit: 1000, ipLimit: 1000, windowMs: 60_000 },
      },
    });
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('registers on a 14-day trial, signs in, and refuses a second account on the same address', async () => {
    const client = t.client();
    const email = uniqueEmail('reg');
    const info = userInfoSchema.parse(await client.register({ email, password: STRONG_PASSWORD, name: 'Reg User' }));
    assert.ok(info.userHashId);
    assert.equal(info.email, email);
    assert.equal(info.pricingPlan?.name, 'TRIAL');
    assert.equal(info.pricingPlan?.willExpireDays, 14);
    // Sign-up is onboarding step 1, rewarded automatically, on top of the sign-up credits.
    assert.deepEqual(info.gamification?.userEvents.map((event) => event.step), [1]);
    assert.equal(info.gamification?.userBalance, DEFAULT_SIGNUP_CREDITS + 10);
    const cookie = client.cookies.get('lf_session');
    assert.ok(cookie && cookie.length >= 40);

    const again = await t.client().post('/auth/register', { name: 'X', email: email.toUpperCase(), password: STRONG_PASSWORD });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors[0].key, 'email_taken');

    const weak = await t.client().post('/auth/register', { name: 'W', email: uniqueEmail('weak'), password: 'password123' });
    assert.equal(weak.status, 422);
    assert.equal(weak.body.errors[0].key, 'weak_password');
  });

  it('logs in with a new session token each time and refuses a wrong password', async () => {
    const email = uniqueEmail('login');
    const first = t.client();
    await first.register({ email, password: STRONG_PASSWORD });
    const tokenAtRegister = first.cookies.get('lf_session');

    const wrong = await t.client().post('/auth/login', { email, password: 'not-the-password' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.errors[0].key, 'invalid_credentials');
    assert.ok(wrong.body.errors[0].title.length > 0);

    const second = t.client();
    const ok = await second.post('/auth/login', { email, password: STRONG_PASSWORD });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.email, email);
    assert.notEqual(second.cookies.get('lf_session'), tokenAtRegister);
    assert.match(ok.headers.getSetCookie().join('\n'), /lf_session=[^;]+;.*HttpOnly.*SameSite=Lax/i);

    const sessions = await second.get('/auth/sessions');
    assert.equal(sessions.status, 200);
    assert.equal(sessions.body.sessions.length, 2);
    assert.equal(sessions.body.sessions.filter((session: { current: boolean }) => session.current).length, 1);
  });

  it('rate-limits failed logins per account with retryAfter, even for the right password', async () => {
    const email = uniqueEmail('limited');
    await t.client().register({ email, password: STRONG_PASSWORD });
    const client = t.client();
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await client.post('/auth/login', { email, password: `wrong-${i}` })).status, 401);
    }
    const blocked = await client.post('/auth/login', { email, password: STRONG_PASSWORD });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.errors[0].key, 'rate_limited');
    assert.ok(blocked.body.retryAfter > 0 && blocked.body.retryAfter <= 60);
    assert.equal(blocked.headers.get('retry-after'), String(blocked.body.retryAfter));
  });

  it('counts attempts per IP too, across different accounts', async () => {
    const rule = { limit: 100, ipLimit: 2, windowMs: 60_000 };
    const limiter = new RateLimiter(new DatabaseAttemptStore(t.database.db), { login: rule, twoFactor: rule, forgot: rule, register: rule });
    const ip = `ip:198.51.100.${Math.floor(Math.random() * 200)}`;
    await limiter.hit('login', ['acct:a@x.test', ip]);
    await limiter.hit('login', ['acct:b@x.test', ip]);
    await assert.rejects(limiter.assertAllowed('login', ['acct:c@x.test', ip]), (error: unknown) => {
      assert.ok(error instanceof DomainError);
      assert.equal(error.items[0]?.key, 'rate_limited');
      assert.ok((error.retryAfter ?? 0) > 0);
      return true;
    });
    await limiter.assertAllowed('login', ['acct:c@x.test', 'ip:203.0.113.1']);
  });

  it('locks out only the address that guessed: the right password from another IP still signs in', async () => {
    const email = uniqueEmail('pair');
    await t.client().register({ email, password: STRONG_PASSWORD });
    const guesser = t.client();
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await loginFrom('127.0.0.2', guesser, email, `wrong-${i}`)).status, 401);
    }
    const locked = await loginFrom('127.0.0.2', guesser, email, STRONG_PASSWORD);
    assert.equal(locked.status, 429);
    assert.equal(locked.body.errors[0].key, 'rate_limited');
    const owner = t.client();
    const fine = await loginFrom('127.0.0.3', owner, email, STRONG_PASSWORD);
    assert.equal(fine.status, 200);
    assert.equal(fine.body.email, email);
  });

  it('refuses a state change without the CSRF header or from another site', async () => {
    const client = t.client();
    await client.get('/user-info');
    const missing = await client.post('/change-language', { lang: 'es' }, { noCsrf: true });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.errors[0].key, 'csrf_invalid');
    const wrong = await client.post('/change-language', { lang: 'es' }, { headers: { 'x-csrf-token': 'forged' } });
    assert.equal(wrong.status, 403);
    const crossSite = await client.post('/change-language', { lang: 'es' }, { headers: { origin: 'https://evil.example' } });
    assert.equal(crossSite.status, 403);
    const fine = await client.post('/change-language', { lang: 'es' });
    assert.equal(fine.status, 200);
    assert.equal(client.cookies.get('lf_lang'), 'es');
    // The error texts follow the chosen language from now on.
    const spanish = await client.post('/change-language', { lang: 'es' }, { noCsrf: true });
    assert.equal(spanish.body.errors[0].key, 'csrf_invalid');
  });

  it('answers user-info for anonymous, revoked and 2FA-pending sessions as interfaces.md says', async () => {
    const anonymous = await t.client().get('/user-info');
    assert.equal(anonymous.status, 200);
    assert.equal(anonymous.body.userHashId, null);
    assert.equal(anonymous.body.account, null);
    assert.equal(anonymous.body.twoFactorAuth.isNeedAuth, false);
    userInfoSchema.parse(anonymous.body);

    const email = uniqueEmail('revoke');
    const a = t.client();
    await a.register({ email, password: STRONG_PASSWORD });
    const b = t.client();
    await b.post('/auth/login', { email, password: STRONG_PASSWORD });
    const signedOut = await b.post('/auth/sessions/sign-out-others');
    assert.equal(signedOut.body.signedOut, 1);
    const revoked = await a.get('/user-info');
    assert.equal(revoked.status, 401);
    assert.equal(revoked.body.errors[0].key, 'session_expired');
    // The dead cookie was cleared: the reload that follows starts anonymous.
    const reload = await a.get('/user-info');
    assert.equal(reload.status, 200);
    assert.equal(reload.body.userHashId, null);
    assert.equal((await b.get('/user-info')).body.email, email);

    // A forged cookie counts as an expired session, never as a user.
    const forged = new TestClient(t.url);
    forged.cookies.set('lf_session', 'x'.repeat(43));
    assert.equal((await forged.get('/user-info')).status, 401);
  });

  it('expires a session after the idle timeout', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('idle'), password: STRONG_PASSWORD });
    await t.database.db.execute(
      // Three hours without activity: beyond contracts SESSION.idleTimeoutMs (2 h).
      (await import('drizzle-orm')).sql`update sessions set last_seen_at = now() - interval '3 hours'`,
    );
    const response = await client.get('/team-info');
    assert.equal(response.status, 401);
    assert.equal(response.body.errors[0].key, 'session_expired');
  });

  it('enables TOTP 2FA, requires it at login, refuses a reused code and accepts a recovery code once', async () => {
    const email = uniqueEmail('totp');
    const owner = t.client();
    await owner.register({ email, password: STRONG_PASSWORD });
    const setup = await owner.post('/auth/2fa/setup');
    assert.equal(setup.status, 200);
    assert.match(setup.body.otpauthUrl, /^otpauth:\/\/totp\//);
    assert.match(setup.body.qrDataUrl, /^data:image\/png;base64,/);
    const totp = totpOf(setup.body.secret);

    const badEnable = await owner.post('/auth/2fa/enable', { code: '000000' === totp.generate() ? '111111' : '000000' });
    assert.equal(badEnable.body.errors[0].key, 'two_factor_invalid_code');
    const enableCode = totp.generate();
    const enabled = await owner.post('/auth/2fa/enable', { code: enableCode });
    assert.equal(enabled.status, 200);
    assert.equal(enabled.body.recoveryCodes.length, 10);

    const pending = t.client();
    const login = await pending.post('/auth/login', { email, password: STRONG_PASSWORD });
    assert.equal(login.status, 200);
    assert.equal(login.body.twoFactorAuth.isNeedAuth, true);
    assert.equal(login.body.userHashId, null);
    const info = await pending.get('/user-info');
    assert.equal(info.body.twoFactorAuth.isNeedAuth, true);
    assert.equal((await pending.get('/team-info')).status, 401);

    // The code that enabled 2FA was used already.
    const reused = await pending.post('/auth/2fa/verify', { code: enableCode });
    assert.equal(reused.body.errors[0].key, 'two_factor_code_used');
    const nextCode = totp.generate({ timestamp: Date.now() + 30_000 });
    const verified = await pending.post('/auth/2fa/verify', { code: nextCode });
    assert.equal(verified.status, 200);
    assert.ok(verified.body.userHashId);
    assert.equal((await pending.get('/team-info')).status, 200);

    const other = t.client();
    await other.post('/auth/login', { email, password: STRONG_PASSWORD });
    assert.equal((await other.post('/auth/2fa/verify', { code: nextCode })).body.errors[0].key, 'two_factor_code_used');
    const recovery = enabled.body.recoveryCodes[0] as string;
    assert.equal((await other.post('/auth/2fa/verify', { code: recovery })).status, 200);

    const third = t.client();
    await third.post('/auth/login', { email, password: STRONG_PASSWORD });
    assert.equal((await third.post('/auth/2fa/verify', { code: recovery })).body.errors[0].key, 'two_factor_code_used');

    const disable = await owner.post('/auth/2fa/disable', { password: 'wrong-password' });
    assert.equal(disable.status, 422);
    assert.equal((await owner.post('/auth/2fa/disable', { password: STRONG_PASSWORD })).status, 200);
    const plain = t.client();
    assert.equal((await plain.post('/auth/login', { email, password: STRONG_PASSWORD })).body.twoFactorAuth.isNeedAuth, false);
  });

  it('mails a single-use reset link; resetting signs out every session', async () => {
    const email = uniqueEmail('forgot');
    const user = t.client();
    await user.register({ email, password: STRONG_PASSWORD });

    const unknown = await t.client().post('/auth/forgot', { email: uniqueEmail('nobody') });
    const known = await t.client().post('/auth/forgot', { email });
    assert.equal(unknown.status, 200);
    assert.deepEqual(known.body, unknown.body);

    const mail = await smtp.waitFor((message) => message.to.includes(email) && /forgot\/reset/.test(mailText(message)));
    const token = /forgot\/reset\?token=([A-Za-z0-9_%-]+)/.exec(mailText(mail))?.[1];
    assert.ok(token);
    assert.ok(!smtp.messages.some((message) => message.to.some((to) => to.startsWith('nobody'))));

    const newPassword = 'Another-Long-Secret-42';
    const reset = await t.client().post('/auth/reset', { token: decodeURIComponent(token), password: newPassword });
    assert.equal(reset.status, 200);
    const again = await t.client().post('/auth/reset', { token: decodeURIComponent(token), password: 'Third-Long-Secret-77' });
    assert.equal(again.body.errors[0].key, 'reset_token_invalid');

    assert.equal((await user.get('/user-info')).status, 401);
    assert.equal((await t.client().post('/auth/login', { email, password: STRONG_PASSWORD })).status, 401);
    assert.equal((await t.client().post('/auth/login', { email, password: newPassword })).status, 200);
  });

  it('changes the password: the current session stays, the others end', async () => {
    const email = uniqueEmail('change');
    const current = t.client();
    await current.register({ email, password: STRONG_PASSWORD });
    const other = t.client();
    await other.post('/auth/login', { email, password: STRONG_PASSWORD });

    const wrong = await current.post('/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'Brand-New-Secret-11' });
    assert.equal(wrong.status, 422);
    assert.equal(wrong.body.errors[0].key, 'invalid_credentials');
    const ok = await current.post('/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Secret-11' });
    assert.equal(ok.status, 200);
    assert.equal((await current.get('/user-info')).body.email, email);
    assert.equal((await other.get('/user-info')).status, 401);
  });

  it('logs out with a redirect to /home and forgets the session', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('logout'), password: STRONG_PASSWORD });
    const response = await client.get('/logout');
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/home');
    assert.equal(client.cookies.get('lf_session'), undefined);
    assert.equal((await client.get('/user-info')).body.userHashId, null);
  });

  it('signs in with the sandbox Google provider and asks a new account to complete registration', async () => {
    assert.deepEqual((await t.client().get('/auth/sign-in-options')).body, { google: 'sandbox' });
    const client = t.client();
    const email = uniqueEmail('google');
    const done = await sandboxSignIn(t, client, email, 'Goo Gle');
    assert.equal(done.status, 302);
    assert.equal(done.headers.get('location'), '/?redirect=complete-user-registration');
    const info = await client.get('/user-info');
    assert.equal(info.body.redirect, 'complete-user-registration');
    assert.equal(info.body.email, email);
    const completed = await client.put('/account/profile', { name: 'Grace Google' });
    assert.equal(completed.body.redirect, null);
    assert.equal(completed.body.name, 'Grace Google');

    // A callback with a state that is not ours is refused.
    const forged = await t.client().get('/auth/google/callback', { query: { code: 'abc', state: 'forged-state' } });
    assert.equal(forged.status, 302);
    assert.equal(forged.headers.get('location'), '/login?error=google_login_unavailable');
  });

  it('never signs in to an existing password account on the sandbox’s word: only the mailed link links it', async () => {
    const email = uniqueEmail('victim');
    const owner = t.client();
    await owner.register({ email, password: STRONG_PASSWORD, name: 'Vic Tim' });

    const attacker = t.client();
    const refused = await sandboxSignIn(t, attacker, email, 'Mallory');
    assert.equal(refused.status, 302);
    assert.equal(refused.headers.get('location'), '/login?error=identity_link_required');
    assert.equal(attacker.cookies.get('lf_session'), undefined);
    assert.equal((await attacker.get('/user-info')).body.userHashId, null);
    assert.equal((await attacker.get('/team-info')).status, 401);

    // The owner's mailbox got the single-use link; opening it links the identity and signs in.
    const mail = await smtp.waitFor((message) => message.to.includes(email) && mailText(message).includes('identity-link='));
    const token = decodeURIComponent(/identity-link=([A-Za-z0-9_%-]+)/.exec(mailText(mail))![1]!);
    const bogus = await t.client().post('/auth/identity-link', { token: 'x'.repeat(43) });
    assert.equal(bogus.status, 422);
    assert.equal(bogus.body.errors[0].key, 'identity_link_invalid');
    const confirmer = t.client();
    const linked = await confirmer.post('/auth/identity-link', { token });
    assert.equal(linked.status, 200);
    assert.equal(linked.body.email, email);
    assert.ok(confirmer.cookies.get('lf_session'));
    const again = await t.client().post('/auth/identity-link', { token });
    assert.equal(again.body.errors[0].key, 'identity_link_invalid');

    // Once linked, the identity signs in to that account directly.
    const later = t.client();
    const done = await sandboxSignIn(t, later, email);
    assert.equal(done.headers.get('location'), '/home');
    assert.equal((await later.get('/user-info')).body.email, email);
  });

  it('refuses an expired identity link', async () => {
    const email = uniqueEmail('expired-link');
    await t.client().register({ email, password: STRONG_PASSWORD });
    await sandboxSignIn(t, t.client(), email);
    const mail = await smtp.waitFor((message) => message.to.includes(email) && mailText(message).includes('identity-link='));
    const token = decodeURIComponent(/identity-link=([A-Za-z0-9_%-]+)/.exec(mailText(mail))![1]!);
    await t.database.db.update(identityLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(identityLinks.tokenHash, sha256(token)));
    const expired = await t.client().post('/auth/identity-link', { token });
    assert.equal(expired.body.errors[0].key, 'identity_link_invalid');
  });
});

describe('Google sign-in without configuration', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t?.close());

  it('is unavailable by default: no sandbox consent page, the start call answers google_login_unavailable', async () => {
    assert.deepEqual((await t.client().get('/auth/sign-in-options')).body, { google: 'off' });
    const api = await t.client().get('/auth/google');
    assert.equal(api.status, 422);
    assert.equal(api.body.errors[0].key, 'google_login_unavailable');
    const browser = await t.client().get('/auth/google', { headers: { accept: 'text/html' } });
    assert.equal(browser.status, 302);
    assert.equal(browser.headers.get('location'), '/login?error=google_login_unavailable');
    for (const path of ['/auth/google/sandbox?state=abc', '/auth/google/sandbox/approve?state=abc&email=a%40example.test']) {
      const page = await t.client().get(path, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 404, path);
      assert.doesNotMatch(page.text, /<form/);
    }
    const callback = await t.client().get('/auth/google/callback', { query: { code: 'abc', state: 'abc' } });
    assert.equal(callback.headers.get('location'), '/login?error=google_login_unavailable');
  });
});

describe('client addresses behind a reverse proxy', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  after(() => t?.close());

  it('reads X-Forwarded-For only from a proxy TRUST_PROXY names', async () => {
    const email = uniqueEmail('proxied');
    const owner = t.client();
    await owner.register({ email, password: STRONG_PASSWORD });
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    assert.equal((await loginFrom('127.0.0.1', t.client(), email, STRONG_PASSWORD, forwarded)).status, 200);
    assert.equal((await loginFrom('127.0.0.2', t.client(), email, STRONG_PASSWORD, forwarded)).status, 200);
    const sessions = (await owner.get('/auth/sessions')).body.sessions as { ip: string | null; current: boolean }[];
    const others = sessions.filter((session) => !session.current);
    assert.deepEqual(others.map((session) => session.ip).sort(), ['127.0.0.2', '203.0.113.7'], 'a client that is no proxy cannot claim another address');
  });
});
