/**
 * The linkedin-accounts calls over real HTTP on the sandbox network: connecting by session cookie
 * and by e-mail + password with verification and two-factor codes, proxies (a real TCP server on
 * loopback and a closed port), settings and limits, warm-up, deletion, the session check job and
 * its push, the real network's boundary, logs, and another account's ids.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { LINKEDIN_DAILY_LIMITS, type PushEvent } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { linkedinAccounts, linkedinActions, linkedinDailyUsage, linkedinInvitations } from '../../db/schema/social';
import { connectClient } from '../../realtime/test-fixtures/clients';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { openChallenge, openSecret, sealChallenge } from './credentials';
import { linkedinLocalDay } from './limits';
import { LINKEDIN_SESSION_CHECK_JOB } from './session-check';

const BASE = '/pipelines/api/linkedin-accounts';
const GERMANY = 276;

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A TCP server standing in for a proxy: it accepts connections (what the proxy check tries). */
async function listeningProxy(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const cookieLogin = (sessionCookie: string) => ({ method: 'cookie', sessionCookie });
const passwordLogin = (email: string, password = 'Member-Password-4') => ({ method: 'credentials', email, password });
const builtin = (countryId = GERMANY) => ({ kind: 'builtin', countryId });

const errorsOf = (body: { errors: { key: string; field?: string }[] }) => body.errors.map((error) => [error.key, error.field]);

describe('linkedin accounts', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof listeningProxy>>;
  let deadPort: number;

  async function signedIn(label: string, plan = 'XS') {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name` });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.update(subscriptions).set({ planName: plan, endsAt: null }).where(eq(subscriptions.accountId, user!.accountId));
    return { client, user: user! };
  }

  function connect(client: TestClient, login: object, extra: object = {}) {
    return client.post(BASE, { login, proxy: builtin(), timezone: 'Europe/Berlin', ...extra });
  }

  async function rowOf(id: number) {
    const [row] = await t.database.db.select().from(linkedinAccounts).where(eq(linkedinAccounts.id, id));
    return row!;
  }

  const cipher = () => t.app.services.linkedinAccounts.cipher;

  before(async () => {
    proxy = await listeningProxy();
    deadPort = await closedPort();
    t = await startTestApp({ env: { SOCIAL_PROXY_ALLOW_PRIVATE: '127.0.0.1/32' } });
  });

  after(async () => {
    await t?.close();
    await proxy?.close();
  });

  describe('connecting', () => {
    it('connects by session cookie through a built-in proxy, active at once, and refuses the same member twice', async () => {
      const { client } = await signedIn('cookie');
      const cookie = 'AQEDARcookie-of-ada-0001';
      const created = await connect(client, cookieLogin(cookie));
      assert.equal(created.status, 200, created.text);
      const account = created.body.account;
      assert.equal(account.state, 'active');
      assert.equal(account.provider, 'sandbox');
      assert.equal(account.stateReason, null);
      assert.match(account.profileName, /^[A-Z][a-z]+ [A-Z][a-z]+$/);
      assert.match(account.profileUrl, /^https:\/\/www\.linkedin\.com\/in\//);
      assert.equal(account.name, account.profileName);
      assert.deepEqual(account.proxy, { kind: 'builtin', countryId: GERMANY, countryName: 'Germany' });
      assert.deepEqual(account.limits, Object.fromEntries(Object.entries(LINKEDIN_DAILY_LIMITS).map(([action, limit]) => [action, limit.default])));
      assert.deepEqual(account.effectiveLimits, account.limits);
      assert.deepEqual(Object.values(account.doneToday), [0, 0, 0, 0, 0, 0]);
      assert.equal(account.connectLimit, 100);
      assert.deepEqual([account.pendingInvitations, account.warmUp, account.warmUpDay, account.sandboxCode], [0, false, null, undefined]);
      assert.ok(!created.text.includes(cookie), 'the cookie came back');

      // The same cookie is the same member: stored once per account.
      const again = await connect(client, cookieLogin(cookie));
      assert.equal(again.status, 409);
      assert.equal(again.body.errors[0].key, 'linkedin_account_exists');
      const list = await client.get(`${BASE}/all`);
      assert.deepEqual([list.body.items.length, list.body.provider, list.body.slots], [1, 'sandbox', { used: 1, allowed: 3 }]);

      // The session is stored encrypted and bound to its row.
      const row = await rowOf(account.id);
      assert.ok(row.session && !row.session.includes(cookie));
      assert.match(openSecret(cipher(), row.id, 'session', row.session), /^sbx-session\./);
      assert.throws(() => openSecret(cipher(), row.id + 1, 'session', row.session!));
    });

    it('refuses an expired cookie on its field and creates nothing', async () => {
      const { client } = await signedIn('expired-cookie');
      const refused = await connect(client, cookieLogin('AQEDAR-session-expired-77'));
      assert.equal(refused.status, 422);
      assert.deepEqual(errorsOf(refused.body), [['linkedin_session_invalid', 'login.sessionCookie']]);
      assert.deepEqual((await client.get(`${BASE}/all`)).body.items, []);
    });

    it('connects by e-mail and password with a two-factor code: a wrong code, another method, then the right code', async () => {
      const { client } = await signedIn('two-factor');
      const wrongPassword = await connect(client, passwordLogin('ana+2fa@member.test', 'a-wrong-password'));
      assert.deepEqual(errorsOf(wrongPassword.body), [['linkedin_login_failed', 'login.password']]);

      const asked = await connect(client, passwordLogin('ana+2fa@member.test'));
      assert.equal(asked.status, 200, asked.text);
      const { id } = asked.body.account;
      assert.deepEqual([asked.body.account.state, asked.body.account.twoFactorMethod, asked.body.account.profileName], ['two_factor_code', 'sms', null]);
      const smsCode = asked.body.account.sandboxCode as string;
      assert.match(smsCode, /^\d{6}$/);

      const wrong = await client.post(`${BASE}/${id}/verification-code`, { code: smsCode === '000000' ? '111111' : '000000' });
      assert.equal(wrong.status, 422);
      assert.deepEqual(errorsOf(wrong.body), [['linkedin_code_invalid', 'code']]);

      const byEmail = await client.post(`${BASE}/${id}/two-factor-method`, { method: 'email' });
      assert.equal(byEmail.status, 200, byEmail.text);
      assert.deepEqual([byEmail.body.account.state, byEmail.body.account.twoFactorMethod], ['two_factor_code', 'email']);
      const emailCode = byEmail.body.account.sandboxCode as string;
      assert.notEqual(emailCode, smsCode);
      assert.equal((await client.get(`${BASE}/${id}`)).body.account.sandboxCode, emailCode);

      const right = await client.post(`${BASE}/${id}/verification-code`, { code: emailCode });
      assert.equal(right.status, 200, right.text);
      assert.equal(right.body.account.state, 'active');
      assert.equal(right.body.account.twoFactorMethod, null);
      assert.equal(right.body.account.sandboxCode, undefined);
      assert.ok(right.body.account.profileName);
      const row = await rowOf(id);
      assert.deepEqual([row.challenge, row.challengeAttempts], [null, 0]);
      // Nothing more to enter.
      const late = await client.post(`${BASE}/${id}/verification-code`, { code: emailCode });
      assert.deepEqual([late.status, late.body.errors[0].key], [409, 'linkedin_code_not_expected']);
    });

    it('asks for a verification code by e-mail and sends it again no more than every 30 seconds', async () => {
      const { client } = await signedIn('verify');
      const asked = await connect(client, passwordLogin('bo+verify@member.test'));
      assert.deepEqual([asked.body.account.state, asked.body.account.twoFactorMethod], ['verification_code', null]);
      const { id } = asked.body.account;

      const tooSoon = await client.post(`${BASE}/${id}/verification-code/resend`);
      assert.equal(tooSoon.status, 429);
      assert.equal(tooSoon.body.errors[0].key, 'rate_limited');
      // A verification code has no other method.
      const method = await client.post(`${BASE}/${id}/two-factor-method`, { method: 'sms' });
      assert.deepEqual([method.status, method.body.errors[0].key], [409, 'linkedin_code_not_expected']);

      // The first code went out 31 seconds ago.
      const row = await rowOf(id);
      const stored = openChallenge(cipher(), id, row.challenge!);
      await t.database.db
        .update(linkedinAccounts)
        .set({ challenge: sealChallenge(cipher(), id, { ...stored, sentAt: stored.sentAt - 31_000 }) })
        .where(eq(linkedinAccounts.id, id));
      const resent = await client.post(`${BASE}/${id}/verification-code/resend`);
      assert.equal(resent.status, 200, resent.text);
      assert.equal(resent.body.account.state, 'verification_code');
      assert.notEqual(resent.body.account.sandboxCode, asked.body.account.sandboxCode);
      const old = await client.post(`${BASE}/${id}/verification-code`, { code: asked.body.account.sandboxCode });
      assert.equal(old.body.errors[0].key, 'linkedin_code_invalid');
      const done = await client.post(`${BASE}/${id}/verification-code`, { code: resent.body.account.sandboxCode });
      assert.equal(done.body.account.state, 'active');
    });

    it('voids a login after five wrong codes, and refuses an expired code until a new one is sent', async () => {
      const { client } = await signedIn('void');
      const asked = await connect(client, passwordLogin('cy+2fa@member.test'));
      const { id, sandboxCode } = asked.body.account;
      const wrongCode = sandboxCode === '123456' ? '654321' : '123456';
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const wrong = await client.post(`${BASE}/${id}/verification-code`, { code: wrongCode });
        assert.equal(wrong.body.errors[0].key, 'linkedin_code_invalid', `attempt ${attempt}`);
      }
      const fifth = await client.post(`${BASE}/${id}/verification-code`, { code: wrongCode });
      assert.equal(fifth.body.errors[0].key, 'linkedin_code_expired');
      const voided = (await client.get(`${BASE}/${id}`)).body.account;
      assert.deepEqual([voided.state, voided.stateReason, voided.sandboxCode], ['pending_connection', 'linkedin_code_expired', undefined]);
      // Even the right code is too late now.
      const right = await client.post(`${BASE}/${id}/verification-code`, { code: sandboxCode });
      assert.equal(right.body.errors[0].key, 'linkedin_code_not_expected');

      // Signing in again starts a new login in the same slot.
      const again = await client.post(`${BASE}/${id}/reconnect`, { login: passwordLogin('cy+2fa@member.test') });
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.account.state, 'two_factor_code');
      await t.database.db.update(linkedinAccounts).set({ challengeExpiresAt: new Date(Date.now() - 1000) }).where(eq(linkedinAccounts.id, id));
      const expired = await client.post(`${BASE}/${id}/verification-code`, { code: again.body.account.sandboxCode });
      assert.deepEqual(errorsOf(expired.body), [['linkedin_code_expired', 'code']]);
      const row = await rowOf(id);
      const stored = openChallenge(cipher(), id, row.challenge!);
      await t.database.db
        .update(linkedinAccounts)
        .set({ challenge: sealChallenge(cipher(), id, { ...stored, sentAt: stored.sentAt - 60_000 }) })
        .where(eq(linkedinAccounts.id, id));
      const resent = await client.post(`${BASE}/${id}/verification-code/resend`);
      assert.equal(resent.status, 200, resent.text);
      const done = await client.post(`${BASE}/${id}/verification-code`, { code: resent.body.account.sandboxCode });
      assert.equal(done.body.account.state, 'active');
      assert.equal((await client.get(`${BASE}/all`)).body.items.length, 1);
    });

    it('allows the FREE plan one slot, frees it on deletion and cancels the account’s queued actions', async () => {
      const { client, user } = await signedIn('free', 'FREE');
      const first = await connect(client, cookieLogin('AQEDAR-free-plan-first'));
      assert.equal(first.status, 200, first.text);
      const second = await connect(client, cookieLogin('AQEDAR-free-plan-second'));
      assert.deepEqual([second.status, second.body.errors[0].key], [422, 'linkedin_slots_exhausted']);
      assert.deepEqual((await client.get(`${BASE}/all`)).body.slots, { used: 1, allowed: 1 });

      const { id } = first.body.account;
      const action = (state: string, n: number) => ({
        accountId: user.accountId,
        userId: user.id,
        linkedinAccountId: id,
        action: 'visit',
        origin: 'inline',
        profileUrl: `https://www.linkedin.com/in/someone-${n}`,
        idempotencyKey: `test-${id}-${n}`,
        state,
      });
      await t.database.db.insert(linkedinActions).values([action('queued', 1), action('queued', 2), action('done', 3)]);

      const deleted = await client.delete(`${BASE}/${id}`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(deleted.body.account.state, 'deleted');
      assert.equal((await client.get(`${BASE}/${id}`)).status, 404);
      assert.equal((await client.delete(`${BASE}/${id}`)).status, 404);
      assert.deepEqual((await client.get(`${BASE}/all`)).body.slots, { used: 0, allowed: 1 });
      const states = await t.database.db.select({ state: linkedinActions.state }).from(linkedinActions).where(eq(linkedinActions.linkedinAccountId, id));
      assert.deepEqual(states.map((row) => row.state).sort(), ['cancelled', 'cancelled', 'done']);
      const row = await rowOf(id);
      assert.deepEqual([row.state, row.session, row.challenge], ['deleted', null, null]);

      // The slot is free again, and the member may be connected again.
      assert.equal((await connect(client, cookieLogin('AQEDAR-free-plan-first'))).status, 200);
    });
  });

  describe('proxies', () => {
    it('refuses a custom proxy that does not answer or sits in a private network, and saves one that answers with its password encrypted', async () => {
      const { client } = await signedIn('proxy');
      const custom = (host: string, port: number, password = 'Proxy-Secret-55') => ({ kind: 'custom', proxy: { host, port, username: 'proxy-user', password } });

      const dead = await connect(client, cookieLogin('AQEDAR-proxy-cookie-1'), { proxy: custom('127.0.0.1', deadPort) });
      assert.equal(dead.status, 422);
      assert.deepEqual(errorsOf(dead.body), [['linkedin_proxy_unreachable', 'proxy.proxy.host']]);
      for (const host of ['10.1.2.3', '169.254.169.254']) {
        const inside = await connect(client, cookieLogin('AQEDAR-proxy-cookie-1'), { proxy: custom(host, 8080) });
        assert.equal(inside.body.errors[0].key, 'linkedin_proxy_unreachable', host);
      }
      const country = await connect(client, cookieLogin('AQEDAR-proxy-cookie-1'), { proxy: builtin(4) });
      assert.deepEqual(errorsOf(country.body), [['linkedin_proxy_country_unavailable', 'proxy.countryId']]);
      assert.deepEqual((await client.get(`${BASE}/all`)).body.items, []);

      const before = proxy.connections();
      const saved = await connect(client, cookieLogin('AQEDAR-proxy-cookie-1'), { proxy: custom('127.0.0.1', proxy.port) });
      assert.equal(saved.status, 200, saved.text);
      assert.ok(proxy.connections() > before, 'the proxy was tried');
      assert.deepEqual(saved.body.account.proxy, { kind: 'custom', host: '127.0.0.1', port: proxy.port, username: 'proxy-user', hasPassword: true });
      assert.ok(!saved.text.includes('Proxy-Secret-55'));
      const { id } = saved.body.account;
      const row = await rowOf(id);
      assert.ok(row.proxyPassword && row.proxyPassword !== 'Proxy-Secret-55');
      assert.equal(openSecret(cipher(), id, 'proxy-password', row.proxyPassword), 'Proxy-Secret-55');

      // The same proxy without a password keeps the stored one (the form cannot send it back).
      const same = await client.put(`${BASE}/${id}/proxy`, custom('127.0.0.1', proxy.port, ''));
      assert.equal(same.body.account.proxy.hasPassword, true);
      assert.equal(openSecret(cipher(), id, 'proxy-password', (await rowOf(id)).proxyPassword!), 'Proxy-Secret-55');
      const unreachable = await client.put(`${BASE}/${id}/proxy`, custom('127.0.0.1', deadPort));
      assert.deepEqual(errorsOf(unreachable.body), [['linkedin_proxy_unreachable', 'proxy.host']]);
      const elsewhere = await client.put(`${BASE}/${id}/proxy`, builtin(4));
      assert.deepEqual(errorsOf(elsewhere.body), [['linkedin_proxy_country_unavailable', 'countryId']]);
      const france = await client.put(`${BASE}/${id}/proxy`, builtin(250));
      assert.deepEqual(france.body.account.proxy, { kind: 'builtin', countryId: 250, countryName: 'France' });
      assert.equal((await rowOf(id)).proxyPassword, null);
    });

    it('lists the countries the built-in proxies serve, in the caller’s language', async () => {
      const { client } = await signedIn('countries');
      const listed = await client.get(`${BASE}/proxies`);
      assert.equal(listed.status, 200);
      const germany = listed.body.countries.find((country: { countryId: number }) => country.countryId === GERMANY);
      assert.deepEqual(germany, { countryId: GERMANY, name: 'Germany', available: true });
      assert.ok(listed.body.countries.length >= 10);
      assert.ok(!listed.body.countries.some((country: { countryId: number }) => country.countryId === 4));
    });
  });

  describe('settings', () => {
    it('refuses limits above the safe maximum on their fields and keeps the gaps in order', async () => {
      const { client } = await signedIn('limits');
      const { id } = (await connect(client, cookieLogin('AQEDAR-limits-cookie'))).body.account;
      const patch = (body: object) => client.request('PATCH', `${BASE}/${id}`, { body });

      const unsafe = await patch({ limits: { invite: LINKEDIN_DAILY_LIMITS.invite.max + 1, message: 151, visit: 100 } });
      assert.equal(unsafe.status, 422);
      assert.deepEqual(errorsOf(unsafe.body), [
        ['linkedin_limit_above_safe', 'limits.invite'],
        ['linkedin_limit_above_safe', 'limits.message'],
      ]);
      assert.equal((await client.get(`${BASE}/${id}`)).body.account.limits.visit, 80);

      const crossed = await patch({ minGapSeconds: 400 });
      assert.deepEqual(errorsOf(crossed.body), [['field_invalid', 'minGapSeconds']]);

      const hours = [{ day: 'mon', from: 8 * 60, to: 12 * 60 }, { day: 'sat', from: 600, to: 660 }];
      const saved = await patch({ name: 'Sales seat', limits: { invite: 40 }, workingHours: hours, connectLimit: 50, minGapSeconds: 120, maxGapSeconds: 600 });
      assert.equal(saved.status, 200, saved.text);
      const account = saved.body.account;
      assert.deepEqual(
        [account.name, account.limits.invite, account.limits.visit, account.workingHours, account.connectLimit, account.minGapSeconds, account.maxGapSeconds],
        ['Sales seat', 40, 80, hours, 50, 120, 600],
      );
    });

    it('ramps the limits during warm-up, counts today’s actions on the account’s own day and the pending invitations', async () => {
      const { client } = await signedIn('warm-up');
      const { id } = (await connect(client, cookieLogin('AQEDAR-warm-up-cookie'), { limits: { invite: 40 } })).body.account;

      const on = await client.put(`${BASE}/${id}/warm-up`, { enabled: true });
      assert.equal(on.status, 200, on.text);
      assert.deepEqual([on.body.account.warmUp, on.body.account.warmUpDay], [true, 1]);
      // Day 1: a fifth of the defaults (never above the account's own limits).
      assert.deepEqual(on.body.account.effectiveLimits, { visit: 16, like: 6, follow: 6, invite: 4, message: 10, in_mail: 2 });

      await t.database.db.update(linkedinAccounts).set({ warmUpStartedAt: new Date(Date.now() - 20 * 86_400_000) }).where(eq(linkedinAccounts.id, id));
      const done = (await client.get(`${BASE}/${id}`)).body.account;
      assert.equal(done.warmUpDay, 21);
      assert.deepEqual(done.effectiveLimits, done.limits);
      const off = await client.put(`${BASE}/${id}/warm-up`, { enabled: false });
      assert.deepEqual([off.body.account.warmUp, off.body.account.warmUpDay], [false, null]);

      const zone = await client.put(`${BASE}/${id}/timezone`, { timezone: 'Pacific/Auckland' });
      assert.equal(zone.body.account.timezone, 'Pacific/Auckland');
      const today = linkedinLocalDay(new Date(), 'Pacific/Auckland');
      const yesterday = linkedinLocalDay(new Date(Date.now() - 86_400_000), 'Pacific/Auckland');
      await t.database.db.insert(linkedinDailyUsage).values([
        { linkedinAccountId: id, day: today, action: 'visit', count: 3, warmup: 5 },
        { linkedinAccountId: id, day: today, action: 'invite', count: 2 },
        { linkedinAccountId: id, day: yesterday, action: 'message', count: 9 },
      ]);
      const sent = new Date();
      await t.database.db.insert(linkedinInvitations).values([
        { linkedinAccountId: id, profileUrl: 'https://www.linkedin.com/in/a-1', status: 'pending', sentAt: sent },
        { linkedinAccountId: id, profileUrl: 'https://www.linkedin.com/in/a-2', status: 'pending', sentAt: sent },
        { linkedinAccountId: id, profileUrl: 'https://www.linkedin.com/in/a-3', status: 'accepted', sentAt: sent, acceptedAt: sent },
      ]);
      const counted = (await client.get(`${BASE}/${id}`)).body.account;
      assert.deepEqual(counted.doneToday, { visit: 3, like: 0, follow: 0, invite: 2, message: 0, in_mail: 0 });
      assert.equal(counted.pendingInvitations, 2);
      const invalidZone = await client.put(`${BASE}/${id}/timezone`, { timezone: 'Mars/Olympus' });
      assert.equal(invalidZone.status, 400);
    });
  });

  describe('session check', () => {
    it('turns an expired session to expired and a lost one to lost connection, pushing to the owner; a reconnect brings it back', async () => {
      const { client } = await signedIn('sessions');
      const soon = (await connect(client, cookieLogin('AQEDAR-expire-soon-cookie'))).body.account;
      const lost = (await connect(client, cookieLogin('AQEDAR-lose-connection-cookie'))).body.account;
      const fine = (await connect(client, cookieLogin('AQEDAR-healthy-cookie'))).body.account;
      assert.deepEqual([soon.state, lost.state, fine.state], ['active', 'active', 'active']);

      const socket = await connectClient(t.url, client.cookieHeader());
      try {
        await t.app.jobs!.enqueue(LINKEDIN_SESSION_CHECK_JOB, { slot: null });
        const seen = new Map<number, string>();
        while (seen.size < 2) {
          const event: PushEvent = await socket.nextPush(20_000);
          if (event.type === 'account.changed' && event.payload.what === 'linkedinAccount' && event.payload.linkedinAccountId) {
            seen.set(event.payload.linkedinAccountId, event.payload.state!);
          }
        }
        assert.deepEqual([seen.get(soon.id), seen.get(lost.id)], ['expired', 'lost_connection']);
      } finally {
        socket.close();
      }
      const states = Object.fromEntries((await client.get(`${BASE}/all`)).body.items.map((item: { id: number; state: string; stateReason: string | null }) => [item.id, [item.state, item.stateReason]]));
      assert.deepEqual(states, { [soon.id]: ['expired', 'linkedin_session_invalid'], [lost.id]: ['lost_connection', null], [fine.id]: ['active', null] });

      const back = await client.post(`${BASE}/${soon.id}/reconnect`, { login: cookieLogin('AQEDAR-fresh-cookie-after') });
      assert.equal(back.status, 200, back.text);
      assert.equal(back.body.account.state, 'active');
      const refused = await client.post(`${BASE}/${lost.id}/reconnect`, { login: cookieLogin('AQEDAR-now-expired-cookie') });
      assert.deepEqual(errorsOf(refused.body), [['linkedin_session_invalid', 'login.sessionCookie']]);
    });
  });

  describe('another account', () => {
    it('never reads, changes or deletes an account it does not use', async () => {
      const mine = await signedIn('mine');
      const account = (await connect(mine.client, cookieLogin('AQEDAR-mine-cookie'), { name: 'Secret Seat' })).body.account;
      const asked = (await connect(mine.client, passwordLogin('dee+2fa@member.test'), { name: 'Secret Two' })).body.account;
      const stranger = await signedIn('stranger');
      const calls = [
        () => stranger.client.get(`${BASE}/${account.id}`),
        () => stranger.client.request('PATCH', `${BASE}/${account.id}`, { body: { name: 'Taken' } }),
        () => stranger.client.delete(`${BASE}/${account.id}`),
        () => stranger.client.post(`${BASE}/${asked.id}/verification-code`, { code: asked.sandboxCode }),
        () => stranger.client.post(`${BASE}/${asked.id}/verification-code/resend`),
        () => stranger.client.post(`${BASE}/${asked.id}/two-factor-method`, { method: 'email' }),
        () => stranger.client.post(`${BASE}/${account.id}/reconnect`, { login: cookieLogin('AQEDAR-stranger-cookie') }),
        () => stranger.client.put(`${BASE}/${account.id}/warm-up`, { enabled: true }),
        () => stranger.client.put(`${BASE}/${account.id}/proxy`, builtin(250)),
        () => stranger.client.put(`${BASE}/${account.id}/timezone`, { timezone: 'UTC' }),
        () => connect(stranger.client, cookieLogin('AQEDAR-stranger-cookie'), { slotId: account.id }),
      ];
      for (const call of calls) {
        const response = await call();
        assert.equal(response.status, 404, response.text);
        assert.doesNotMatch(response.text, /Secret Seat|Secret Two/);
      }
      assert.deepEqual((await stranger.client.get(`${BASE}/all`)).body.items, []);
      const row = await rowOf(account.id);
      assert.deepEqual([row.name, row.state, row.warmUp, row.timezone, row.proxyCountryId, row.deletedAt], ['Secret Seat', 'active', false, 'Europe/Berlin', GERMANY, null]);
      assert.equal((await rowOf(asked.id)).state, 'two_factor_code');
    });
  });
});

