import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SIGNUP_CREDITS } from '@leadforge/contracts';
import { emailAccounts, prospectEmails, prospects } from '../../db/schema';
import { setEventActive } from '../gamification/repository';
import { callerForUser } from '../account/caller';
import { mailText, startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

describe('general calls of document 2 §7.1', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let user: TestClient;
  let info: any;

  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: smtp.env });
    user = t.client();
    info = await user.register({ email: uniqueEmail('general'), password: STRONG_PASSWORD, name: 'General User' });
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  const userId = async () => (await t.database.db.execute<{ id: number }>(sql`select id from users where hash_id = ${info.userHashId}`)).rows[0]!.id;

  it('lists IANA time zones with offsets and localised countries', async () => {
    const zones = await user.get('/general-info/time-zones');
    assert.equal(zones.status, 200);
    const kyiv = zones.body.timeZones.find((zone: { id: string }) => zone.id === 'Europe/Kyiv' || zone.id === 'Europe/Kiev');
    assert.ok(kyiv);
    assert.match(kyiv.offset, /^\+0[23]:00$/);
    assert.ok(zones.body.timeZones.some((zone: { id: string; offsetMinutes: number }) => zone.id === 'UTC' && zone.offsetMinutes === 0));

    const english = await user.get('/general-info/countries', { query: { locale: 'en' } });
    const ukrainian = await user.get('/general-info/countries', { query: { locale: 'ua' } });
    const germanyEn = english.body.countries.find((country: { code: string }) => country.code === 'DE');
    const germanyUk = ukrainian.body.countries.find((country: { code: string }) => country.code === 'DE');
    assert.equal(germanyEn.name, 'Germany');
    assert.equal(germanyUk.name, 'Німеччина');
    assert.equal(germanyEn.id, 276);
    assert.equal((await user.get('/general-info/countries', { query: { locale: 'fr' } })).status, 400);
  });

  it('changes the language (ua ↔ uk) for a user and for an anonymous visitor', async () => {
    const changed = await user.post('/change-language', { lang: 'ua' });
    assert.deepEqual(changed.body, { locale: 'ua' });
    assert.equal((await user.get('/user-info')).body.locale, 'ua');
    // Errors now come in Ukrainian (or the key while translations are missing, never a crash).
    const error = await user.post('/change-language', { lang: 'xx' });
    assert.equal(error.status, 400);
    await user.post('/change-language', { lang: 'en' });

    const visitor = t.client();
    await visitor.post('/change-language', { lang: 'zh' });
    assert.equal((await visitor.get('/user-info')).body.locale, 'zh');
  });

  it('reports the plan and continues the trial on the free plan once', async () => {
    const plan = await user.get('/user-pricing-plan-info');
    assert.equal(plan.body.planName, 'TRIAL');
    assert.equal(plan.body.trialAvailable, true);
    assert.equal(plan.body.canAccessBilling, true);
    assert.equal(plan.body.isBiggestPlan, false);
    const continued = await user.post('/continue-free-trial');
    assert.equal(continued.status, 200);
    assert.equal(continued.body.name, 'FREE');
    assert.equal(continued.body.willExpireDays, null);
    const again = await user.post('/continue-free-trial');
    assert.equal(again.body.errors[0].key, 'trial_not_available');
  });

  it('counts unread unibox mail from what was synced: none for a new account', async () => {
    const unread = await user.get('/unread-messages-count');
    assert.equal(unread.status, 200, unread.text);
    assert.deepEqual(unread.body, { unreadMessages: 0 });
  });

  it('answers not_available_yet for the calls of areas not built yet (CRM, billing), with no invented data', async () => {
    const calls = [
      () => user.put('/activate-crm'),
      () => user.get('/detect-pay-system'),
      () => user.get('/first-payment-notifier'),
      () => user.put('/update-state-first-payment', undefined, { query: { payment_method: 'card' } }),
    ];
    for (const call of calls) {
      const response = await call();
      assert.equal(response.status, 501);
      assert.deepEqual(Object.keys(response.body), ['errors']);
      assert.equal(response.body.errors[0].key, 'not_available_yet');
    }
  });

  it('files feature requests, captchas, uninstall feedback and product tours', async () => {
    const settings = await user.get('/user/feature-request/settings');
    assert.ok(settings.body.tools.includes('crm'));
    const created = await user.post('/user/feature-request', { tool: 'crm', feature: 'Kanban', description: 'Drag deals' });
    assert.ok(created.body.id > 0);
    assert.deepEqual((await t.client().post('/displayed-captcha', { place: 'register' })).body, { ok: true });
    assert.equal((await t.client().post('/uninstall', { product: 'email-finder', reason: 'not-needed' })).status, 200);
    assert.equal((await t.client().put('/uninstall', { product: 'linkedin-prospect-finder', reason: 'other', comment: 'x' })).status, 200);
    assert.deepEqual((await user.get('/passed-onboardings')).body, { passed: [] });
    await user.post('/passed-onboardings', { type: 'home-tour' });
    assert.deepEqual((await user.post('/passed-onboardings', { type: 'home-tour' })).body, { passed: ['home-tour'] });
  });

  it('sets the mood of the caller’s own prospect only', async () => {
    const id = await userId();
    const [mine] = await t.database.db.insert(prospects).values({ accountId: info.account.id, userId: id, name: 'Mine' }).returning();
    const mood = await user.put('/mood/in-prospect', { moodPoint: 2, prospectId: mine!.id });
    assert.deepEqual(mood.body, { prospectId: mine!.id, point: 2, type: 'manual' });
    const [row] = await t.database.db.select().from(prospects).where(eq(prospects.id, mine!.id));
    assert.equal(row!.moodPoint, 2);
    assert.equal((await user.put('/mood/in-prospect', { moodPoint: 1, prospectId: 999_999 })).status, 404);
  });

  it('runs the onboarding game by its rules', async () => {
    const id = await userId();

    const game = await user.get('/game');
    assert.equal(game.body.steps.find((step: { step: number }) => step.step === 1).completed, true);
    // Step 6 needs a warm-up email account.
    assert.equal((await user.post('/game/step', { step: 6 })).body.errors[0].key, 'onboarding_step_requirement');
    await t.database.db.insert(emailAccounts).values({ accountId: info.account.id, userId: id, email: 'box@x.test', warmupEnabled: true });
    const six = await user.post('/game/step', { step: 6 });
    assert.equal(six.status, 200);
    assert.equal(six.body.userBalance, DEFAULT_SIGNUP_CREDITS + 40);
    assert.equal((await user.post('/game/step', { step: 6 })).body.errors[0].key, 'onboarding_step_done');
    // A step outside the event list is not rewarded.
    await setEventActive(t.database.db, 3, false);
    assert.equal((await user.post('/game/step', { step: 3 })).body.errors[0].key, 'onboarding_step_not_in_events');
    await setEventActive(t.database.db, 3, true);
    assert.equal((await user.post('/game/step', { step: 4 })).status, 400);

    const six2 = six.body.steps.find((step: { step: number }) => step.step === 6);
    assert.equal(six2.congratulationPending, true);
    const ack = await user.post('/game', { eventId: six2.eventId });
    assert.equal(ack.body.steps.find((step: { step: number }) => step.step === 6).congratulationPending, false);
    assert.equal((await user.post('/game/claim-bonus')).body.errors[0].key, 'bonus_not_available');
  });

  it('answers user-info read together with the session exactly as from separate reads', async () => {
    // After the game test: several completed steps (one acknowledged) and a balance.
    const viaSession = await user.get('/user-info');
    assert.equal(viaSession.status, 200);
    assert.ok(viaSession.body.gamification.userEvents.length >= 2);
    const id = await userId();
    const [session] = (
      await t.database.db.execute<{ id: string }>(
        sql`select id from sessions where user_id = ${id} and revoked_at is null order by created_at desc limit 1`,
      )
    ).rows;
    const separate = await t.app.services.accounts.userInfo({
      id: session!.id,
      userId: id,
      accountId: info.account.id,
      twoFactorPending: false,
      isAdminLogin: false,
      locale: viaSession.body.locale,
      caller: await callerForUser(t.database.db, id),
    });
    assert.deepEqual(viaSession.body, JSON.parse(JSON.stringify(separate)));
  });
  it('sets the time-zone cookie and refuses an unknown zone', async () => {
    const set = await user.post('/time-zone', { timeZone: 'Europe/Lisbon' });
    assert.deepEqual(set.body, { timeZone: 'Europe/Lisbon' });
    assert.equal(user.cookies.get('lf_tz'), 'Europe/Lisbon');
    const bad = await user.post('/time-zone', { timeZone: 'Mars/Olympus' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((error: { key: string; field: string }) => [error.key, error.field]), [['field_invalid', 'timeZone']]);
  });

  it('clears an address from every list only through the key mailed to it', async () => {
    const id = await userId();
    const [prospect] = await t.database.db.insert(prospects).values({ accountId: info.account.id, userId: id, name: 'Clear Me' }).returning();
    await t.database.db.insert(prospectEmails).values({ prospectId: prospect!.id, accountId: info.account.id, email: 'Clear.Me@Example.test' });
    const visitor = t.client();
    const prepared = await visitor.post('/clear-email/prepare', { email: 'clear.me@example.test' });
    assert.deepEqual(prepared.body, { email: 'clear.me@example.test', listsCount: 0, key: '' });
    const mail = await smtp.waitFor((message) => message.to.includes('clear.me@example.test'));
    const key = decodeURIComponent(/clear-email\/([A-Za-z0-9_%-]+)/.exec(mailText(mail))![1]!);
    const withKey = await visitor.post('/clear-email/prepare', { keyEmail: key });
    assert.equal(withKey.body.listsCount, 1);
    assert.deepEqual((await visitor.post('/clear-email/remove', { key })).body, { removed: 1 });
    assert.equal((await visitor.post('/clear-email/remove', { key })).status, 404);
    assert.equal((await visitor.post('/clear-email/prepare', { keyEmail: 'made-up-key' })).status, 404);
  });
});
