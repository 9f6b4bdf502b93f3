/**
 * The sending engine on a real database (PostgreSQL, or PGlite's single connection) against SMTP
 * servers on loopback: the row and its Message-ID exist before anything is sent, each message is
 * sent once, the limits hold in the database, and every answer (accept, 4xx, 5xx, a drop before or
 * after the body, a slow server, a refused login) lands in its state.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { mailboxDailyMax } from '@leadforge/contracts';
import type { CredentialCipher } from '../secrets/credentials';
import {
  TestClock,
  createMailbox,
  createOwner,
  headerOf,
  openEngineDatabase,
  rowsOf,
  startRecordingServer,
  testCipher,
  testEngine,
  type EngineDatabase,
  type MailboxSettings,
  type Owner,
  type RecordingServer,
} from './engine-fixtures';
import type { MailEngine, MailEngineOptions, OutboundMessage } from './outbox';
import { startScriptedPeer } from './test-peers';

interface OutboundView {
  id: number;
  state: string;
  attempts: number;
  message_id: string;
  provider_message_id: string | null;
  last_error: string | null;
  enhanced_code: string | null;
  not_before: Date;
  sent_at: Date | null;
}

describe('the sending engine', () => {
  let store: EngineDatabase;
  let dir: string;
  let cipher: CredentialCipher;
  let owner: Owner;
  const engines: MailEngine[] = [];
  const servers: { close(): Promise<void> }[] = [];

  before(async () => {
    store = await openEngineDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'lf-outbox-'));
    cipher = testCipher(dir);
    owner = await createOwner(store.database);
  });
  after(async () => {
    for (const engine of engines) await engine.close();
    for (const server of servers) await server.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const db = () => store.database.db;

  /** A mailbox of its own for each test; every other mailbox is paused so no earlier row is claimed. */
  async function mailboxOn(settings: MailboxSettings): Promise<number> {
    const id = await createMailbox(store.database, owner, cipher, settings);
    await db().execute(sql`update email_accounts set status = 'paused' where id <> ${id} and status = 'active'`);
    return id;
  }

  function engineOn(clock: TestClock, extra: Partial<MailEngineOptions> = {}): MailEngine {
    const engine = testEngine({ db: db(), cipher, now: clock.now, ...extra });
    engines.push(engine);
    return engine;
  }

  async function recording(options: { password?: string } = {}): Promise<RecordingServer> {
    const server = await startRecordingServer(options);
    servers.push(server);
    return server;
  }

  const message = (mailboxId: number, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
    kind: 'single',
    owner,
    emailAccountId: mailboxId,
    to: 'bob@recipient.example',
    subject: 'A question',
    html: '<p>Hi Bob, see <a href="https://roadmap.example/q3">our roadmap</a>.</p>',
    ...extra,
  });

  const outbound = async (id: number): Promise<OutboundView> => {
    const row = (await rowsOf<OutboundView>(store.database, sql`select * from mail_outbound where id = ${id}`))[0]!;
    // node-postgres through drizzle's raw execute answers timestamps as text.
    return { ...row, not_before: new Date(row.not_before) };
  };

  it('writes the row and its Message-ID before anything is sent, and sends it once with that id', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port });
    const clock = new TestClock();
    const engine = engineOn(clock);

    const queued = await engine.enqueue(message(mailbox, { idempotencyKey: 'order-1' }));
    assert.equal(queued.status, 'queued');
    if (queued.status !== 'queued') return;
    const row = await outbound(queued.outboundId);
    assert.equal(row.state, 'queued');
    assert.match(row.message_id, /^<[0-9a-f]{32}@sender\.example>$/);
    assert.equal(server.received.length, 0, 'nothing left before a dispatcher took it');

    const again = await engine.enqueue(message(mailbox, { idempotencyKey: 'order-1' }));
    assert.deepEqual(again.status === 'queued' && [again.outboundId, again.messageId, again.duplicate], [queued.outboundId, row.message_id, true]);

    const pass = await engine.dispatch();
    assert.equal(pass.attempted, 1);
    assert.equal(server.received.length, 1);
    assert.equal(headerOf(server.received[0]!.raw, 'Message-ID'), row.message_id);
    const sent = await outbound(queued.outboundId);
    assert.equal(sent.state, 'sent');
    assert.equal(sent.attempts, 1);

    // Nothing due any more: a second pass sends nothing.
    assert.equal((await engine.dispatch()).attempted, 0);
    assert.equal(server.received.length, 1);
    const [usage] = await rowsOf<{ sent: number; warmup: number }>(store.database, sql`select sent, warmup from mailbox_daily_usage where email_account_id = ${mailbox}`);
    assert.deepEqual(usage, { sent: 1, warmup: 0 });
  });

  it('does not queue an address on the account’s no-send list, and fails a queued one that joined it before its send', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port });
    const engine = engineOn(new TestClock());
    await db().execute(sql`insert into mail_suppressions (account_id, email, reason) values (${owner.accountId}, 'gone@recipient.example', 'unsubscribe')`);
    assert.deepEqual(await engine.enqueue(message(mailbox, { to: 'GONE@recipient.example' })), { status: 'suppressed' });

    const queued = await engine.enqueue(message(mailbox, { to: 'later@recipient.example' }));
    assert.equal(queued.status, 'queued');
    await db().execute(sql`insert into mail_suppressions (account_id, email, reason) values (${owner.accountId}, 'Later@Recipient.example', 'unsubscribe')`);
    await engine.dispatch();
    assert.equal(server.received.length, 0);
    if (queued.status === 'queued') assert.equal((await outbound(queued.outboundId)).state, 'failed');
  });

  it('rewrites links and adds the pixel and one-click unsubscribe headers when the message asks for them', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port, signatureHtml: '<p>Ann, <a href="https://sender.example">Sender Inc</a></p>' });
    const engine = engineOn(new TestClock());
    const queued = await engine.enqueue(message(mailbox, { tracking: { opens: true, clicks: true }, unsubscribe: true }));
    assert.equal(queued.status, 'queued');
    if (queued.status !== 'queued') return;
    assert.match(queued.unsubscribeUrl ?? '', /^https:\/\/app\.example\.test\/email-unsubscribe\/[A-Za-z0-9_-]{24}$/);
    await engine.dispatch();
    const raw = server.received[0]!.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    assert.doesNotMatch(raw, /href="https:\/\/roadmap\.example/, 'the link is wrapped');
    assert.match(raw, /href="https:\/\/app\.example\.test\/t\/c\/[A-Za-z0-9_-]{24}"/);
    assert.match(raw, /src="https:\/\/app\.example\.test\/t\/o\/[A-Za-z0-9_-]{24}"/);
    assert.match(raw, /Sender Inc/, 'the signature is appended');
    assert.equal(headerOf(server.received[0]!.raw, 'List-Unsubscribe'), `<${queued.unsubscribeUrl}>, <mailto:${server.received[0]!.from}?subject=unsubscribe>`);
    assert.equal(headerOf(server.received[0]!.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    const links = await rowsOf<{ kind: string; url: string | null }>(store.database, sql`select kind, url from mail_tracking_links where outbound_id = ${queued.outboundId} order by kind, url`);
    assert.deepEqual(
      links.map((link) => [link.kind, link.url]),
      [
        ['click', 'https://roadmap.example/q3'],
        ['click', 'https://sender.example/'],
        ['open', null],
        ['unsubscribe', null],
      ],
    );
  });

  it('signs with the mailbox’s DKIM key, covering the unsubscribe headers', async () => {
    const server = await recording();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const mailbox = await mailboxOn({
      port: server.port,
      dkim: { selector: 'lf1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    });
    const engine = engineOn(new TestClock());
    await engine.enqueue(message(mailbox, { unsubscribe: true }));
    await engine.dispatch();
    const signature = headerOf(server.received[0]!.raw, 'DKIM-Signature') ?? '';
    assert.match(signature, /d=sender\.example/);
    assert.match(signature, /s=lf1/);
    assert.match(signature.replace(/\s+/g, ''), /h=[^;]*List-Unsubscribe:List-Unsubscribe-Post/i);
  });

  it('keeps the daily cap and the first-email limit in the database, and counts warm-up mail apart', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port, dailyLimit: 2, firstEmailDailyLimit: 1 });
    const clock = new TestClock(new Date('2030-03-04T10:00:00Z'));
    const engine = engineOn(clock);
    const first = await engine.enqueue(message(mailbox, { to: 'a@recipient.example', isFirstEmail: true }));
    const secondFirst = await engine.enqueue(message(mailbox, { to: 'b@recipient.example', isFirstEmail: true }));
    const followUp = await engine.enqueue(message(mailbox, { to: 'c@recipient.example' }));
    const third = await engine.enqueue(message(mailbox, { to: 'd@recipient.example' }));
    const warmup = await engine.enqueue(message(mailbox, { kind: 'warmup', to: 'e@recipient.example' }));
    await engine.dispatch();

    const state = async (result: typeof first) => (result.status === 'queued' ? (await outbound(result.outboundId)).state : 'none');
    assert.equal(await state(first), 'sent');
    assert.equal(await state(secondFirst), 'queued', 'the first-email limit (1) holds it');
    assert.equal(await state(followUp), 'sent');
    assert.equal(await state(third), 'queued', 'the daily cap (2) holds it');
    assert.equal(await state(warmup), 'sent', 'warm-up mail does not count toward the cap');
    const held = third.status === 'queued' ? await outbound(third.outboundId) : undefined;
    assert.equal(held?.not_before.toISOString(), '2030-03-05T00:00:00.000Z', 'due again at the next UTC midnight');
    const [usage] = await rowsOf<{ sent: number; first_emails: number; warmup: number }>(
      store.database,
      sql`select sent, first_emails, warmup from mailbox_daily_usage where email_account_id = ${mailbox}`,
    );
    assert.deepEqual(usage, { sent: 2, first_emails: 1, warmup: 1 });

    clock.set(new Date('2030-03-05T00:00:01Z'));
    await engine.dispatch();
    assert.equal(await state(third), 'sent');
    assert.equal(await state(secondFirst), 'sent');
    assert.equal(server.received.length, 5);
  });

  it('caps every mailbox by its owner’s plan when it sends, whatever the mailbox’s own limit', async () => {
    const server = await recording();
    const freeOwner = await createOwner(store.database, { name: 'FREE' });
    const mailbox = await createMailbox(store.database, freeOwner, cipher, { port: server.port, dailyLimit: 1_000, minGapSeconds: 0, maxGapSeconds: 0 });
    await db().execute(sql`update email_accounts set status = 'paused' where id <> ${mailbox} and status = 'active'`);
    const clock = new TestClock(new Date('2030-04-01T10:00:00Z'));
    const engine = engineOn(clock);
    const limit = mailboxDailyMax({ name: 'FREE', expired: false });
    const queued = [];
    for (let index = 0; index <= limit; index += 1) {
      queued.push(await engine.enqueue({ ...message(mailbox, { to: `r${index}@recipient.example` }), owner: freeOwner }));
    }
    await engine.dispatch();
    assert.equal(server.received.length, limit, 'the free plan’s maximum holds');
    const last = queued.at(-1)!;
    const held = last.status === 'queued' ? await outbound(last.outboundId) : undefined;
    assert.equal(held?.state, 'queued');
    assert.equal(held?.not_before.toISOString(), '2030-04-02T00:00:00.000Z', 'due again the next day');

    // After an upgrade the next day's cap is the paid plan's; the mailbox's own limit was never rewritten.
    await db().execute(sql`update subscriptions set plan_name = 'XXL' where account_id = ${freeOwner.accountId}`);
    for (let index = 0; index < limit; index += 1) {
      await engine.enqueue({ ...message(mailbox, { to: `s${index}@recipient.example` }), owner: freeOwner });
    }
    clock.set(new Date('2030-04-02T00:00:01Z'));
    await engine.dispatch();
    assert.equal(server.received.length, 2 * limit + 1);
  });

  it('keeps the minimum gap and the sending window, in the window’s time zone', async () => {
    const server = await recording();
    // Open on Monday 09:00–17:00 in New York only; 2030-03-04 is a Monday.
    const mailbox = await mailboxOn({
      port: server.port,
      minGapSeconds: 60,
      maxGapSeconds: 60,
      sendingWindow: { timeZone: 'America/New_York', days: [{ day: 'mon', from: 540, to: 1020 }] },
    });
    const clock = new TestClock(new Date('2030-03-04T12:00:00Z')); // 07:00 in New York
    const engine = engineOn(clock);
    const a = await engine.enqueue(message(mailbox, { to: 'a@recipient.example' }));
    const b = await engine.enqueue(message(mailbox, { to: 'b@recipient.example' }));
    await engine.dispatch();
    assert.equal(server.received.length, 0);
    const opening = a.status === 'queued' ? (await outbound(a.outboundId)).not_before.toISOString() : '';
    assert.equal(opening, '2030-03-04T14:00:00.000Z', '09:00 New York (EST)');

    clock.set(new Date('2030-03-04T14:00:00Z'));
    await engine.dispatch();
    assert.equal(server.received.length, 1, 'one, then the gap');
    const gapEnd = b.status === 'queued' ? (await outbound(b.outboundId)).not_before.toISOString() : '';
    assert.equal(gapEnd, '2030-03-04T14:01:00.000Z');
    clock.set(new Date('2030-03-04T14:01:00Z'));
    await engine.dispatch();
    assert.equal(server.received.length, 2);
  });

  it('sends the higher priority first when a mailbox’s gap lets only one of them go', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port, minGapSeconds: 60, maxGapSeconds: 60 });
    const clock = new TestClock(new Date('2030-03-05T12:00:00Z'));
    const engine = engineOn(clock);
    await engine.enqueue(message(mailbox, { to: 'low@recipient.example', idempotencyKey: `low-${mailbox}`, priority: 1_000 }));
    await engine.enqueue(message(mailbox, { to: 'high@recipient.example', idempotencyKey: `high-${mailbox}`, priority: 8_020 }));
    await engine.dispatch();
    assert.deepEqual(server.received.map((mail) => mail.to), [['high@recipient.example']]);
  });

  it('never lets two workers take the same message', async () => {
    const server = await recording();
    const mailboxes = [await mailboxOn({ port: server.port })];
    for (let index = 0; index < 3; index += 1) mailboxes.push(await createMailbox(store.database, owner, cipher, { port: server.port }));
    const clock = new TestClock();
    const workers = [engineOn(clock, { claimBatch: 7 }), engineOn(clock, { claimBatch: 7 }), engineOn(clock, { claimBatch: 7 })];
    for (let index = 0; index < 60; index += 1) await workers[0]!.enqueue(message(mailboxes[index % 4]!, { to: `r${index}@recipient.example` }));
    await Promise.all(workers.map((worker) => worker.dispatch()));
    assert.equal(server.received.length, 60);
    assert.equal(new Set(server.received.map((mail) => mail.to[0])).size, 60, 'each message exactly once');
    const [left] = await rowsOf<{ n: number }>(store.database, sql`select count(*)::int as n from mail_outbound where state <> 'sent' and email_account_id in (${sql.join(mailboxes.map((id) => sql`${id}`), sql`, `)})`);
    assert.equal(left!.n, 0);
  });

  it('retries a 4xx answer with back-off, then sends it', async () => {
    const server = await recording();
    server.answers.push({ code: 451, message: '4.7.1 Greylisted, try again later' });
    const mailbox = await mailboxOn({ port: server.port });
    const clock = new TestClock();
    const engine = engineOn(clock);
    const queued = await engine.enqueue(message(mailbox));
    await engine.dispatch();
    assert.equal(queued.status, 'queued');
    if (queued.status !== 'queued') return;
    const retried = await outbound(queued.outboundId);
    assert.equal(retried.state, 'retry');
    assert.equal(retried.enhanced_code, '4.7.1');
    assert.equal(retried.not_before.getTime() - clock.now().getTime(), 5 * 60_000, 'first retry after 5 minutes');
    await engine.dispatch();
    assert.equal(server.received.length, 1, 'not before its time');

    clock.advance(5 * 60_000);
    await engine.dispatch();
    const sent = await outbound(queued.outboundId);
    assert.deepEqual([sent.state, sent.attempts], ['sent', 2]);
    assert.equal(headerOf(server.received[1]!.raw, 'Message-ID'), sent.message_id, 'the retry carries the same Message-ID');
  });

  it('fails a 5xx answer with its reason, and a 5.1.1 puts the address on the no-send list', async () => {
    const server = await recording();
    server.answers.push({ code: 550, message: '5.1.1 <nobody@recipient.example>: Recipient address rejected: User unknown' });
    const mailbox = await mailboxOn({ port: server.port });
    const engine = engineOn(new TestClock());
    const queued = await engine.enqueue(message(mailbox, { to: 'nobody@recipient.example' }));
    await engine.dispatch();
    if (queued.status !== 'queued') assert.fail('queued');
    const failed = await outbound(queued.outboundId);
    assert.equal(failed.state, 'failed');
    assert.match(failed.last_error ?? '', /User unknown/);
    const [suppressed] = await rowsOf<{ reason: string }>(
      store.database,
      sql`select reason from mail_suppressions where account_id = ${owner.accountId} and email = 'nobody@recipient.example'`,
    );
    assert.equal(suppressed?.reason, 'hard_bounce');
    assert.deepEqual(await engine.enqueue(message(mailbox, { to: 'nobody@recipient.example' })), { status: 'suppressed' });
  });

  it('calls a message whose connection dropped after the body unknown and never sends it again', async () => {
    const peer = await startScriptedPeer({ body: 'drop' });
    servers.push(peer);
    const mailbox = await mailboxOn({ port: peer.port });
    const clock = new TestClock();
    const engine = engineOn(clock);
    const queued = await engine.enqueue(message(mailbox));
    await engine.dispatch();
    if (queued.status !== 'queued') assert.fail('queued');
    assert.equal((await outbound(queued.outboundId)).state, 'unknown');
    clock.advance(24 * 60 * 60_000);
    await engine.dispatch();
    assert.equal(peer.messages.length, 1, 'the body reached the server once');
    assert.equal((await outbound(queued.outboundId)).state, 'unknown');
  });

  it('retries a message whose connection dropped before the body was complete', async () => {
    // At MAIL FROM, and after DATA's 354 (a body without its final dot is never delivered).
    for (const script of [{ mail: 'drop' as const }, { data: 'drop' as const }]) {
      const peer = await startScriptedPeer(script);
      servers.push(peer);
      const mailbox = await mailboxOn({ port: peer.port });
      const engine = engineOn(new TestClock());
      const queued = await engine.enqueue(message(mailbox));
      await engine.dispatch();
      if (queued.status !== 'queued') assert.fail('queued');
      assert.equal((await outbound(queued.outboundId)).state, 'retry', JSON.stringify(script));
      assert.equal(peer.messages.length, 0);
    }
  });

  it('waits for a slow server, and calls a silence after the body unknown', async () => {
    const server = await recording();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.onBody = () => answered;
    const mailbox = await mailboxOn({ port: server.port });
    const engine = engineOn(new TestClock());
    const queued = await engine.enqueue(message(mailbox));
    const pass = engine.dispatch();
    await server.waitForCount(1);
    if (queued.status !== 'queued') assert.fail('queued');
    assert.equal((await outbound(queued.outboundId)).state, 'sending', 'sending while the server thinks');
    release();
    await pass;
    assert.equal((await outbound(queued.outboundId)).state, 'sent');

    const peer = await startScriptedPeer({ body: 'hang' });
    servers.push(peer);
    const silent = await mailboxOn({ port: peer.port });
    const impatient = engineOn(new TestClock(), { timeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs: 500 } });
    const lost = await impatient.enqueue(message(silent));
    await impatient.dispatch();
    if (lost.status !== 'queued') assert.fail('queued');
    assert.equal((await outbound(lost.outboundId)).state, 'unknown');
  });

  it('marks a mailbox whose login is refused for reconnection and keeps its message queued', async () => {
    const server = await recording({ password: 'right-password' });
    const mailbox = await mailboxOn({ port: server.port, password: 'wrong-password' });
    const engine = engineOn(new TestClock());
    const queued = await engine.enqueue(message(mailbox));
    const other = await engine.enqueue(message(mailbox, { to: 'other@recipient.example' }));
    await engine.dispatch();
    if (queued.status !== 'queued' || other.status !== 'queued') assert.fail('queued');
    assert.equal((await outbound(queued.outboundId)).state, 'queued');
    assert.equal((await outbound(other.outboundId)).state, 'queued');
    const [status] = await rowsOf<{ status: string; status_reason: string }>(store.database, sql`select status, status_reason from email_accounts where id = ${mailbox}`);
    assert.deepEqual(status, { status: 'reconnect', status_reason: 'smtp_auth' });

    // New credentials (the email-accounts area) make it active again: the queued mail goes out.
    const sealed = cipher.encrypt(JSON.stringify({ smtpPassword: 'right-password' }), `email-account:${mailbox}:credentials`);
    await db().execute(sql`update email_accounts set credentials = ${sealed}, status = 'active', status_reason = null where id = ${mailbox}`);
    await engine.dispatch();
    assert.equal(server.received.length, 2);
  });

  it('turns a lapsed sending lease into unknown and a lapsed claim back into queued', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port });
    const clock = new TestClock();
    const engine = engineOn(clock, { claimLeaseMs: 60_000, sendLeaseMs: 120_000 });
    const stuck = await engine.enqueue(message(mailbox, { to: 'stuck@recipient.example' }));
    const waiting = await engine.enqueue(message(mailbox, { to: 'waiting@recipient.example' }));
    if (stuck.status !== 'queued' || waiting.status !== 'queued') assert.fail('queued');
    // Another worker held them and stopped: one mid-send, one still waiting for its turn.
    const lease = new Date(clock.now().getTime() + 60_000).toISOString();
    await db().execute(sql`update mail_outbound set state = 'sending', claimed_by = 'gone', lease_until = ${lease}::timestamptz where id = ${stuck.outboundId}`);
    await db().execute(sql`update mail_outbound set state = 'claimed', claimed_by = 'gone', lease_until = ${lease}::timestamptz where id = ${waiting.outboundId}`);
    await engine.dispatch();
    assert.equal(server.received.length, 0, 'held by a live lease');
    clock.advance(60_001);
    await engine.dispatch();
    assert.equal((await outbound(stuck.outboundId)).state, 'unknown');
    assert.equal((await outbound(waiting.outboundId)).state, 'sent');
    assert.deepEqual(server.received.map((mail) => mail.to[0]), ['waiting@recipient.example']);
  });

  it('sends a test now and answers with the server’s answer, a refusal included', async () => {
    const server = await recording();
    const mailbox = await mailboxOn({ port: server.port });
    const engine = engineOn(new TestClock());
    const sent = await engine.sendNow(message(mailbox, { kind: 'test', idempotencyKey: 'test-1' }));
    assert.ok('state' in sent && sent.state === 'sent');
    server.answers.push({ code: 452, message: '4.5.3 Too many recipients' });
    const refused = await engine.sendNow(message(mailbox, { kind: 'test', idempotencyKey: 'test-2' }));
    assert.ok('state' in refused);
    assert.equal(refused.state, 'failed', 'a test is not retried hours later');
    assert.equal(refused.outcome?.status, 'retry');
  });
});
