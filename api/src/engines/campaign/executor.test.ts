/**
 * The campaign executor on a real database (PostgreSQL, or PGlite) with the real sending engine
 * against a recording SMTP server on loopback, on a clock the test moves: a sequence email →
 * delay → trigger "opened" (Yes: email 2 in the same thread, No: email 3) runs for a few
 * recipients; human opens fire the trigger and machine opens do not; replies, bounces and
 * unsubscribes stop recipients; replayed and crashed ticks send nothing twice; a campaign whose
 * bounce rate reaches 5 % pauses itself.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { blocks, emailVariant, flowchartOf } from '@leadforge/contracts/rules/flowchart-factories';
import { TrackingService, UnsubscribeService } from '../../modules/mail-engine/service';
import type { CredentialCipher } from '../mail/secrets/credentials';
import {
  TestClock,
  createMailbox,
  createOwner,
  headerOf,
  openEngineDatabase,
  rowsOf,
  testCipher,
  testEngine,
  type EngineDatabase,
  type Owner,
} from '../mail/outbound/engine-fixtures';
import type { MailEngine } from '../mail/outbound/outbox';
import { CampaignExecutorEngine, type ExecutorOptions } from './executor';
import type { AppConfig } from '../../config';
import { createJobQueue } from '../../jobs/queue';
import { silentLogger, waitFor } from '../../jobs/test-fixtures/databases';
import { campaignExecutorArea } from '../../modules/campaign-executor/area';
import { createLinkedinAccount, peopleByDegree, recordingNetwork, testRunner } from '../social/runner/test-fixtures';
import { CAMPAIGN_TICK_JOB, campaignExecutorFor } from './index';
import { createLaunchedCampaign, startCampaignSink, type CampaignSink } from './test-fixtures';

const HOUR = 3_600_000;
const HUMAN = {
  method: 'GET',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  ip: '198.51.100.7',
};
const MACHINE = {
  method: 'GET',
  userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  ip: '66.249.84.1',
};

/** email a → delay 24 h → trigger opened within 2 days → yes: email b (a follow-up without subject) / no: email c. */
const SEQUENCE = flowchartOf(
  [
    blocks.start(),
    blocks.email('a', [
      emailVariant({
        subject: 'Hello {{firstName}}',
        content: '<p>Hi {{firstName}}, <a href="https://example.com/x">look</a></p>',
      }),
    ]),
    blocks.delay('wait', 24),
    blocks.trigger('opened', { triggerType: 'email_opened', time: 2 * 24 * 60, degreeLevels: [] }),
    blocks.email('b', [emailVariant({ subject: '', content: '<p>Glad you read it, {{firstName}}</p>' })]),
    blocks.email('c', [emailVariant({ subject: 'Another idea', content: '<p>Maybe this, {{firstName}}?</p>' })]),
  ],
  [
    ['start', 'a'],
    ['a', 'wait'],
    ['wait', 'opened'],
    ['opened', 'b', 'yes'],
    ['opened', 'c', 'no'],
  ],
);

const ONE_EMAIL = flowchartOf(
  [blocks.start(), blocks.email('only', [emailVariant({ subject: 'One', content: '<p>Once</p>' })])],
  [['start', 'only']],
);