describe('linkedin accounts on the real network’s boundary', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof listeningProxy>>;
  before(async () => {
    proxy = await listeningProxy();
    t = await startTestApp({ jobs: false, env: { SOCIAL_NETWORK_PROVIDER: 'linkedin', SOCIAL_PROXY_ALLOW_PRIVATE: '127.0.0.1/32' } });
  });
  after(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('refuses with service_unavailable instead of pretending to sign in, and serves no built-in proxy', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('real'), password: STRONG_PASSWORD });
    assert.deepEqual((await client.get(`${BASE}/proxies`)).body, { countries: [] });
    assert.equal((await client.get(`${BASE}/all`)).body.provider, 'linkedin');
    const builtinProxy = await client.post(BASE, { login: cookieLogin('AQEDAR-real-cookie'), proxy: builtin(), timezone: 'UTC' });
    assert.equal(builtinProxy.body.errors[0].key, 'linkedin_proxy_country_unavailable');
    const refused = await client.post(BASE, {
      login: cookieLogin('AQEDAR-real-cookie'),
      proxy: { kind: 'custom', proxy: { host: '127.0.0.1', port: proxy.port } },
      timezone: 'UTC',
    });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.errors[0].key, 'service_unavailable');
    assert.deepEqual((await client.get(`${BASE}/all`)).body.items, []);
  });
});

