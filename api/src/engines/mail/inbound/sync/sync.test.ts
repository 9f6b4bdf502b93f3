import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { emailAccounts, mailInbound, mailSuppressions, mailSyncCursors } from '../../../../db/schema';
import { createJobQueue, idempotentJobId, type JobQueue } from '../../../../jobs/queue';
import { silentLogger, waitFor } from '../../../../jobs/test-fixtures/databases';
import { startImapPeer, type ImapPeer } from '../../../../test-support/imap-peer';
import { HostNotAllowedError } from './errors';
import { inboundJobsFor } from './jobs';
import { INBOUND_SESSION_JOB, ensureSessionJobs, sessionKey, slotAt } from './scheduling';
import { asUser, fixture, fixtureNames, nextEvent, startSyncWorld, withMessageId, type SyncWorld, type TestMailbox } from './test-world';
import type { InboundMailEvent } from './types';

const DAY = 86_400_000;
const PASSWORD = 'imap-secret-1';
const USERS = ['first', 'since', 'idle', 'uidv', 'vanish', 'wrong', 'soft', 'synthetic', 'jobs', 'later', 'drop', 'down', 'hostile', 'private'];
const SES_ID = '0100018e1a2b3c4d-5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9-000000@email.amazonses.com';

/** What the fixtures answer, as the outbound engine records it (ids as in classify.test.ts). */
const SENT: [id: string, to: string, subject: string, daysAgo: number, providerId?: string][] = [
  ['lf.c1.r1.s1', 'maria@acme-corp.com', "Quick question about Acme's hiring", 10],
  ['lf.c1.r2.s1', 'olena@primavera.com.ua', 'Ідея для Primavera', 10],
  ['lf.c1.r3.s1', 'wei@dragonfly.cn', '合作机会', 10],
  ['lf.c1.r4.s1', 'joao@empresa.com.br', 'Parceria com a Empresa', 10],
  ['lf.c1.r5.s1', 'lucia@tiendas-sol.es', 'Una idea para Tiendas Sol', 10],
  ['lf.c1.r6.s1', 'dan@initrode.com', "Quick question about Initrode's hiring", 10],
  ['lf.c1.r7.s1', 'priya@hooli.com', 'Idea for Hooli', 10],
  ['lf.c1.r8.s1', 'jane.coach@gmail.com', 'Coaching for your team', 10],
  ['lf.c1.r9.s1', 'tom@globex.com', 'Partnership idea for Globex', 10, SES_ID],
  ['lf.c2.r2.s2', 'olena@primavera.com.ua', 'Re: Ідея для Primavera', 3],
  ['lf.c2.r3.s2', 'wei@dragonfly.cn', 'Re: 合作机会', 3],
  ['lf.c2.r4.s2', 'joao@empresa.com.br', 'Re: Parceria com a Empresa', 3],
  ['lf.c2.r5.s2', 'lucia@tiendas-sol.es', 'Re: Una idea para Tiendas Sol', 3],
  ['lf.c2.r6.s2', 'dan@initrode.com', 'Following up', 3],
  ['lf.c2.r7.s2', 'priya@hooli.com', 'Re: Idea for Hooli', 3],
  ['lf.c3.r1.s1', 'nobody@acme-corp.com', "Quick question about Acme's hiring", 10],
  ['lf.c3.r2.s1', 'ceo@slow-corp.com', 'A faster way to hire at Slow Corp', 10],
  ['lf.c3.r3.s1', 'gone@initech.com', "Quick question about Initech's hiring", 10],
  ['lf.c3.r4.s1', 'sales@umbrella-corp.test', "Quick question about Umbrella's hiring", 10],
  ['lf.c3.r5.s1', 'contato@lenta-ltda.com.br', 'Parceria com a Lenta', 10],
  ['lf.c3.r6.s1', 'j.smith@contoso-corp.com', "Quick question about Contoso's hiring", 10],
  ['lf.c3.r7.s1', 'ventas@fabrikam.test', 'Una idea para Fabrikam', 10],
  ['lf.c3.r8.s1', 'no.such.user@gmail.com', 'Quick question', 10],
  ['lf.c3.r9.s1', 'info@busy-server.test', 'Quick question about Busy Server', 10],
  ['lf.c3.r10.s1', 'info@qmail-customer.test', 'Quick question about Qmail Customer', 10],
  ['lf.c3.r11.s1', 'full@qmail-customer.test', 'Quick question about Qmail Customer', 10],
  ['lf.c3.r12.s1', 'missing.person@aol.com', 'Quick question', 10],
  ['lf.c3.r13.s1', 'buyer@shop-example.test', 'Quick question', 10],
];

