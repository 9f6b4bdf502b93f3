/**
 * The warm-up calls (document 2 §7.8) over real HTTP: the list with defaults, start / pause /
 * stop with the bad input of issue 17 refused each with its key, the plan's limits, pending for a
 * mailbox that cannot connect, onboarding step 6, statistics from warm-up sends, schedules, bulk,
 * and who sees what (another tenant: not found; a team lead: members' mailboxes read-only).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ONBOARDING_STEPS, WARMUP_RULES, type WarmupAccount, type WarmupStatistics } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { emailAccounts, mailOutbound, subscriptions, users } from '../../db/schema';
import { warmupMailboxes, warmupSends } from '../../db/schema/warmup';
import { campaignSenders, campaigns } from '../../db/schema/campaigns';
import { readPool } from '../../engines/warmup/repository';
import { dailyTargetOf } from '../../engines/warmup/scheduler';
import { idempotentJobId } from '../../jobs/queue';
import { WARMUP_PLAN_JOB } from './jobs';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { insertMailboxRow } from '../../test-support/mailbox-row';
import type { TestClient, TestResponse } from '../../test-support/test-client';

const W = '/warm-up/api';
const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const keyOf = (response: TestResponse) => (response.body as { errors?: { key: string }[] }).errors?.[0]?.key;

interface Person {
  client: TestClient;
  user: { id: number; accountId: number };
}

describe('warm-up calls', () => {
  let t: TestApp;
  let mailboxSeq = 0;

  async function signedIn(label: string, options: { plan?: string; teamCode?: string } = {}): Promise<Person> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name`, ...(options.teamCode ? { teamCode: options.teamCode } : {}) });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (options.plan) await t.database.db.update(subscriptions).set({ planName: options.plan, endsAt: null }).where(eq(subscriptions.accountId, user!.accountId));
    return { client, user: user! };
  }

  async function mailbox(person: Person, values: Partial<typeof emailAccounts.$inferInsert> = {}): Promise<number> {
    mailboxSeq += 1;
    const email = `box${mailboxSeq}@warm${mailboxSeq % 3}.test`;
    return insertMailboxRow(t.database.db, person.user, email, { senderName: `Box ${mailboxSeq}`, ...values });
  }

  const setStatus = (person: Person, id: number, status: string) => person.client.request('PUT', `${W}/${id}`, { body: { status } });
  const patch = (person: Person, id: number, body: unknown) => person.client.request('PATCH', `${W}/email-accounts/${id}`, { body });

  before(async () => {
    t = await startTestApp();
  });

  after(async () => {
    await t?.close();
  });

  it('refuses an anonymous caller', async () => {
    const anonymous = t.client();
    assert.equal((await anonymous.get(`${W}/list`)).status, 401);
    assert.equal((await anonymous.get(`${W}/user-limits`)).status, 401);
  });

  it('lists every mailbox, never started ones disabled with the default ramp, 20 per page', async () => {
    const me = await signedIn('list', { plan: 'DC' });
    const ids: number[] = [];
    for (let index = 0; index < 21; index += 1) ids.push(await mailbox(me));
    const first = await me.client.get(`${W}/list`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.total, 21);
    assert.equal(first.body.perPage, 20);
    assert.deepEqual(first.body.items.map((item: WarmupAccount) => item.id), ids.slice(0, 20));
    const item = first.body.items[0] as WarmupAccount;
    assert.equal(item.status, 'disabled');
    assert.equal(item.emailAccountId, item.id);
    assert.deepEqual(item.settings, { startVolume: 10, dailyIncrease: 1, ceiling: 40, replyRate: 30, weekdaysOnly: false, scheduleId: null });
    assert.equal(item.dailyTarget, 0);
    assert.equal(item.hasImap, true);
    assert.equal(item.last7.inboxRate, null);
    const second = await me.client.get(`${W}/list`, { query: { page: '2' } });
    assert.deepEqual(second.body.items.map((entry: WarmupAccount) => entry.id), [ids[20]]);
    // One status batch by ids (the email-accounts screen's page).
    const batch = await me.client.get(`${W}/list`, { query: { ids: `${ids[3]},${ids[1]}`, perPage: '100' } });
    assert.deepEqual(batch.body.items.map((entry: WarmupAccount) => entry.id), [ids[1], ids[3]]);
    const tooMany = await me.client.get(`${W}/list`, { query: { ids: Array.from({ length: 101 }, (_, index) => index + 1).join(',') } });
    assert.equal(tooMany.status, 400);
  });

  it('starts a warm-up, completes onboarding step 6 once, pauses and stops it', async () => {
    const me = await signedIn('start', { plan: 'DC' });
    const id = await mailbox(me);
    const started = await setStatus(me, id, 'active');
    assert.equal(started.status, 200, started.text);
    const item = started.body.item as WarmupAccount;
    assert.equal(item.status, 'active');
    assert.equal(item.dailyTarget, 10);
    assert.ok(item.startedAt);
    const [account] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
    assert.equal(account!.warmupEnabled, true);
    const game = await me.client.get('/game');
    assert.equal(game.body.steps.find((step: { step: number }) => step.step === ONBOARDING_STEPS.warmUp).completed, true);
    // Starting again is no change (and no second reward).
    assert.equal((await setStatus(me, id, 'active')).body.item.status, 'active');

    const paused = await setStatus(me, id, 'paused');
    assert.deepEqual([paused.status, paused.body.item.status, paused.body.item.dailyTarget], [200, 'paused', 0]);
    const stopped = await setStatus(me, id, 'disabled');
    assert.equal(stopped.body.item.status, 'disabled');
    const [after] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
    assert.equal(after!.warmupEnabled, false);
    // The server sets pending; a user cannot.
    assert.equal((await setStatus(me, id, 'pending')).status, 400);
  });

  it('refuses a mailbox without IMAP, a ceiling above the plan and a schedule that never sends, each clearly', async () => {
    const me = await signedIn('bad-input', { plan: 'FREE' });
    const noImap = await mailbox(me, { imapHost: null, imapPort: null, imapSecurity: null, imapUser: null });
    const refused = await setStatus(me, noImap, 'active');
    assert.deepEqual([refused.status, keyOf(refused)], [422, 'warmup_imap_required']);
    assert.match(refused.body.errors[0].title, /IMAP/);
    assert.equal((await me.client.get(`${W}/list`)).body.items[0].hasImap, false);

    const id = await mailbox(me);
    const limits = (await me.client.get(`${W}/user-limits`)).body;
    assert.deepEqual([limits.maxMailboxes, limits.maxCeiling], [2, 40]);
    const high = await patch(me, id, { ceiling: 41 });
    assert.deepEqual([high.status, keyOf(high), high.body.errors[0].field], [422, 'warmup_ceiling_plan', 'ceiling']);
    const upsideDown = await patch(me, id, { startVolume: 30, ceiling: 20 });
    assert.equal(upsideDown.status, 400);
    // Above the stored ceiling: the merged ramp is checked too.
    const startAboveStored = await patch(me, id, { startVolume: 45 });
    assert.deepEqual([startAboveStored.status, keyOf(startAboveStored)], [400, 'validation_failed']);

    const weekend = await me.client.post('/schedules/save', {
      name: 'Weekends',
      timezone: 'Europe/Berlin',
      days: [
        { day: 'sat', enabled: true, from: '9:00 AM', to: '5:00 PM' },
        { day: 'sun', enabled: true, from: '9:00 AM', to: '5:00 PM' },
      ],
    });
    assert.equal(weekend.status, 200, weekend.text);
    const scheduleId = weekend.body.schedule.id as number;
    const never = await patch(me, id, { scheduleId, weekdaysOnly: true });
    assert.deepEqual([never.status, keyOf(never)], [422, 'schedule_no_days']);
    const fine = await patch(me, id, { scheduleId, ceiling: 30, replyRate: 50 });
    assert.equal(fine.status, 200, fine.text);
    assert.deepEqual(fine.body.item.settings, { startVolume: 10, dailyIncrease: 1, ceiling: 30, replyRate: 50, weekdaysOnly: false, scheduleId });
    // Settings of a never-started warm-up keep it disabled.
    assert.equal(fine.body.item.status, 'disabled');
    const used = await me.client.get(`${W}/used-schedules`);
    assert.deepEqual(used.body.items, [{ id: scheduleId, name: 'Weekends', timezone: 'Europe/Berlin', usedBy: [id] }]);

    // Another user's schedule is not found.
    const other = await signedIn('bad-input-other');
    const theirs = await other.client.post('/schedules/save', { name: 'Theirs', timezone: 'UTC', days: [{ day: 'mon', enabled: true, from: '9:00 AM', to: '5:00 PM' }] });
    const foreign = await patch(me, id, { scheduleId: theirs.body.schedule.id });
    assert.deepEqual([foreign.status, keyOf(foreign)], [404, 'not_found']);
  });

  it('keeps to the plan’s number of mailboxes, in bulk each on its own', async () => {
    const me = await signedIn('bulk', { plan: 'FREE' });
    const ids = [await mailbox(me), await mailbox(me), await mailbox(me), await mailbox(me, { imapHost: null })];
    const bulk = await me.client.post(`${W}/bulk`, { action: 'start', emailAccountIds: ids });
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual(bulk.body.updated, ids.slice(0, 2));
    assert.deepEqual(bulk.body.failed, [
      { emailAccountId: ids[2], key: 'warmup_mailbox_limit_plan' },
      { emailAccountId: ids[3], key: 'warmup_imap_required' },
    ]);
    const limits = (await me.client.get(`${W}/user-limits`)).body;
    assert.equal(limits.usedMailboxes, 2);
    assert.ok(limits.poolSize >= 2);
    assert.equal(limits.poolMinimum, 5);
    // A paused warm-up keeps its place: a third still cannot start, the paused one resumes.
    const paused = await me.client.post(`${W}/bulk`, { action: 'pause', emailAccountIds: [ids[0]] });
    assert.deepEqual(paused.body, { updated: [ids[0]], failed: [] });
    assert.equal(keyOf(await setStatus(me, ids[2]!, 'active')), 'warmup_mailbox_limit_plan');
    assert.equal((await setStatus(me, ids[0]!, 'active')).body.item.status, 'active');
    // Stopping one frees its place.
    await setStatus(me, ids[1]!, 'disabled');
    assert.equal((await setStatus(me, ids[2]!, 'active')).body.item.status, 'active');
  });

  it('waits as pending while the mailbox cannot connect', async () => {
    const me = await signedIn('pending', { plan: 'DC' });
    const id = await mailbox(me, { status: 'reconnect', statusReason: 'imap_login' });
    const started = await setStatus(me, id, 'active');
    assert.equal(started.status, 200, started.text);
    assert.deepEqual([started.body.item.status, started.body.item.statusReason, started.body.item.dailyTarget], ['pending', 'imap_login', 0]);
  });

  it('shows today’s target at the campaign day cap while the mailbox sends an active campaign, as the planner plans it', async () => {
    const me = await signedIn('campaign-cap', { plan: 'DC' });
    const id = await mailbox(me);
    assert.equal((await setStatus(me, id, 'active')).body.item.dailyTarget, 10);
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({ accountId: me.user.accountId, userId: me.user.id, title: 'Running', status: 'active' })
      .returning({ id: campaigns.id });
    await t.database.db.insert(campaignSenders).values({ campaignId: campaign!.id, kind: 'email', senderId: id });
    const targetListed = async () => ((await me.client.get(`${W}/list`, { query: { ids: String(id) } })).body.items[0] as WarmupAccount).dailyTarget;

    assert.equal(await targetListed(), WARMUP_RULES.campaignDayCap);
    assert.equal((await me.client.get(`${W}/email-accounts/${id}`)).body.item.dailyTarget, WARMUP_RULES.campaignDayCap);
    // The same figure the day's planner gives the mailbox.
    const pooled = (await readPool(t.database.db)).find((row) => Number(row.id) === id);
    assert.equal(dailyTargetOf(pooled!), WARMUP_RULES.campaignDayCap);

    // A paused campaign sends nothing: the ramp's figure again.
    await t.database.db.update(campaigns).set({ status: 'pause' }).where(eq(campaigns.id, campaign!.id));
    assert.equal(await targetListed(), 10);
  });

  it('answers sent, inbox, spam and replied per day with the 7- and 30-day rates and health', async () => {
    const me = await signedIn('stats', { plan: 'DC' });
    const id = await mailbox(me);
    const partner = await mailbox(me);
    const [partnerRow] = await t.database.db.select({ email: emailAccounts.email }).from(emailAccounts).where(eq(emailAccounts.id, partner));
    const partnerDomain = partnerRow!.email.split('@')[1];
    await setStatus(me, id, 'active');
    const now = Date.now();
    let seq = 0;
    async function send(daysAgo: number, placement: 'inbox' | 'spam' | 'unknown', replied = false) {
      seq += 1;
      const [outbound] = await t.database.db
        .insert(mailOutbound)
        .values({
          accountId: me.user.accountId,
          userId: me.user.id,
          emailAccountId: id,
          kind: 'warmup',
          toAddress: 'partner@warm.test',
          subject: 'Hello',
          messageId: `<warm-${id}-${seq}@warm.test>`,
          state: 'sent',
          sentAt: new Date(now - daysAgo * DAY_MS),
        })
        .returning({ id: mailOutbound.id });
      await t.database.db.insert(warmupSends).values({
        senderId: id,
        partnerId: partner,
        day: isoDay(new Date(now - daysAgo * DAY_MS)),
        seq,
        dueAt: new Date(now - daysAgo * DAY_MS),
        state: 'queued',
        outboundId: outbound!.id,
        placement,
        ...(replied ? { repliedAt: new Date(now - daysAgo * DAY_MS) } : {}),
      });
    }
    // Today: 18 in the inbox (3 answered), 2 in spam; 10 days ago: 5 in spam.
    for (let index = 0; index < 18; index += 1) await send(0, 'inbox', index < 3);
    for (let index = 0; index < 2; index += 1) await send(0, 'spam');
    for (let index = 0; index < 5; index += 1) await send(10, 'spam');

    const week = await me.client.get(`${W}/statistics`, { query: { emailAccountId: String(id), days: '7' } });
    assert.equal(week.status, 200, week.text);
    const stats = week.body as WarmupStatistics;
    assert.equal(stats.daily.length, 7);
    assert.deepEqual(stats.daily[6], { date: isoDay(new Date(now)), sent: 20, inbox: 18, spam: 2, replied: 3 });
    assert.deepEqual(stats.daily[0], { date: isoDay(new Date(now - 6 * DAY_MS)), sent: 0, inbox: 0, spam: 0, replied: 0 });
    assert.deepEqual(stats.last7, { sent: 20, inbox: 18, spam: 2, replied: 3, inboxRate: 90, spamRate: 10, replyRate: 15 });
    assert.deepEqual([stats.last30.sent, stats.last30.spam], [25, 7]);
    // 10 % in spam over 20 placed mails: bad (rules/warmup.ts).
    assert.equal(stats.health, 'bad');
    const month = await me.client.get(`${W}/statistics`, { query: { emailAccountId: String(id) } });
    assert.equal(month.body.daily.length, 30);
    assert.equal(month.body.daily[19].spam, 5);

    const listed = (await me.client.get(`${W}/list`, { query: { ids: String(id) } })).body.items[0] as WarmupAccount;
    assert.deepEqual([listed.sentToday, listed.inboxRate, listed.last7.spamRate], [20, 90, 10]);
    const all = await me.client.get(`${W}/statistics`, { query: { days: '7' } });
    assert.deepEqual([all.body.last7.sent, all.body.health, all.body.recent], [20, null, []]);
    // The latest conversations: 20 of 25, newest first, the partner by its domain only.
    assert.equal(stats.recent.length, 20);
    assert.deepEqual(
      [stats.recent[0]!.direction, stats.recent[0]!.partnerDomain, stats.recent.filter((item) => item.replied).length],
      ['sent', partnerDomain, 3],
    );
    assert.ok(stats.recent.every((item) => item.placement !== 'unknown'));

    const one = await me.client.get(`${W}/email-accounts/${id}`);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual([one.body.item.id, one.body.item.sentToday], [id, 20]);
  });

  it('shows another tenant nothing of a mailbox and lets a team lead read members’ warm-ups without changing them', async () => {
    // The join code first: the trial a new user has may invite.
    const lead = await signedIn('lead');
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const member = await signedIn('member', { teamCode: joinCode });
    const id = await mailbox(member);
    assert.equal((await setStatus(member, id, 'active')).status, 200);

    const stranger = await signedIn('stranger', { plan: 'DC' });
    for (const response of [
      await setStatus(stranger, id, 'paused'),
      await patch(stranger, id, { ceiling: 20 }),
      await stranger.client.get(`${W}/statistics`, { query: { emailAccountId: String(id) } }),
      await stranger.client.get(`${W}/email-accounts/${id}`),
    ]) {
      assert.deepEqual([response.status, keyOf(response)], [404, 'not_found']);
    }
    assert.deepEqual((await stranger.client.get(`${W}/list`)).body.items, []);
    const bulk = await stranger.client.post(`${W}/bulk`, { action: 'pause', emailAccountIds: [id] });
    assert.deepEqual(bulk.body, { updated: [], failed: [{ emailAccountId: id, key: 'not_found' }] });

    const leadList = await lead.client.get(`${W}/list`);
    assert.deepEqual(
      leadList.body.items.map((item: WarmupAccount) => [item.id, item.userId, item.status]),
      [[id, member.user.id, 'active']],
    );
    assert.equal((await lead.client.get(`${W}/statistics`, { query: { emailAccountId: String(id) } })).status, 200);
    assert.equal((await setStatus(lead, id, 'paused')).status, 404);
    const [row] = await t.database.db.select().from(warmupMailboxes).where(eq(warmupMailboxes.emailAccountId, id));
    assert.equal(row!.status, 'active');
  });

  it('plans the pool in the durable daily job, queues its mail through the mail engine once, and chains the next day', async () => {
    const ada = await signedIn('job-ada', { plan: 'DC' });
    const bob = await signedIn('job-bob', { plan: 'DC' });
    const ids = [await mailbox(ada), await mailbox(ada), await mailbox(bob)];
    for (const [person, id] of [[ada, ids[0]], [ada, ids[1]], [bob, ids[2]]] as const) {
      assert.equal((await patch(person, id!, { startVolume: 1, ceiling: 2 })).status, 200);
      assert.equal((await setStatus(person, id!, 'active')).body.item.status, 'active');
    }
    const jobId = await t.app.jobs!.enqueue(WARMUP_PLAN_JOB, {}, { idempotencyKey: 'test:plan' });
    assert.ok(jobId);
    let queued: (typeof warmupSends.$inferSelect)[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      queued = (await t.database.db.select().from(warmupSends)).filter((row) => ids.includes(row.senderId) && row.state === 'queued');
      if (queued.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Each of the three sends its day-1 target of one, to a partner of another pool member.
    assert.deepEqual(queued.map((row) => row.senderId).sort(), [...ids].sort());
    for (const row of queued) {
      assert.notEqual(row.partnerId, row.senderId);
      const [outbound] = await t.database.db.select().from(mailOutbound).where(eq(mailOutbound.id, row.outboundId!));
      assert.deepEqual([outbound!.kind, outbound!.idempotencyKey], ['warmup', `warmup:${row.id}`]);
    }
    const tomorrow = new Date();
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    let next = null;
    while (Date.now() < deadline && !next) {
      next = await t.app.jobs!.getJob(WARMUP_PLAN_JOB, idempotentJobId(WARMUP_PLAN_JOB, `day:${tomorrow.toISOString().slice(0, 10)}`));
      if (!next) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(next, 'the next day is planned by a queued job');
    // A second run the same day plans nothing more.
    const again = await t.app.jobs!.enqueue(WARMUP_PLAN_JOB, {}, { idempotencyKey: 'test:plan-again' });
    let state: string | undefined;
    while (Date.now() < deadline + 30_000 && state !== 'completed') {
      state = (await t.app.jobs!.getJob(WARMUP_PLAN_JOB, again!))?.state;
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(state, 'completed');
    const after = (await t.database.db.select().from(warmupSends)).filter((row) => ids.includes(row.senderId));
    assert.equal(after.length, 3);
  });

  it('plans a warm-up that starts today for today, without waiting for the next day’s plan', async () => {
    // Three, as no two mailboxes exchange warm-up mail twice in 7 days, either way.
    const people = [await signedIn('today-cleo', { plan: 'DC' }), await signedIn('today-dan', { plan: 'DC' }), await signedIn('today-eve', { plan: 'DC' })];
    const ids = [await mailbox(people[0]!), await mailbox(people[1]!), await mailbox(people[2]!)];
    for (const [person, id] of people.map((person, index) => [person, ids[index]] as const)) {
      assert.equal((await patch(person, id!, { startVolume: 1, ceiling: 1 })).status, 200);
      assert.equal((await setStatus(person, id!, 'active')).body.item.status, 'active');
    }
    const day = new Date().toISOString().slice(0, 10);
    for (const id of ids) assert.ok(await t.app.jobs!.getJob(WARMUP_PLAN_JOB, idempotentJobId(WARMUP_PLAN_JOB, `start:${id}:${day}`)), 'a plan pass is asked for');
    // Planned and handed to the mail engine, by the queueing pass of the run that planned them
    // (the day's own run, in the test before, queued its mail under a key of its own).
    let queued: (typeof warmupSends.$inferSelect)[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && queued.length < 3) {
      queued = (await t.database.db.select().from(warmupSends)).filter((row) => ids.includes(row.senderId) && row.day === day && row.state === 'queued');
      if (queued.length < 3) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(queued.map((row) => row.senderId).sort(), [...ids].sort());
  });
});
