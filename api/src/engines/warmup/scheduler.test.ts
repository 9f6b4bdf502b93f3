/**
 * The warm-up pool's day on a migrated database and a fake clock: the plan follows the ramp and
 * the pairing rules, claims each mailbox's day once (a second run, a concurrent one, plans
 * nothing more), keeps the campaign day cap and the days without a window; the queueing pass
 * hands each planned mail to the mail engine exactly once, marked and without signature.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../modules/prospects/sql-helpers';
import { createMailbox, createOwner, openEngineDatabase, testCipher, testEngine, TestClock, type EngineDatabase } from '../mail/outbound/engine-fixtures';
import type { MailEngine } from '../mail/outbound/outbox';
import { WarmupScheduler, nextOpenStretch, warmupWindow } from './scheduler';
import { WARMUP_HEADER, readWarmupToken } from './token';

const SECRET = Buffer.from('a warm-up test secret of at least thirty-two bytes');
// A Wednesday, just after midnight UTC (when the daily plan runs).
const WEDNESDAY = new Date('2030-03-06T00:05:00Z');
const SATURDAY = new Date('2030-03-09T00:05:00Z');

describe('warm-up scheduler', () => {
  let store: EngineDatabase;
  let engine: MailEngine;
  let clock: TestClock;
  let mailboxes: number[];
  let seed = 1;
  const random = () => {
    // A small deterministic generator: the same plan on every run of the test.
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };

  const scheduler = () => new WarmupScheduler({ db: store.database.db, mail: engine, secret: SECRET, now: clock.now, random });
  const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(store.database.db, query);

  before(async () => {
    store = await openEngineDatabase();
    clock = new TestClock(WEDNESDAY);
    engine = testEngine({ db: store.database.db, cipher: testCipher(await mkdtemp(path.join(os.tmpdir(), 'lf-warmup-'))), now: clock.now });
  });

  after(async () => {
    await engine?.close();
    await store?.close();
  });

  beforeEach(async () => {
    for (const table of ['mail_outbound', 'warmup_sends', 'warmup_mailboxes', 'campaigns', 'email_accounts']) await store.database.db.execute(sql.raw(`delete from ${table}`));
    clock.set(WEDNESDAY);
    seed = 1;
    mailboxes = [];
    // Eight mailboxes on four domains of two owners, warm-up on with a ramp of 2 / 1 / 3.
    for (let index = 0; index < 8; index += 1) {
      const owner = await createOwner(store.database);
      const id = await createMailbox(store.database, owner, testCipher(os.tmpdir()), { port: 2525, email: `box${index}@d${index % 4}.test` });
      await store.database.db.execute(sql`update email_accounts set imap_host = '127.0.0.1' where id = ${id}`);
      await store.database.db.execute(
        sql`insert into warmup_mailboxes (email_account_id, account_id, user_id, status, start_volume, daily_increase, ceiling, reply_rate, started_at)
            values (${id}, ${owner.accountId}, ${owner.userId}, 'active', 2, 1, 3, 30, ${WEDNESDAY.toISOString()}::timestamptz)`,
      );
      mailboxes.push(id);
    }
  });

  const sendsOf = (day: string) =>
    rows<{ sender_id: number; partner_id: number; seq: number; due_at: Date; state: string }>(
      sql`select sender_id, partner_id, seq, due_at, state from warmup_sends where day = ${day}::date order by sender_id, seq`,
    );

  it('plans the day by the ramp: each mailbox sends its target to different partners within its window', async () => {
    const report = await scheduler().planDay();
    assert.deepEqual([report.day, report.pool, report.senders, report.planned, report.unmet], ['2030-03-06', 8, 8, 16, 0]);
    const sends = await sendsOf('2030-03-06');
    for (const id of mailboxes) {
      const own = sends.filter((send) => send.sender_id === id);
      assert.deepEqual(own.map((send) => send.seq), [1, 2]);
      assert.ok(own.every((send) => send.partner_id !== id));
    }
    const pairs = sends.map((send) => [send.sender_id, send.partner_id].sort((a, b) => a - b).join(':'));
    assert.equal(new Set(pairs).size, pairs.length, 'no pair twice in a day');
    // Office hours of a mailbox without a window of its own: 8 AM to 6 PM UTC.
    for (const send of sends) {
      const due = new Date(send.due_at).getTime();
      assert.ok(due >= Date.parse('2030-03-06T08:00:00Z') && due < Date.parse('2030-03-06T18:00:00Z'), String(send.due_at));
    }
    const warmed = await rows<{ days_warmed: number }>(sql`select days_warmed from warmup_mailboxes`);
    assert.ok(warmed.every((row) => row.days_warmed === 1));
  });

  it('on a test server\'s fast clock spreads the rest of the window over its scaled length', async () => {
    // At 1,440× the ten office hours from 8 AM pass in 25 seconds; the day and its ramp stay whole.
    const fast = new WarmupScheduler({ db: store.database.db, mail: engine, secret: SECRET, now: clock.now, random, timeScale: 1_440 });
    const report = await fast.planDay();
    assert.deepEqual([report.planned, report.unmet], [16, 0]);
    for (const send of await sendsOf('2030-03-06')) {
      const due = new Date(send.due_at).getTime();
      assert.ok(due >= Date.parse('2030-03-06T08:00:00Z') && due < Date.parse('2030-03-06T08:00:25Z'), String(send.due_at));
    }
  });

  it('plans a day once, however many runs there are, and the next day by the next step of the ramp without repeating a pair', async () => {
    await Promise.all([scheduler().planDay(), scheduler().planDay()]);
    const again = await scheduler().planDay();
    assert.deepEqual([again.senders, again.planned], [0, 0]);
    assert.equal((await sendsOf('2030-03-06')).length, 16);

    clock.set(new Date('2030-03-07T00:05:00Z'));
    const next = await scheduler().planDay();
    const day1 = await sendsOf('2030-03-06');
    const day2 = await sendsOf('2030-03-07');
    // Day 2 of 2 / 1 / 3 is 3 a mailbox; with eight mailboxes and the 7-day cooldown some go unmet.
    assert.equal(next.planned + next.unmet, 24);
    assert.ok(day2.every((send) => send.seq <= 3));
    const key = (send: { sender_id: number; partner_id: number }) => [send.sender_id, send.partner_id].sort((a, b) => a - b).join(':');
    const earlier = new Set(day1.map(key));
    assert.ok(day2.every((send) => !earlier.has(key(send))), 'a pair of day 1 again on day 2');
  });

  it('keeps to five a day while the mailbox sends a campaign, and sends nothing on a day outside its window', async () => {
    const [first, second] = mailboxes as [number, number];
    await store.database.db.execute(sql`update warmup_mailboxes set start_volume = 10, ceiling = 40`);
    const [owner] = await rows<{ user_id: number; account_id: number }>(sql`select user_id, account_id from email_accounts where id = ${first}`);
    const [campaign] = await rows<{ id: number }>(
      sql`insert into campaigns (account_id, user_id, title, status) values (${owner!.account_id}, ${owner!.user_id}, 'Running', 'active') returning id`,
    );
    await store.database.db.execute(sql`insert into campaign_senders (campaign_id, kind, sender_id) values (${campaign!.id}, 'email', ${first})`);
    await store.database.db.execute(sql`update warmup_mailboxes set weekdays_only = true where email_account_id = ${second}`);

    clock.set(SATURDAY);
    await scheduler().planDay();
    const sends = await sendsOf('2030-03-09');
    assert.ok(sends.filter((send) => send.sender_id === first).length <= 5);
    assert.equal(sends.filter((send) => send.sender_id === second).length, 0);
    const [state] = await rows<{ days_warmed: number; last_planned_day: string | null }>(
      sql`select days_warmed, last_planned_day::text from warmup_mailboxes where email_account_id = ${second}`,
    );
    // A day off does not advance the ramp.
    assert.deepEqual([state!.days_warmed, state!.last_planned_day], [0, null]);
  });

  it('queues each planned mail once through the mail engine, marked, as warm-up, at its due time', async () => {
    await scheduler().planDay();
    const pass = await scheduler().queuePlanned({ limit: 10 });
    assert.deepEqual([pass.queued, pass.more], [10, true]);
    const rest = await scheduler().queuePlanned({ limit: 10 });
    assert.deepEqual([rest.queued, rest.more], [6, false]);
    assert.deepEqual(await scheduler().queuePlanned(), { queued: 0, skipped: 0, more: false });

    const outbound = await rows<{ id: number; kind: string; headers: Record<string, string>; idempotency_key: string; not_before: Date; text: string; to_address: string }>(
      sql`select id, kind, headers, idempotency_key, not_before, text, to_address from mail_outbound order by id`,
    );
    assert.equal(outbound.length, 16);
    const sends = await rows<{ id: number; outbound_id: number; due_at: Date; state: string; partner_email: string }>(
      sql`select s.id, s.outbound_id, s.due_at, s.state, e.email as partner_email from warmup_sends s join email_accounts e on e.id = s.partner_id`,
    );
    for (const send of sends) {
      const message = outbound.find((row) => Number(row.id) === Number(send.outbound_id))!;
      assert.equal(send.state, 'queued');
      assert.equal(message.kind, 'warmup');
      assert.equal(message.idempotency_key, `warmup:${send.id}`);
      assert.equal(readWarmupToken(message.headers[WARMUP_HEADER], SECRET), Number(send.id));
      assert.equal(new Date(message.not_before).getTime(), new Date(send.due_at).getTime());
      assert.equal(message.to_address, send.partner_email);
      assert.doesNotMatch(message.text, /https?:|<img/i);
    }

    // A pass that died after the enqueue but before recording it: the same message, not a second one.
    await store.database.db.execute(sql`update warmup_sends set state = 'planned', outbound_id = null where id = ${sends[0]!.id}`);
    assert.equal((await scheduler().queuePlanned()).queued, 1);
    assert.equal((await rows(sql`select id from mail_outbound`)).length, 16);
    const [healed] = await rows<{ outbound_id: number }>(sql`select outbound_id from warmup_sends where id = ${sends[0]!.id}`);
    assert.equal(Number(healed!.outbound_id), Number(sends[0]!.outbound_id));
  });

  it('reads the window from the schedule, else the mailbox’s own, and drops the weekend for weekdays only', () => {
    const schedule = warmupWindow({
      schedule_timezone: 'Europe/Berlin',
      schedule_days: [{ day: 'sat', enabled: true, from: '9:00 AM', to: '11:00 AM' }],
      sending_window: null,
      weekdays_only: false,
      user_time_zone: null,
    });
    const stretch = nextOpenStretch(schedule, SATURDAY)!;
    assert.deepEqual([stretch.start.toISOString(), stretch.end.toISOString()], ['2030-03-09T08:00:00.000Z', '2030-03-09T10:00:00.000Z']);
    assert.equal(nextOpenStretch({ ...schedule, days: [] }, SATURDAY), null);
    const weekdays = warmupWindow({ schedule_timezone: null, schedule_days: null, sending_window: null, weekdays_only: true, user_time_zone: 'UTC' });
    assert.deepEqual(weekdays.days.map((day) => day.day), ['mon', 'tue', 'wed', 'thu', 'fri']);
  });
});