/** Class and answered message of every fixture once stored (the classifier's own table, read back from the database). */
const STORED: Record<string, [string, string | null]> = {
  'arf-complaint.eml': ['complaint', 'lf.c1.r7.s1'],
  'autoreply-empty-return-path.eml': ['areply', null],
  'autoreply-precedence.eml': ['areply', null],
  'bad-charset.eml': ['reply', 'lf.c1.r1.s1'],
  'dsn-delivered.eml': ['other', null],
  'exchange-dsn-hard.eml': ['bounce', 'lf.c3.r6.s1'],
  'exchange-ndr-html-hard.eml': ['bounce', 'lf.c3.r7.s1'],
  'exim-dsn-delayed.eml': ['bounce', 'lf.c3.r5.s1'],
  'exim-plain-hard.eml': ['bounce', 'lf.c3.r4.s1'],
  'gmail-dsn-delayed.eml': ['bounce', 'lf.c3.r9.s1'],
  'gmail-dsn-hard.eml': ['bounce', 'lf.c3.r8.s1'],
  'malformed-dsn.eml': ['bounce', 'lf.c3.r13.s1'],
  'ooo-en-exchange.eml': ['areply', 'lf.c1.r9.s1'],
  'ooo-en-gmail.eml': ['areply', 'lf.c1.r1.s1'],
  'ooo-es-subject-only.eml': ['areply', null],
  'ooo-es.eml': ['areply', 'lf.c1.r5.s1'],
  'ooo-pt.eml': ['areply', 'lf.c1.r4.s1'],
  'ooo-ru.eml': ['areply', null],
  'ooo-uk.eml': ['areply', 'lf.c1.r2.s1'],
  'ooo-zh.eml': ['areply', 'lf.c1.r3.s1'],
  'oreply-colleague.eml': ['oreply', 'lf.c1.r1.s1'],
  'oreply-freemail-other.eml': ['oreply', 'lf.c1.r8.s1'],
  'other-unmatched.eml': ['other', null],
  'postfix-dsn-delayed.eml': ['bounce', 'lf.c3.r2.s1'],
  'postfix-dsn-hard.eml': ['bounce', 'lf.c3.r1.s1'],
  'postfix-mixed-no-dsn.eml': ['bounce', 'lf.c3.r3.s1'],
  'qmail-hard.eml': ['bounce', 'lf.c3.r10.s1'],
  'qmail-soft.eml': ['bounce', 'lf.c3.r11.s1'],
  'reply-gmail-quoted.eml': ['reply', 'lf.c1.r6.s1'],
  'reply-heuristic.eml': ['reply', 'lf.c2.r2.s2'],
  'reply-html-only.eml': ['reply', 'lf.c1.r3.s1'],
  'reply-outlook-quoted.eml': ['reply', 'lf.c1.r7.s1'],
  'reply-provider-id.eml': ['reply', 'lf.c1.r9.s1'],
  'reply-quoted-unsubscribe-footer.eml': ['reply', 'lf.c1.r6.s1'],
  'reply-threaded.eml': ['reply', 'lf.c1.r1.s1'],
  'truncated-mime.eml': ['reply', 'lf.c1.r6.s1'],
  'unsub-en-remove.eml': ['unsubscribe', 'lf.c2.r7.s2'],
  'unsub-en.eml': ['unsubscribe', 'lf.c2.r6.s2'],
  'unsub-es.eml': ['unsubscribe', 'lf.c2.r5.s2'],
  'unsub-pt.eml': ['unsubscribe', 'lf.c2.r4.s2'],
  'unsub-uk.eml': ['unsubscribe', 'lf.c2.r2.s2'],
  'unsub-zh.eml': ['unsubscribe', 'lf.c2.r3.s2'],
  'yahoo-hard.eml': ['bounce', 'lf.c3.r12.s1'],
};