describe('the campaign executor', () => {
  let store: EngineDatabase;
  let dir: string;
  let cipher: CredentialCipher;
  let owner: Owner;
  let server: CampaignSink;
  const engines: MailEngine[] = [];

  before(async () => {
    store = await openEngineDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'lf-campaign-'));
    cipher = testCipher(dir);
    owner = await createOwner(store.database);
    server = await startCampaignSink();
  });
  after(async () => {
    for (const engine of engines) await engine.close();
    await server?.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const db = () => store.database.db;

  /** A mailbox of its own for each test; every other mailbox is paused so no earlier row is claimed. */
  async function world(clock: TestClock, extra: Partial<ExecutorOptions> = {}) {
    const mailboxId = await createMailbox(store.database, owner, cipher, {
      port: server.port,
      dailyLimit: 5_000,
      minGapSeconds: 0,
      maxGapSeconds: 0,
    });
    await db().execute(sql`update email_accounts set status = 'paused' where id <> ${mailboxId} and status = 'active'`);
    const engine = testEngine({ db: db(), cipher, now: clock.now });
    engines.push(engine);
    // Recipients move side by side on PostgreSQL, as the area runs them there.
    const concurrency = process.env.LEADFORGE_TEST_STORE === 'postgres' ? 4 : 1;
    const executor = new CampaignExecutorEngine({ db: db(), mail: engine, now: clock.now, concurrency, ...extra });
    // The area's wiring: a settled answer brings its recipient's next look forward.
    const hints: Promise<unknown>[] = [];
    engine.onSettled((reports) => {
      const hint = executor.messagesSettled(reports.map((report) => report.outboundId)).then(() => undefined);
      hints.push(hint);
      return hint;
    });
    /** Ticks and dispatches until neither has anything left to do now. */
    const settle = async () => {
      for (let round = 0; round < 20; round += 1) {
        const tick = await executor.tick();
        const pass = await engine.dispatch();
        await Promise.all(hints.splice(0));
        if (tick.moved === 0 && tick.events === 0 && pass.attempted === 0) {
          // One more tick reads the answers the last dispatch wrote.
          const last = await executor.tick();
          if (last.moved === 0 && last.events === 0) return;
        }
      }
    };
    return { mailboxId, engine, executor, settle };
  }

  const recipientsOf = (campaignId: number) =>
    rowsOf<{ id: string; email: string; status: string; node_id: string | null; sent: number; open: number; reply: number }>(
      store.database,
      sql`select id, email, status, node_id, sent, open, reply from campaign_recipients where campaign_id = ${campaignId} order by id`,
    );
  const mailTo = (address: string) => server.received.filter((mail) => mail.to.includes(address));
  const openToken = async (campaignId: number, recipientId: number) => {
    const [row] = await rowsOf<{ id: string }>(
      store.database,
      sql`select l.id from mail_tracking_links l join mail_outbound o on o.id = l.outbound_id
          where o.campaign_id = ${campaignId} and o.recipient_id = ${recipientId} and l.kind = 'open' order by o.id desc limit 1`,
    );
    return row!.id;
  };
  const stat = async (campaignId: number, kind: string, nodeId = '') => {
    const [row] = await rowsOf<{ count: string | null; unique_count: string | null }>(
      store.database,
      sql`select sum(count) as count, sum(unique_count) as unique_count from campaign_daily_stats
          where campaign_id = ${campaignId} and kind = ${kind} and node_id = ${nodeId}`,
    );
    return { count: Number(row?.count ?? 0), unique: Number(row?.unique_count ?? 0) };
  };

  it('runs email → delay → trigger opened: a human open goes Yes in the same thread, a machine open does not, the window end goes No', async () => {
    const clock = new TestClock(new Date('2030-03-04T09:00:00Z'));
    const { mailboxId, settle } = await world(clock);
    const tag = Date.now().toString(36);
    const addresses = ['ann', 'bob', 'cid'].map((name) => `${name}-${tag}@client.example`);
    const { campaignId, recipientIds } = await createLaunchedCampaign(store.database, owner, {
      flowchart: SEQUENCE,
      senders: [mailboxId],
      recipients: addresses.map((email, index) => ({ email, firstName: ['Ann', 'Bob', 'Cid'][index]! })),
      startAt: clock.now(),
    });

    await settle();
    for (const [index, address] of addresses.entries()) {
      const [first] = mailTo(address);
      assert.ok(first, `the first email reached ${address}`);
      assert.equal(headerOf(first.raw, 'Subject'), `Hello ${['Ann', 'Bob', 'Cid'][index]}`);
      assert.match(headerOf(first.raw, 'List-Unsubscribe') ?? '', /^<https?:\/\/.+>/);
      assert.equal(headerOf(first.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    }
    let rows = await recipientsOf(campaignId);
    assert.deepEqual(
      rows.map((row) => [row.node_id, row.status, row.sent]),
      [
        ['wait', 'active', 1],
        ['wait', 'active', 1],
        ['wait', 'active', 1],
      ],
    );

    // The delay counts from the send: nothing moves an hour before it ends.
    clock.advance(23 * HOUR);
    await settle();
    assert.equal(server.received.filter((mail) => addresses.some((address) => mail.to.includes(address))).length, 3);
    clock.advance(HOUR + 60_000);
    await settle();
    rows = await recipientsOf(campaignId);
    assert.deepEqual(
      rows.map((row) => row.node_id),
      ['opened', 'opened', 'opened'],
    );

    const tracking = new TrackingService(db(), clock.now);
    assert.equal(await tracking.open(await openToken(campaignId, recipientIds[0]!), HUMAN), true);
    assert.equal(await tracking.open(await openToken(campaignId, recipientIds[1]!), MACHINE), true);
    await settle();

    // Ann opened: email b leaves at once, answering email a in its thread.
    const annMails = mailTo(addresses[0]!);
    assert.equal(annMails.length, 2);
    assert.equal(headerOf(annMails[1]!.raw, 'Subject'), 'Re: Hello Ann');
    assert.equal(headerOf(annMails[1]!.raw, 'In-Reply-To'), headerOf(annMails[0]!.raw, 'Message-ID'));
    assert.equal(headerOf(annMails[1]!.raw, 'References'), headerOf(annMails[0]!.raw, 'Message-ID'));
    // Bob's open came from an image proxy: his trigger still waits.
    assert.equal(mailTo(addresses[1]!).length, 1);
    assert.equal(mailTo(addresses[2]!).length, 1);

    clock.advance(2 * 24 * HOUR);
    await settle();
    for (const address of addresses.slice(1)) {
      const mails = mailTo(address);
      assert.equal(mails.length, 2, `${address} got email c when the window ended`);
      assert.equal(headerOf(mails[1]!.raw, 'Subject'), 'Another idea');
    }
    rows = await recipientsOf(campaignId);
    assert.deepEqual(
      rows.map((row) => [row.status, row.sent, row.open]),
      [
        ['done', 2, 1],
        ['done', 2, 0],
        ['done', 2, 0],
      ],
    );
    assert.deepEqual(await stat(campaignId, 'sent'), { count: 6, unique: 3 });
    assert.deepEqual(await stat(campaignId, 'opened'), { count: 1, unique: 1 });
    assert.deepEqual(await stat(campaignId, 'opened', 'a'), { count: 1, unique: 1 });
    assert.deepEqual(await stat(campaignId, 'sent', 'b'), { count: 1, unique: 1 });
    assert.deepEqual(await stat(campaignId, 'sent', 'c'), { count: 2, unique: 2 });

    // Ticks replayed after the end send nothing more.
    await settle();
    await settle();
    assert.equal(server.received.filter((mail) => addresses.some((address) => mail.to.includes(address))).length, 6);
  });

  it('stops a recipient on a reply, a hard bounce (SMTP and DSN) and an unsubscribe; an auto-reply is an event only', async () => {
    const clock = new TestClock(new Date('2030-04-01T09:00:00Z'));
    const { mailboxId, executor, settle } = await world(clock);
    const tag = Date.now().toString(36);
    const addresses = ['reply', 'smtp-bounce', 'dsn-bounce', 'unsub', 'auto'].map((name) => `${name}-${tag}@client.example`);
    const { campaignId, recipientIds } = await createLaunchedCampaign(store.database, owner, {
      flowchart: SEQUENCE,
      senders: [mailboxId],
      recipients: addresses.map((email) => ({ email })),
      startAt: clock.now(),
    });
    server.refuse.add(addresses[1]!);
    await settle();

    const outboundOf = async (recipientId: number) =>
      (
        await rowsOf<{ id: string; email_account_id: number; message_id: string }>(
          store.database,
          sql`select id, email_account_id, message_id from mail_outbound where campaign_id = ${campaignId} and recipient_id = ${recipientId} order by id limit 1`,
        )
      )[0]!;
    const inbound = async (recipientId: number, kind: string, bounce: object | null = null) => {
      const outbound = await outboundOf(recipientId);
      await db().execute(
        sql`insert into mail_inbound (account_id, user_id, email_account_id, folder, uid, message_id, from_address, received_at, class, outbound_id, bounce)
            values (${owner.accountId}, ${owner.userId}, ${outbound.email_account_id}, 'INBOX', ${recipientId}, ${`<in-${recipientId}-${kind}@client.example>`},
              'someone@client.example', ${clock.now().toISOString()}::timestamptz, ${kind}, ${outbound.id}, ${bounce ? JSON.stringify(bounce) : null}::jsonb)`,
      );
    };
    await inbound(recipientIds[0]!, 'reply');
    await inbound(recipientIds[2]!, 'bounce', { severity: 'hard', status: '5.1.1' });
    await inbound(recipientIds[4]!, 'areply');
    const unsubscribeToken = (
      await rowsOf<{ id: string }>(
        store.database,
        sql`select l.id from mail_tracking_links l where l.outbound_id = ${(await outboundOf(recipientIds[3]!)).id} and l.kind = 'unsubscribe'`,
      )
    )[0]!.id;
    await new UnsubscribeService(db(), clock.now).unsubscribe(unsubscribeToken, HUMAN);
    await settle();

    const rows = await recipientsOf(campaignId);
    assert.deepEqual(
      rows.map((row) => row.status),
      ['reply', 'bounce', 'bounce', 'unsubscribe', 'active'],
    );
    assert.equal(rows[0]!.reply, 1);
    assert.equal((await stat(campaignId, 'replied')).count, 1);
    assert.equal((await stat(campaignId, 'bounced')).count, 2);
    assert.equal((await stat(campaignId, 'unsubscribed')).count, 1);
    assert.equal((await stat(campaignId, 'auto_replied')).count, 1);

    // The sweep read every row once: more ticks record nothing new.
    const again = await executor.tick();
    assert.equal(again.events, 0);

    // Stopped recipients get nothing more; the auto-replier goes on to the end.
    clock.advance(25 * HOUR);
    await settle();
    clock.advance(49 * HOUR);
    await settle();
    for (const address of addresses.slice(0, 4)) assert.ok(mailTo(address).length <= 1, `${address} got no follow-up`);
    assert.equal(mailTo(addresses[4]!).length, 2);
  });

  it('sends exactly once when ticks run twice at once, and when a worker stops between the enqueue and its record', async () => {
    const clock = new TestClock(new Date('2030-05-06T09:00:00Z'));
    const { mailboxId, engine, executor, settle } = await world(clock);
    const tag = Date.now().toString(36);
    const addresses = Array.from({ length: 6 }, (_, index) => `once-${index}-${tag}@client.example`);
    const { campaignId } = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [mailboxId],
      recipients: addresses.slice(0, 3).map((email) => ({ email })),
      startAt: clock.now(),
    });
    // A replayed job: the same tick twice at the same time.
    await Promise.all([executor.tick(), executor.tick()]);
    await settle();
    for (const address of addresses.slice(0, 3)) assert.equal(mailTo(address).length, 1);

    // A worker that stops right after the mail engine took the message, before the step recorded it.
    const crashing = new CampaignExecutorEngine({
      db: db(),
      now: clock.now,
      mail: {
        enqueue: async (message) => {
          await engine.enqueue(message);
          throw new Error('the worker stopped');
        },
      },
    });
    const second = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [mailboxId],
      recipients: addresses.slice(3).map((email) => ({ email })),
      startAt: clock.now(),
    });
    await crashing.tick();
    // Its claims hold the recipients until their lease ends; then a restarted worker goes on.
    await settle();
    let rows = await recipientsOf(second.campaignId);
    assert.ok(rows.every((row) => row.sent === 0));
    clock.advance(6 * 60_000);
    const restarted = new CampaignExecutorEngine({ db: db(), mail: engine, now: clock.now });
    await restarted.tick();
    await engine.dispatch();
    await restarted.tick();
    await settle();
    for (const address of addresses.slice(3)) assert.equal(mailTo(address).length, 1, `${address} got exactly one message`);
    rows = await recipientsOf(second.campaignId);
    assert.deepEqual(
      rows.map((row) => [row.status, row.sent]),
      [
        ['done', 1],
        ['done', 1],
        ['done', 1],
      ],
    );
    assert.deepEqual(
      (await recipientsOf(campaignId)).map((row) => row.status),
      ['done', 'done', 'done'],
    );
  });

  it('pauses a campaign whose bounce rate reaches 5 % after 50 sends, holding its queued mail until it resumes', async () => {
    const clock = new TestClock(new Date('2030-06-03T09:00:00Z'));
    const { mailboxId, engine, executor, settle } = await world(clock);
    const tag = Date.now().toString(36);
    const addresses = Array.from({ length: 60 }, (_, index) => `bulk-${index}-${tag}@client.example`);
    const bouncing = new Set(addresses.slice(0, 3));
    const { campaignId } = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [mailboxId],
      recipients: addresses.map((email) => ({ email })),
      startAt: clock.now(),
    });
    for (const address of bouncing) server.refuse.add(address);
    await settle();
    const [campaign] = await rowsOf<{ status: string; paused_reason: string | null }>(
      store.database,
      sql`select status, paused_reason from campaigns where id = ${campaignId}`,
    );
    assert.deepEqual(campaign, { status: 'pause', paused_reason: 'bounce_rate' });
    assert.equal((await stat(campaignId, 'bounced')).count, 3);

    // Pausing holds what is queued; resuming lets it go.
    const third = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [mailboxId],
      recipients: [{ email: `held-${tag}@client.example` }],
      startAt: clock.now(),
    });
    await executor.tick();
    await executor.pause(third.campaignId);
    await engine.dispatch();
    assert.equal(mailTo(`held-${tag}@client.example`).length, 0);
    await executor.resume(third.campaignId);
    await settle();
    assert.equal(mailTo(`held-${tag}@client.example`).length, 1);
  });

  it('pauses a campaign whose complaint rate reaches 0.1 % after 50 sends: a spam report stops its recipient', async () => {
    const clock = new TestClock(new Date('2030-06-10T09:00:00Z'));
    const { mailboxId, settle } = await world(clock);
    const tag = Date.now().toString(36);
    const addresses = Array.from({ length: 55 }, (_, index) => `complaint-${index}-${tag}@client.example`);
    const { campaignId, recipientIds } = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [mailboxId],
      recipients: addresses.map((email) => ({ email })),
      startAt: clock.now(),
    });
    await settle();
    assert.equal(addresses.filter((address) => mailTo(address).length === 1).length, 55);
    const [outbound] = await rowsOf<{ id: string }>(
      store.database,
      sql`select id from mail_outbound where campaign_id = ${campaignId} and recipient_id = ${recipientIds[7]!}`,
    );
    // What the IMAP sync stores for a feedback loop's report (classify.ts: complaint).
    await db().execute(
      sql`insert into mail_inbound (account_id, user_id, email_account_id, folder, uid, message_id, from_address, received_at, class, outbound_id)
          values (${owner.accountId}, ${owner.userId}, ${mailboxId}, 'INBOX', 1, ${`<arf-${tag}@fbl.example>`}, 'feedback@fbl.example',
            ${clock.now().toISOString()}::timestamptz, 'complaint', ${outbound!.id})`,
    );
    await settle();
    const [campaign] = await rowsOf<{ status: string; paused_reason: string | null }>(
      store.database,
      sql`select status, paused_reason from campaigns where id = ${campaignId}`,
    );
    assert.deepEqual(campaign, { status: 'pause', paused_reason: 'complaint_rate' });
    assert.equal((await stat(campaignId, 'complained')).count, 1);
    const [recipient] = await rowsOf<{ status: string; status_reason: string }>(
      store.database,
      sql`select status, status_reason from campaign_recipients where id = ${recipientIds[7]!}`,
    );
    assert.deepEqual(recipient, { status: 'unsubscribe', status_reason: 'complaint' });
  });

  it('moves recipients to another sender when theirs is removed, and pauses the campaign when none is left', async () => {
    const clock = new TestClock(new Date('2030-07-01T09:00:00Z'));
    const { mailboxId, settle } = await world(clock);
    const spare = await createMailbox(store.database, owner, cipher, {
      port: server.port,
      dailyLimit: 5_000,
      minGapSeconds: 0,
      maxGapSeconds: 0,
    });
    const tag = Date.now().toString(36);
    const addresses = [`move-1-${tag}@client.example`, `move-2-${tag}@client.example`];
    const { campaignId, recipientIds } = await createLaunchedCampaign(store.database, owner, {
      flowchart: SEQUENCE,
      senders: [mailboxId, spare],
      recipients: addresses.map((email) => ({ email })),
      startAt: clock.now(),
    });
    await settle();
    const senders = await rowsOf<{ email_account_id: number }>(
      store.database,
      sql`select email_account_id from campaign_recipients where campaign_id = ${campaignId} order by id`,
    );
    // Rotation: one recipient per sender.
    assert.deepEqual(new Set(senders.map((row) => row.email_account_id)), new Set([mailboxId, spare]));

    await db().execute(sql`update email_accounts set deleted_at = now() where id = ${spare}`);
    clock.advance(25 * HOUR);
    await settle();
    clock.advance(49 * HOUR);
    await settle();
    const after = await rowsOf<{ email_account_id: number; sent: number }>(
      store.database,
      sql`select email_account_id, sent from campaign_recipients where campaign_id = ${campaignId} order by id`,
    );
    assert.deepEqual(
      after.map((row) => [row.email_account_id, row.sent]),
      [
        [mailboxId, 2],
        [mailboxId, 2],
      ],
    );
    assert.ok(recipientIds.length === 2);

    const lone = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [spare],
      recipients: [{ email: `lone-${tag}@client.example` }],
      startAt: clock.now(),
    });
    await settle();
    const [campaign] = await rowsOf<{ status: string; paused_reason: string | null }>(
      store.database,
      sql`select status, paused_reason from campaigns where id = ${lone.campaignId}`,
    );
    assert.deepEqual(campaign, { status: 'pause', paused_reason: 'sender_removed' });
  });
  it('runs as a durable pg-boss job chain: a wake-up ticks, the send is read back, a replayed tick sends nothing more', async () => {
    const mailboxId = await createMailbox(store.database, owner, cipher, {
      port: server.port,
      dailyLimit: 5_000,
      minGapSeconds: 0,
      maxGapSeconds: 0,
    });
    await db().execute(sql`update email_accounts set status = 'paused' where id <> ${mailboxId} and status = 'active'`);
    const engine = testEngine({ db: db(), cipher });
    engines.push(engine);
    // The process's executor, as the area makes it (real clock): the tick job finds it.
    const service = campaignExecutorFor({ db: db(), mail: engine });
    engine.onSettled(async (reports) => {
      if (await service.engine.messagesSettled(reports.map((report) => report.outboundId))) await service.wake(0);
    });
    const queue = createJobQueue({
      database: store.database,
      logger: silentLogger,
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      stopTimeoutMs: 1_000,
    });
    await campaignExecutorArea.jobs!(queue, {
      database: store.database,
      logger: silentLogger,
      push: { emitToUser: () => undefined, emitToTeam: () => undefined },
      config: {} as AppConfig,
    });
    await queue.start();
    try {
      service.useQueue(queue);
      const address = `durable-${Date.now().toString(36)}@client.example`;
      const { campaignId, recipientIds } = await createLaunchedCampaign(store.database, owner, {
        flowchart: ONE_EMAIL,
        senders: [mailboxId],
        recipients: [{ email: address }],
        options: { automaticallyComplete: true },
        startAt: new Date(),
      });
      await service.wake(campaignId);
      await waitFor(
        async () => {
          const [row] = await rowsOf<{ id: string }>(
            store.database,
            sql`select id from mail_outbound where campaign_id = ${campaignId}`,
          );
          return row;
        },
        { what: 'the tick job to queue the email' },
      );
      await engine.dispatch();
      const done = await waitFor(
        async () => {
          const [row] = await rowsOf<{ status: string; sent: number }>(
            store.database,
            sql`select status, sent from campaign_recipients where id = ${recipientIds[0]!}`,
          );
          return row?.status === 'done' ? row : undefined;
        },
        { what: 'the tick job to read the send and end the sequence' },
      );
      assert.equal(done.sent, 1);
      // automaticallyComplete: nobody is left to send to.
      const [campaign] = await rowsOf<{ status: string; completed_at: unknown }>(
        store.database,
        sql`select status, completed_at from campaigns where id = ${campaignId}`,
      );
      assert.equal(campaign?.status, 'completed');
      assert.ok(campaign?.completed_at);
      // A replayed tick (a new job, as after a retry) changes nothing.
      const replay = await queue.enqueue(CAMPAIGN_TICK_JOB, {}, { idempotencyKey: `replay-${campaignId}` });
      await waitFor(async () => ((await queue.getJob(CAMPAIGN_TICK_JOB, replay!))?.state === 'completed' ? true : undefined), {
        what: 'the replayed tick',
      });
      await engine.dispatch();
      assert.equal(mailTo(address).length, 1);
      assert.equal((await stat(campaignId, 'sent')).count, 1);
    } finally {
      service.useQueue(undefined);
      await queue.stop();
    }
  });
  it('runs LinkedIn blocks through the runner: the invitation’s value set follows its outcome, an acceptance fires the trigger, the message goes', async () => {
    const clock = new TestClock(new Date('2030-08-05T09:00:00Z'));
    await db().execute(sql`update linkedin_accounts set state = 'deleted', deleted_at = now() where deleted_at is null`);
    const account = await createLinkedinAccount(store.database, owner, cipher);
    const network = recordingNetwork(store.database, { acceptRate: 1, acceptHours: { min: 2, max: 3 }, replyRate: 0 });
    const runner = testRunner(store.database, cipher, network, { now: clock.now });
    const engine = testEngine({ db: db(), cipher, now: clock.now });
    engines.push(engine);
    const executor = new CampaignExecutorEngine({ db: db(), mail: engine, linkedin: runner, now: clock.now });
    const hints: Promise<unknown>[] = [];
    runner.onOutcome((event) => {
      if (event.campaign) hints.push(executor.actionSettled(event.campaign.campaignId, event.campaign.recipientId));
    });
    runner.onInbound((event) => {
      if (event.kind === 'invite_accepted' && event.campaignId !== null && event.recipientId !== null) {
        hints.push(
          executor.linkedinInbound({
            campaignId: event.campaignId,
            recipientId: event.recipientId,
            kind: 'invite_accepted',
            at: event.acceptedAt,
            sourceKey: `linkedin-invitation:${event.invitationId}`,
          }),
        );
      }
    });
    const run = async () => {
      for (let round = 0; round < 10; round += 1) {
        const tick = await executor.tick();
        const pass = await runner.runOnce();
        await Promise.all(hints.splice(0));
        if (tick.moved === 0 && pass.performed === 0) return;
      }
    };
    const [stranger] = peopleByDegree(account.memberKey, `campaign-${Date.now()}`, 1, false);
    const flowchart = flowchartOf(
      [
        blocks.start(),
        blocks.linkedin('invite', { actionType: 'invite', content: 'Hi {{firstName}}, let us connect.' }),
        blocks.trigger('accepted', { triggerType: 'invite_accepted', time: 7 * 24 * 60, degreeLevels: [] }),
        blocks.linkedin('thanks', { actionType: 'message', content: 'Thanks for connecting, {{firstName}}!' }),
        blocks.goal('connected', 'Connected'),
      ],
      [
        ['start', 'invite'],
        ['invite', 'accepted'],
        ['accepted', 'thanks', 'yes'],
        ['accepted', 'connected', 'no'],
        ['thanks', 'connected'],
      ],
    );
    const { campaignId, recipientIds } = await createLaunchedCampaign(store.database, owner, {
      flowchart,
      senders: [],
      linkedinSenders: [account.id],
      recipients: [{ email: null, firstName: 'Lea', linkedinUrl: stranger! }],
      startAt: clock.now(),
    });
    const recipient = async () =>
      (
        await rowsOf<{
          status: string;
          node_id: string;
          linkedin_invite: string;
          linkedin_message: number;
          goals: string[] | string;
          linkedin_account_id: number;
        }>(
          store.database,
          sql`select status, node_id, linkedin_invite, linkedin_message, goals, linkedin_account_id from campaign_recipients where id = ${recipientIds[0]!}`,
        )
      )[0]!;

    await executor.tick();
    assert.equal((await recipient()).linkedin_invite, 'scheduled');
    await run();
    let row = await recipient();
    assert.deepEqual([row.node_id, row.linkedin_invite, row.linkedin_account_id], ['accepted', 'sent', account.id]);
    assert.equal(network.calls.filter((call) => call.request.action === 'invite').length, 1);

    clock.advance(4 * 3_600_000);
    await runner.pollInbox(account.id);
    await Promise.all(hints.splice(0));
    await run();
    row = await recipient();
    assert.equal(row.linkedin_invite, 'accepted');
    assert.equal(row.linkedin_message, 1);
    assert.equal(row.status, 'done');
    assert.deepEqual(typeof row.goals === 'string' ? JSON.parse(row.goals) : row.goals, ['Connected']);
    const messages = network.calls.filter((call) => call.request.action === 'message');
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.request.content, 'Thanks for connecting, Lea!');
    assert.equal((await stat(campaignId, 'linkedin_invite')).count, 1);
    assert.equal((await stat(campaignId, 'linkedin_invite_accepted')).count, 1);
    assert.equal((await stat(campaignId, 'goal', 'connected')).count, 1);
  });
  it('sends inside the schedule: the first email waits for the sending hours, the delay lands on the next sending day', async () => {
    // Friday 2030-03-08 20:00 Berlin: after hours.
    const clock = new TestClock(new Date('2030-03-08T19:00:00Z'));
    const { mailboxId, settle } = await world(clock);
    const address = `scheduled-${Date.now().toString(36)}@client.example`;
    const { recipientIds } = await createLaunchedCampaign(store.database, owner, {
      flowchart: SEQUENCE,
      senders: [mailboxId],
      recipients: [{ email: address, firstName: 'Sam' }],
      schedule: {
        timezone: 'Europe/Berlin',
        days: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, enabled: true, from: '9:00 AM', to: '5:00 PM' })),
      },
      startAt: clock.now(),
    });
    await settle();
    assert.equal(mailTo(address).length, 0, 'nothing leaves after hours');
    const [queued] = await rowsOf<{ not_before: Date | string }>(
      store.database,
      sql`select not_before from mail_outbound where recipient_id = ${recipientIds[0]!} and campaign_id is not null`,
    );
    // Monday 9:00 Berlin.
    assert.equal(new Date(queued!.not_before).toISOString(), '2030-03-11T08:00:00.000Z');

    clock.set(new Date('2030-03-11T08:00:00Z'));
    await settle();
    assert.equal(mailTo(address).length, 1);
    // The one-day delay ends Tuesday 9:00 Berlin, inside the hours: the trigger is entered then.
    const [row] = await rowsOf<{ node_id: string; wait_until: Date | string }>(
      store.database,
      sql`select node_id, wait_until from campaign_recipients where id = ${recipientIds[0]!}`,
    );
    assert.equal(row!.node_id, 'wait');
    assert.equal(new Date(row!.wait_until).toISOString(), '2030-03-12T08:00:00.000Z');
  });
  it('keeps the campaign’s own daily limits on its schedule’s days, orders shared mail by the campaign’s priorities, and renders dynamic text', async () => {
    const clock = new TestClock(new Date('2030-07-01T10:00:00Z'));
    const { mailboxId, settle } = await world(clock);
    const tag = Date.now().toString(36);
    const addresses = Array.from({ length: 7 }, (_, index) => `limited-${index}-${tag}@client.example`);
    const spun = flowchartOf(
      [blocks.start(), blocks.email('only', [emailVariant({ subject: '{Hello|Hi} there', content: '<p>{Quick|Short} question</p>' })])],
      [['start', 'only']],
    );
    const { campaignId } = await createLaunchedCampaign(store.database, owner, {
      flowchart: spun,
      senders: [mailboxId],
      recipients: addresses.map((email) => ({ email })),
      options: { dailyLimit: 5, firstEmailDailyLimit: 3, campaignPriority: 7, recipientsPriority: 80 },
      startAt: clock.now(),
    });
    const sentTo = () => addresses.filter((address) => mailTo(address).length > 0).length;
    await settle();
    // Every email of this sequence is a first email: the smaller limit holds.
    assert.equal(sentTo(), 3, 'three first emails on the first day');
    const [waiting] = await rowsOf<{ count: string; next: Date | string }>(
      store.database,
      sql`select count(*) as count, min(next_run_at) as next from campaign_recipients where campaign_id = ${campaignId} and status = 'active'`,
    );
    assert.equal(Number(waiting!.count), 4, 'the others wait, still active');
    assert.equal(new Date(waiting!.next).toISOString(), '2030-07-02T00:00:00.000Z', 'until the next day (UTC without a schedule)');
    const [day] = await rowsOf<{ emails: number; first_emails: number }>(
      store.database,
      sql`select emails, first_emails from campaign_daily_sends where campaign_id = ${campaignId} and day = '2030-07-01'`,
    );
    assert.deepEqual({ emails: Number(day!.emails), first: Number(day!.first_emails) }, { emails: 3, first: 3 });
    // A first email of priority 7 with follow-ups preferred at 80: 8 × 1,000 + (100 − 80).
    const priorities = await rowsOf<{ priority: number }>(
      store.database,
      sql`select distinct priority from mail_outbound where campaign_id = ${campaignId}`,
    );
    assert.deepEqual(priorities.map((row) => Number(row.priority)), [8_020]);

    clock.set(new Date('2030-07-02T00:00:00Z'));
    await settle();
    assert.equal(sentTo(), 6, 'three more the next day');
    clock.set(new Date('2030-07-03T00:00:00Z'));
    await settle();
    assert.equal(sentTo(), 7);
    // Exactly once each, whatever the waiting.
    assert.deepEqual(addresses.map((address) => mailTo(address).length), addresses.map(() => 1));
    for (const address of addresses) {
      const raw = mailTo(address)[0]!.raw;
      assert.match(headerOf(raw, 'Subject') ?? '', /^(Hello|Hi) there$/);
      assert.match(raw.replace(/=\r\n/g, ''), /(Quick|Short) question/);
      assert.doesNotMatch(raw, /\{(Quick|Hello)\|/);
    }
  });

  it('completes a campaign when its end moment comes, holding what it had queued', async () => {
    const clock = new TestClock(new Date('2030-08-05T08:00:00Z'));
    const { mailboxId, engine, executor } = await world(clock);
    const address = `ending-${Date.now().toString(36)}@client.example`;
    const { campaignId } = await createLaunchedCampaign(store.database, owner, {
      flowchart: ONE_EMAIL,
      senders: [mailboxId],
      recipients: [{ email: address }],
      startAt: clock.now(),
    });
    // Ends at 12:00 in Kyiv: 09:00 UTC in summer.
    await db().execute(
      sql`update campaigns set complete_at = ${JSON.stringify({ date: '2030-08-05', time: '12:00 PM', timeZone: 'Europe/Kyiv' })}::jsonb where id = ${campaignId}`,
    );
    await executor.tick();
    const status = async () =>
      (await rowsOf<{ status: string }>(store.database, sql`select status from campaigns where id = ${campaignId}`))[0]!.status;
    assert.equal(await status(), 'active', 'running before its end');
    clock.set(new Date('2030-08-05T09:00:00Z'));
    await executor.tick();
    assert.equal(await status(), 'completed');
    await engine.dispatch();
    assert.equal(mailTo(address).length, 0, 'its queued email is held for good');
  });
});