describe('linkedin accounts logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startTestApp({ jobs: false, logger: { level: 'trace', stream }, env: { SOCIAL_PROXY_ALLOW_PRIVATE: '127.0.0.1/32' } });
  });
  after(() => t?.close());

  it('never carry a session cookie, password, code or proxy password', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('li-logs'), password: STRONG_PASSWORD });
    const cookie = 'AQEDAR-logged-cookie-Secret-71';
    const password = 'Member-Password-Secret-83';
    const proxyPassword = 'Proxy-Password-Secret-29';
    const port = await closedPort();
    await client.post(BASE, { login: cookieLogin(cookie), proxy: { kind: 'custom', proxy: { host: '127.0.0.1', port, password: proxyPassword } }, timezone: 'UTC' });
    await client.post(BASE, { login: cookieLogin(cookie), proxy: builtin(), timezone: 'UTC' });
    const asked = await client.post(BASE, { login: passwordLogin('eve+2fa@member.test', password), proxy: builtin(), timezone: 'UTC' });
    const code = asked.body.account.sandboxCode as string;
    await client.post(`${BASE}/${asked.body.account.id}/verification-code`, { code });

    const log = lines.join('');
    assert.match(log, /linkedin-accounts/);
    for (const secret of [cookie, password, proxyPassword, `"${code}"`]) assert.ok(!log.includes(secret), `${secret} reached the log`);
  });
});