/** A plain message of our own making, unique per call. */
let plainCounter = 0;
function plainMessage(subject: string, extraHeaders = ''): Buffer {
  plainCounter += 1;
  return Buffer.from(
    [
      'From: Pat Prospect <pat@prospect.test>',
      'To: Alex Seller <alex@leadforge.test>',
      `Subject: ${subject}`,
      `Message-ID: <plain.${process.pid}.${plainCounter}.${Date.now()}@prospect.test>`,
      'Date: Mon, 3 Mar 2025 10:00:00 +0000',
      ...(extraHeaders ? [extraHeaders] : []),
      'Content-Type: text/plain; charset=utf-8',
      '',
      `${subject}, in plain words.`,
      '',
    ].join('\r\n'),
  );
}

/** Dovecot's capabilities after login, without IDLE: a server that only supports polling. */
const WITHOUT_IDLE =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE SNIPPET=FUZZY PREVIEW=FUZZY PREVIEW STATUS=SIZE SAVEDATE LITERAL+ NOTIFY SPECIAL-USE';

/** A message of about `megabytes` MB: a short text and one base64 attachment. */
function largeMessage(megabytes: number): Buffer {
  const line = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3\r\n';
  const body = line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length));
  return Buffer.from(
    [
      'From: Pat Prospect <pat@prospect.test>',
      'To: Alex Seller <alex@leadforge.test>',
      'Subject: The deck you asked for',
      `Message-ID: <large.${process.pid}.${Date.now()}@prospect.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Here it is.',
      '--b1',
      'Content-Type: application/pdf; name="deck.pdf"',
      'Content-Disposition: attachment; filename="deck.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

/** A TCP relay to the peer that cuts its first connection once `cutAfter` bytes went to the client. */
async function startCuttingRelay(target: { host: string; port: number }, cutAfter: number): Promise<{ port: number; cuts(): number; close(): Promise<void> }> {
  let connections = 0;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections += 1;
    const armed = connections === 1;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    let sent = 0;
    upstream.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (armed && sent > cutAfter) {
        cuts += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cuts: () => cuts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('IMAP sync against Dovecot on loopback', () => {
  let peer: ImapPeer;
  let world: SyncWorld;

  before(async () => {
    peer = await startImapPeer({ users: USERS.map((user) => ({ user, password: PASSWORD })), folders: ['Junk'] });
    world = await startSyncWorld(peer);
  });

  after(async () => {
    try {
      await world?.close();
    } finally {
      await peer?.stop();
    }
  });


  const rowsOf = (mailbox: TestMailbox) =>
    world.database.db.select().from(mailInbound).where(eq(mailInbound.emailAccountId, mailbox.id));
  const mailboxRow = async (mailbox: TestMailbox) =>
    (await world.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, mailbox.id)))[0]!;
  const cursorOf = async (mailbox: TestMailbox, folder: string) =>
    (
      await world.database.db
        .select()
        .from(mailSyncCursors)
        .where(and(eq(mailSyncCursors.emailAccountId, mailbox.id), eq(mailSyncCursors.folder, folder)))
    )[0];
  const suppressionsOf = (mailbox: TestMailbox) =>
    world.database.db.select().from(mailSuppressions).where(eq(mailSuppressions.accountId, mailbox.accountId));

  it('stores and classifies every fixture once on the first sync, linked to the messages they answer', async () => {
    const mailbox = await world.mailbox({ imapUser: 'first', password: PASSWORD });
    const outboundIds = new Map<string, number>();
    for (const [id, to, subject, daysAgo, providerId] of SENT) {
      const outboundId = await world.sent(mailbox, {
        messageId: `${id}@leadforge.test`,
        to,
        subject,
        sentAt: new Date(Date.now() - daysAgo * DAY),
        ...(providerId ? { providerMessageId: providerId } : {}),
        campaignId: 7,
        recipientId: outboundIds.size + 100,
        step: 1,
      });
      outboundIds.set(id, outboundId);
    }
    const names = fixtureNames();
    assert.deepEqual(names, Object.keys(STORED).sort());
    for (const name of names) await peer.append('first', 'INBOX', fixture(name));

    const engine = world.engine();
    const events: InboundMailEvent[] = [];
    engine.onInbound((event) => {
      events.push(event);
    });
    const report = await engine.syncMailbox(mailbox.id);
    assert.equal(report.stored, names.length);

    const rows = await rowsOf(mailbox);
    assert.equal(rows.length, names.length);
    const byUid = [...rows].sort((a, b) => a.uid - b.uid);
    names.forEach((name, index) => {
      const row = byUid[index]!;
      const [expectedClass, answered] = STORED[name]!;
      assert.equal(row.class, expectedClass, name);
      assert.equal(row.outboundId, answered ? outboundIds.get(answered) : null, name);
      assert.equal(row.folder, 'INBOX');
    });

    // The event carries the campaign of the outbound row; the heuristic match says so.
    const heuristic = events.find((event) => event.outboundId === outboundIds.get('lf.c2.r2.s2') && event.class === 'reply');
    assert.equal(heuristic?.heuristic, true);
    assert.equal(heuristic?.campaignId, 7);
    assert.equal(events.length, names.length);

    // Previews hold the new text only; HTML is stored sanitised; NUL-free text reached the database.
    const quoted = byUid[names.indexOf('reply-gmail-quoted.eml')]!;
    assert.ok(quoted.preview.length > 0 && !quoted.preview.includes('wrote:'), quoted.preview);
    for (const row of rows) if (row.html) assert.doesNotMatch(row.html, /<script|onerror=|onload=|javascript:/i);

    // Hard bounces and unsubscribe requests reached the no-send list; a single soft bounce did not.
    const suppressed = new Map((await suppressionsOf(mailbox)).map((row) => [row.email, row.reason]));
    assert.equal(suppressed.get('nobody@acme-corp.com'), 'hard_bounce');
    assert.equal(suppressed.get('no.such.user@gmail.com'), 'hard_bounce');
    assert.equal(suppressed.get('dan@initrode.com'), 'unsubscribe');
    assert.equal(suppressed.get('priya@hooli.com'), 'complaint', 'a spam report');
    assert.equal(suppressed.has('ceo@slow-corp.com'), false);

    // A second pass reads from the cursor: nothing new, nothing twice.
    const again = await engine.syncMailbox(mailbox.id);
    assert.equal(again.stored, 0);
    assert.equal((await rowsOf(mailbox)).length, names.length);
    assert.equal(events.length, names.length);
    const cursor = await cursorOf(mailbox, 'INBOX');
    assert.equal(cursor?.lastUid, names.length);
    assert.equal(cursor?.error, null);
  });

  it('reads back the first-sync period by date, then everything after the cursor by UID however old', async () => {
    const mailbox = await world.mailbox({ imapUser: 'since', password: PASSWORD, firstSyncDays: 3 });
    await asUser(peer, 'since', PASSWORD, async (client) => {
      await client.append('INBOX', plainMessage('Ten days old'), [], new Date(Date.now() - 10 * DAY));
      // Read in another mail client before the mailbox was connected.
      await client.append('INBOX', plainMessage('Yesterday'), ['\\Seen'], new Date(Date.now() - DAY));
    });
    const engine = world.engine();
    assert.equal((await engine.syncMailbox(mailbox.id)).stored, 1);
    assert.deepEqual((await rowsOf(mailbox)).map((row) => [row.subject, row.seenOnServer]), [['Yesterday', true]]);

    // An outage: what arrived meanwhile is read by UID, even with an old date.
    await asUser(peer, 'since', PASSWORD, (client) => client.append('INBOX', plainMessage('Delivered late'), [], new Date(Date.now() - 40 * DAY)));
    assert.equal((await engine.syncMailbox(mailbox.id)).stored, 1);
    assert.deepEqual((await rowsOf(mailbox)).map((row) => [row.subject, row.seenOnServer]).sort(), [
      ['Delivered late', false],
      ['Yesterday', true],
    ]);
  });

  it('turns a message arriving while the session idles into an event', { timeout: 60_000 }, async () => {
    const mailbox = await world.mailbox({ imapUser: 'idle', password: PASSWORD });
    const outboundId = await world.sent(mailbox, {
      messageId: 'idle.thread.1@leadforge.test',
      to: 'pat@prospect.test',
      subject: 'Hello Pat',
      sentAt: new Date(Date.now() - DAY),
      campaignId: 11,
      recipientId: 5,
      step: 2,
    });
    const engine = world.engine();
    const stop = new AbortController();
    const first = nextEvent(engine, (event) => event.emailAccountId === mailbox.id);
    await peer.append('idle', 'INBOX', plainMessage('Before the session'));
    const session = engine.watchMailbox(mailbox.id, { signal: stop.signal });
    try {
      await first;
      // The first pass is over: what comes now can only be heard through IDLE (the next poll is minutes away).
      const reply = nextEvent(engine, (event) => event.outboundId === outboundId);
      const appendedAt = Date.now();
      await peer.append('idle', 'INBOX', plainMessage('Re: Hello Pat', 'In-Reply-To: <idle.thread.1@leadforge.test>'));
      const event = await reply;
      assert.equal(event.class, 'reply');
      assert.equal(event.campaignId, 11);
      assert.equal(event.recipientId, 5);
      assert.equal(event.step, 2);
      assert.deepEqual(engine.activeSessions(), [mailbox.id]);
      // A figure, not an assertion: the bench reports it (goal ≤ 5 s).
      console.log(`# arrival → classified event through IDLE: ${Date.now() - appendedAt} ms`);
    } finally {
      stop.abort();
      await session;
    }
    assert.deepEqual(engine.activeSessions(), []);
  });

  it('resyncs a recreated folder (new UIDVALIDITY) without storing anything twice', async () => {
    const mailbox = await world.mailbox({ imapUser: 'uidv', password: PASSWORD });
    const old = [plainMessage('Junk one'), plainMessage('Junk two')];
    for (const raw of old) await peer.append('uidv', 'Junk', raw);
    const engine = world.engine();
    assert.equal((await engine.syncMailbox(mailbox.id)).stored, 2);
    const before = await cursorOf(mailbox, 'Junk');
    assert.ok(before);

    await peer.deleteFolder('uidv', 'Junk');
    for (const raw of [...old, plainMessage('Junk three')]) await peer.append('uidv', 'Junk', raw);
    const report = await engine.syncMailbox(mailbox.id);
    assert.equal(report.stored, 1);
    assert.equal(report.skipped, 2);
    const after = await cursorOf(mailbox, 'Junk');
    assert.notEqual(after?.uidValidity, before.uidValidity);
    assert.equal(after?.lastUid, 3);
    assert.deepEqual((await rowsOf(mailbox)).map((row) => row.subject).sort(), ['Junk one', 'Junk three', 'Junk two']);
  });

  it('shows a vanished folder on its cursor and the mailbox, keeps reading INBOX, and recovers when it returns', async () => {
    const mailbox = await world.mailbox({ imapUser: 'vanish', password: PASSWORD });
    await peer.append('vanish', 'Junk', plainMessage('In Junk'));
    const engine = world.engine();
    await engine.syncMailbox(mailbox.id);
    assert.ok(await cursorOf(mailbox, 'Junk'));

    await peer.deleteFolder('vanish', 'Junk');
    await peer.append('vanish', 'INBOX', plainMessage('Still arriving'));
    const report = await engine.syncMailbox(mailbox.id);
    assert.deepEqual(
      report.folders.map((folder) => [folder.folder, folder.error]),
      [
        ['Junk', 'folder_missing'],
        ['INBOX', null],
      ],
    );
    assert.equal(report.stored, 1);
    assert.equal((await cursorOf(mailbox, 'Junk'))?.error, 'folder_missing');
    const broken = await mailboxRow(mailbox);
    assert.equal(broken.status, 'error');
    assert.equal(broken.statusReason, 'folder_missing');

    await peer.createFolder('vanish', 'Junk');
    await engine.syncMailbox(mailbox.id);
    const healed = await mailboxRow(mailbox);
    assert.equal(healed.status, 'active');
    assert.equal(healed.statusReason, null);
    assert.equal((await cursorOf(mailbox, 'Junk'))?.error, null);
  });

  it('sends a mailbox whose IMAP password is refused to reconnect, with the reason, and stops its session', async () => {
    const mailbox = await world.mailbox({ imapUser: 'wrong', password: 'not-the-password' });
    await peer.append('wrong', 'INBOX', plainMessage('Unread'));
    const engine = world.engine();
    const report = await engine.syncMailbox(mailbox.id);
    assert.equal(report.stored, 0);
    const row = await mailboxRow(mailbox);
    assert.equal(row.status, 'reconnect');
    assert.equal(row.statusReason, 'imap_login');

    // A live session ends by itself instead of retrying a refused password (reset the status first).
    await world.database.db.update(emailAccounts).set({ status: 'active', statusReason: null }).where(eq(emailAccounts.id, mailbox.id));
    await engine.watchMailbox(mailbox.id, { signal: new AbortController().signal });
    assert.equal((await mailboxRow(mailbox)).status, 'reconnect');
    assert.equal((await rowsOf(mailbox)).length, 0);
  });

  it('suppresses an address on its third soft bounce, not before', async () => {
    // No outbound row needed: the report names the address (the first test links DSNs to their rows).
    const mailbox = await world.mailbox({ imapUser: 'soft', password: PASSWORD });
    const engine = world.engine();
    const delayed = fixture('postfix-dsn-delayed.eml');
    const severities: (string | null)[] = [];
    engine.onInbound((event) => {
      severities.push(event.bounceSeverity);
    });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await peer.append('soft', 'INBOX', withMessageId(delayed, `delay.${attempt}@mail.leadforge.test`));
      await engine.syncMailbox(mailbox.id);
      const suppressed = (await suppressionsOf(mailbox)).filter((row) => row.email === 'ceo@slow-corp.com');
      assert.equal(suppressed.length, attempt === 3 ? 1 : 0, `after soft bounce ${attempt}`);
      if (attempt === 3) assert.equal(suppressed[0]?.reason, 'hard_bounce');
    }
    assert.deepEqual(severities, ['soft', 'soft', 'hard']);
  });

  it('gives a message without Message-ID one stable identity, so the same message in two folders is stored once', async () => {
    const mailbox = await world.mailbox({ imapUser: 'synthetic', password: PASSWORD });
    const raw = fixture('qmail-hard.eml');
    assert.doesNotMatch(raw.toString('latin1').split(/\r?\n\r?\n/)[0]!, /^Message-ID:/im);
    await peer.append('synthetic', 'INBOX', raw);
    await peer.append('synthetic', 'Junk', raw);
    const report = await world.engine().syncMailbox(mailbox.id);
    assert.equal(report.stored, 1);
    assert.equal(report.skipped, 1);
    const [row] = await rowsOf(mailbox);
    assert.match(row!.messageId, /^[0-9a-f]{40}@synthetic\.leadforge\.invalid$/);
  });

  it('stores hostile text cleaned: NUL characters replaced, HTML without anything that runs', async () => {
    const mailbox = await world.mailbox({ imapUser: 'hostile', password: PASSWORD });
    const nulSubject = `=?utf-8?B?${Buffer.from('Hi\u0000there').toString('base64')}?=`;
    const raw = Buffer.concat([
      Buffer.from(
        [
          'From: Mallory <mallory@evil.test>',
          'To: Alex Seller <alex@leadforge.test>',
          `Subject: ${nulSubject}`,
          `Message-ID: <hostile.${Date.now()}@evil.test>`,
          'MIME-Version: 1.0',
          'Content-Type: multipart/alternative; boundary="h"',
          '',
          '--h',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Text with a NUL: ',
        ].join('\r\n'),
      ),
      Buffer.from([0]),
      Buffer.from(
        [
          ' (there it was).',
          '--h',
          'Content-Type: text/html; charset=utf-8',
          '',
          '<p onmouseover="steal()">Hello</p><script>steal()</script><img src=x onerror="steal()">',
          '--h--',
          '',
        ].join('\r\n'),
      ),
    ]);
    await peer.append('hostile', 'INBOX', raw);
    assert.equal((await world.engine().syncMailbox(mailbox.id)).stored, 1);
    const [row] = await rowsOf(mailbox);
    assert.equal(row!.subject, 'Hi\uFFFDthere');
    assert.match(row!.text ?? '', /NUL: \uFFFD \(there/);
    assert.doesNotMatch(row!.html ?? '', /script|onmouseover|onerror/i);
    assert.match(row!.html ?? '', /<p>Hello<\/p>/);
  });

  it('stores nothing of a 30 MB message whose download is cut, and stores it once on the next pass', { timeout: 120_000 }, async () => {
    const relay = await startCuttingRelay(peer, 8 * 1024 * 1024);
    try {
      const mailbox = await world.mailbox({ imapUser: 'drop', password: PASSWORD });
      await world.database.db.update(emailAccounts).set({ imapPort: relay.port }).where(eq(emailAccounts.id, mailbox.id));
      await peer.append('drop', 'INBOX', plainMessage('Small first'));
      await peer.append('drop', 'INBOX', largeMessage(30));
      const engine = world.engine();
      await assert.rejects(engine.syncMailbox(mailbox.id));
      assert.equal(relay.cuts(), 1);
      // The message before it may be stored; the cut one is not, not even in part.
      assert.deepEqual((await rowsOf(mailbox)).map((row) => row.subject).filter((subject) => subject !== 'Small first'), []);

      const report = await engine.syncMailbox(mailbox.id);
      const rows = await rowsOf(mailbox);
      assert.deepEqual(rows.map((row) => row.subject).sort(), ['Small first', 'The deck you asked for']);
      const large = rows.find((row) => row.subject === 'The deck you asked for')!;
      assert.ok(large.size > 30 * 1024 * 1024, String(large.size));
      assert.deepEqual(
        (large.attachments as { filename: string }[]).map((attachment) => attachment.filename),
        ['deck.pdf'],
      );
      assert.equal(report.stored + report.skipped, 2);
    } finally {
      await relay.close();
    }
  });

  it('retries an unreachable server with back-off and shows the error once it persists', { timeout: 60_000 }, async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const mailbox = await world.mailbox({ imapUser: 'down', password: PASSWORD });
    await world.database.db.update(emailAccounts).set({ imapPort: closed }).where(eq(emailAccounts.id, mailbox.id));
    const engine = world.engine({ timing: { reconnectMinMs: 20, reconnectMaxMs: 100 } });
    const stop = new AbortController();
    const session = engine.watchMailbox(mailbox.id, { signal: stop.signal });
    try {
      const row = await waitFor(async () => {
        const current = await mailboxRow(mailbox);
        return current.status === 'error' ? current : undefined;
      }, { what: 'the mailbox to show the error' });
      assert.equal(row.statusReason, 'tcp');
    } finally {
      stop.abort();
      await session;
    }

    // The server is back: the next pass clears the error the sync set.
    await world.database.db.update(emailAccounts).set({ imapPort: peer.port }).where(eq(emailAccounts.id, mailbox.id));
    await engine.syncMailbox(mailbox.id);
    const healed = await mailboxRow(mailbox);
    assert.equal(healed.status, 'active');
    assert.equal(healed.statusReason, null);
  });

  it('refuses an IMAP host on a private address unless MAIL_ALLOW_PRIVATE names its range', async () => {
    const mailbox = await world.mailbox({ imapUser: 'private', password: PASSWORD });
    await assert.rejects(world.engine({ allowPrivate: [] }).syncMailbox(mailbox.id), HostNotAllowedError);
    assert.equal((await world.engine().syncMailbox(mailbox.id)).folders.length > 0, true);
  });

  it('polls a server without IDLE', { timeout: 60_000 }, async () => {
    const plain = await startImapPeer({ users: [{ user: 'poll', password: PASSWORD }], capabilities: WITHOUT_IDLE });
    try {
      const mailbox = await world.mailbox({ imapUser: 'poll', password: PASSWORD });
      await world.database.db.update(emailAccounts).set({ imapPort: plain.port }).where(eq(emailAccounts.id, mailbox.id));
      const engine = world.engine({ timing: { pollIntervalMs: 300 } });
      const stop = new AbortController();
      const first = nextEvent(engine, (event) => event.emailAccountId === mailbox.id);
      await plain.append('poll', 'INBOX', plainMessage('Polled one'));
      const session = engine.watchMailbox(mailbox.id, { signal: stop.signal });
      try {
        await first;
        const second = nextEvent(engine, (event) => event.emailAccountId === mailbox.id);
        await plain.append('poll', 'INBOX', plainMessage('Polled two'));
        assert.equal((await second).class, 'other');
      } finally {
        stop.abort();
        await session;
      }
      assert.deepEqual((await rowsOf(mailbox)).map((row) => row.subject).sort(), ['Polled one', 'Polled two']);
    } finally {
      await plain.stop();
    }
  });

  describe('driven by the durable job queue', () => {
    let queue: JobQueue;
    let engine: ReturnType<SyncWorld['engine']>;

    before(async () => {
      engine = world.engine({ timing: { mailboxCheckMs: 200 } });
      queue = createJobQueue({ database: world.database, logger: silentLogger, pollingIntervalSeconds: 1, stopTimeoutMs: 15_000 });
      await inboundJobsFor(() => engine)(queue, {
        database: world.database,
        logger: silentLogger,
        push: { emitToUser: () => undefined, emitToTeam: () => undefined },
        config: {} as never,
      });
      await queue.start();
    });

    after(async () => {
      // The queue lets a running job finish; the engine ends its sessions first (see InboundSync.close).
      await engine?.close();
      await queue?.stop();
    });

    it('starts a session per shard that reads new mail, queues its successor, and lets a paused mailbox go', { timeout: 60_000 }, async () => {
      const mailbox = await world.mailbox({ imapUser: 'jobs', password: PASSWORD });
      const arrived = nextEvent(engine, (event) => event.emailAccountId === mailbox.id);
      await peer.append('jobs', 'INBOX', plainMessage('Through the queue'));
      engine.useQueue(queue);
      const event = await arrived;
      assert.equal(event.class, 'other');

      const now = Date.now();
      for (let shard = 0; shard < 4; shard += 1) {
        const slot = slotAt(shard, now);
        const successor = await queue.getJob(INBOUND_SESSION_JOB, idempotentJobId(INBOUND_SESSION_JOB, sessionKey(shard, slot + 1)));
        assert.equal(successor?.state, 'created', `shard ${shard}`);
      }
      // A second kick (another API instance starting) adds nothing.
      await ensureSessionJobs(queue, now);

      // The shard that owns the mailbox holds a session for it until the mailbox is paused.
      await waitFor(async () => (engine.activeSessions().includes(mailbox.id) ? true : undefined), { what: 'a live session' });
      await world.database.db.update(emailAccounts).set({ status: 'paused' }).where(eq(emailAccounts.id, mailbox.id));
      await waitFor(async () => (engine.activeSessions().includes(mailbox.id) ? undefined : true), { what: 'the session to end' });
    });

    it('reads a mailbox connected while its shard had none at the shard\'s next look, not at a later job', { timeout: 30_000 }, async () => {
      // The sessions of every shard run since the test above, also those whose shard held no mailbox.
      const later = await world.mailbox({ imapUser: 'later', password: PASSWORD });
      const arrived = nextEvent(engine, (event) => event.emailAccountId === later.id);
      await peer.append('later', 'INBOX', plainMessage('Connected later'));
      assert.equal((await arrived).class, 'other');
    });
  });
});
