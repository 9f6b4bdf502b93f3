/**
 * Answering from the unibox over real HTTP: send-email through the sending engine to an SMTP
 * server on loopback (recipients, threading headers, subject, quoted original), idempotency, the
 * refusals (too many recipients, daily limit, paused mailbox, no-send list, another tenant's or a
 * teammate's thread), the sent message shown in its thread until its synced copy arrives, the
 * Sent copy APPENDed over IMAP, attachments fetched again from IMAP, the trial status and the
 * live unread count.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { headerOf, startRecordingServer, type RecordingServer } from '../../engines/mail/outbound/engine-fixtures';
import type { SyncMailbox } from '../../engines/mail/inbound/sync/types';
import { connectClient } from '../../realtime/test-fixtures/clients';
import { isDovecotAvailable, startImapPeer, type ImapPeer } from '../../test-support/imap-peer';
import type { TestApp } from '../../test-support/test-app';
import { credentialCipherFor, sealCredentials } from '../email-accounts/credentials';
import type { Person } from '../campaigns/test-world';
import { U, startUniboxWorld, type UniboxWorld } from './test-world';

const SEND = '/pipelines/api/send-email';
let keys = 0;
const key = () => `send-key-${process.pid}-${(keys += 1)}-${Date.now()}`;

describe('unibox send-email', () => {
  let t: TestApp;
  let w: UniboxWorld;
  let smtp: RecordingServer;

  before(async () => {
    ({ t, w } = await startUniboxWorld({ jobs: false, env: { MAIL_ALLOW_PRIVATE: '127.0.0.0/8' } }));
    smtp = await startRecordingServer();
  });
  after(async () => {
    await t?.app.services.mailEngine.engine.close();
    await t?.close();
    await smtp?.close();
  });

  /** A generic SMTP mailbox on the loopback server (and an IMAP peer when given). */
  async function smtpMailbox(person: Person, email: string, imap?: { port: number; user: string; password: string }): Promise<SyncMailbox> {
    const box = await w.mailbox(person, email);
    await w.exec(
      sql`update email_accounts set provider = 'smtp', smtp_host = '127.0.0.1', smtp_port = ${smtp.port}, smtp_security = 'none',
            sender_name = 'Me Sender', daily_limit = 100, min_gap_seconds = 0, max_gap_seconds = 0,
            imap_host = ${imap ? '127.0.0.1' : null}, imap_port = ${imap?.port ?? null}, imap_security = ${imap ? 'none' : null},
            imap_user = ${imap?.user ?? null}
          where id = ${box.id}`,
    );
    if (imap) {
      const sealed = sealCredentials(credentialCipherFor(t.config), box.id, { imapPassword: imap.password } as never);
      await w.exec(sql`update email_accounts set credentials = ${sealed} where id = ${box.id}`);
    }
    return { ...box, provider: 'smtp', imapHost: imap ? '127.0.0.1' : null, imapPort: imap?.port ?? null, imapUser: imap?.user ?? null };
  }

  async function threadOf(person: Person) {
    const [thread] = (await w.threads(person)).items;
    assert.ok(thread, 'a thread');
    return thread;
  }

  async function messagesOf(person: Person, threadId: number) {
    const response = await person.client.get(`${U}/thread-groups/${threadId}/messages`);
    assert.equal(response.status, 200, response.text);
    return response.body.items as { id: number; direction: string; delivery: string | null; messageId: string; subject: string; to: string[] }[];
  }

  async function dispatched(count: number) {
    await t.app.services.mailEngine.engine.dispatch();
    await smtp.waitForCount(count);
    return smtp.received.at(-1)!;
  }

  it('fills {{variables}} from the counterpart’s prospect, else from the sender, and refuses an unknown one with nothing sent', async () => {
    const me = await w.signedIn('unibox-variables');
    const own = `vars-${Date.now()}@sender.test`;
    const box = await smtpMailbox(me, own);
    const list = await w.list(me, 'Variables');
    await w.prospect(me, list, 'Grace Hopper', 'grace@prospect.test');
    await w.receive(box, { from: 'grace@prospect.test', fromName: 'G. H.', to: own, subject: 'Compilers', date: '2026-03-01T10:00:00Z' });
    await w.receive(box, { from: 'linus@stranger.test', fromName: 'Linus Torvalds', to: own, subject: 'Kernels', date: '2026-03-01T11:00:00Z' });
    const [stranger, prospect] = (await w.threads(me)).items;
    assert.equal(prospect!.counterpart.address, 'grace@prospect.test');

    const refused = await me.client.post(SEND, { threadId: prospect!.id, html: '<p>Hi {{firstName}}, {{favouriteColour}}?</p>', idempotencyKey: key() });
    assert.equal(refused.status, 200, refused.text);
    assert.equal(refused.body.status, 'failed');
    assert.deepEqual(refused.body.errors, [{ key: 'variable_not_exist', field: 'favouriteColour' }]);
    assert.equal((await messagesOf(me, prospect!.id)).length, 1, 'nothing saved');

    const before = smtp.received.length;
    const sent = await me.client.post(SEND, {
      threadId: prospect!.id,
      subject: 'For {{firstName}} {{lastName}}',
      html: '<p>Hi {{ firstName }} &lt;3</p>',
      idempotencyKey: key(),
    });
    assert.equal(sent.body.status, 'queued', sent.text);
    const mail = await dispatched(before + 1);
    assert.equal(headerOf(mail.raw, 'subject'), 'For Grace Hopper');
    assert.match(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='), /Hi Grace &lt;3/);

    await me.client.post(SEND, { threadId: stranger!.id, html: '<p>Hello {{fullName}} from {{companyName}}.</p>', idempotencyKey: key() });
    const second = await dispatched(before + 2);
    assert.match(second.raw.replace(/=\r?\n/g, ''), /Hello Linus Torvalds from \./);
  });

  it('replies to the Reply-To with In-Reply-To, References, a single Re: and the quoted original, once per key', async () => {
    const me = await w.signedIn('unibox-send');
    const own = `me-${Date.now()}@sender.test`;
    const box = await smtpMailbox(me, own);
    const first = await w.receive(box, { from: 'pat@prospect.test', to: own, subject: 'Pricing', date: '2026-03-01T10:00:00Z' });
    const answered = await w.receive(box, {
      from: 'pat@prospect.test',
      to: own,
      subject: 'Re: Pricing',
      body: 'What about volume discounts?',
      inReplyTo: first,
      references: [first],
      date: '2026-03-02T10:00:00Z',
    });
    const thread = await threadOf(me);
    const before = smtp.received.length;
    const idempotencyKey = key();
    const body = { threadId: thread.id, html: '<p>Yes, 10% off.</p><script>alert(1)</script>', idempotencyKey };
    const sent = await me.client.post(SEND, body);
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.status, 'queued');
    assert.deepEqual([sent.body.item.direction, sent.body.item.delivery, sent.body.item.subject], ['outgoing', 'queued', 'Re: Pricing']);

    const again = await me.client.post(SEND, body);
    assert.equal(again.body.item.id, sent.body.item.id, 'the same key answers the same message');

    // The open conversation hears the engine's answer (unibox.delivery), not only by reading again.
    const socket = await connectClient(t.url, me.client.cookieHeader());
    const deliveryPush = (async () => {
      for (;;) {
        const event = await socket.nextPush(15_000);
        if (event.type === 'unibox.delivery') return event.payload;
      }
    })();
    const mail = await dispatched(before + 1);
    try {
      assert.deepEqual(await deliveryPush, { threadId: thread.id, messageId: sent.body.item.id, delivery: 'sent' });
    } finally {
      socket.close();
    }
    assert.equal(smtp.received.length, before + 1, 'sent once');
    assert.deepEqual(mail.to, ['pat@prospect.test']);
    assert.equal(headerOf(mail.raw, 'in-reply-to'), `<${answered}>`);
    assert.equal(headerOf(mail.raw, 'references')?.replace(/\s+/g, ' '), `<${first}> <${answered}>`);
    assert.equal(headerOf(mail.raw, 'subject'), 'Re: Pricing');
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    assert.match(unfolded, /<blockquote[^>]*>/);
    assert.match(unfolded, /volume discounts/);
    assert.doesNotMatch(unfolded, /<script>/);

    // Shown in the thread as outgoing with the engine's state, until the synced copy arrives.
    let items = await messagesOf(me, thread.id);
    assert.deepEqual(
      items.map((item) => [item.direction, item.delivery]),
      [
        ['incoming', null],
        ['incoming', null],
        ['outgoing', 'sent'],
      ],
    );
    const messageId = sent.body.item.messageId as string;
    // The Sent folder's copy (From: the mailbox) joins the thread by its Message-ID, and replaces it.
    await w.receive(box, { from: own, to: 'pat@prospect.test', subject: 'Re: Pricing', messageId, folder: 'Sent', date: '2026-03-03T10:00:00Z' });
    // The answer to it lands in the same thread (In-Reply-To our id, another subject).
    await w.receive(box, { from: 'pat@prospect.test', to: own, subject: 'Deal', inReplyTo: messageId, date: '2026-03-04T10:00:00Z' });
    assert.equal((await w.threads(me)).total, 1);
    items = await messagesOf(me, thread.id);
    assert.deepEqual(
      items.map((item) => [item.direction, item.delivery]),
      [
        ['incoming', null],
        ['incoming', null],
        ['outgoing', null],
        ['incoming', null],
      ],
    );
    // The user's own copy is no unread mail.
    assert.equal(await w.unread(me), 3);
  });

  it('replies to all without the mailbox itself, and forwards to the given address with Fwd:', async () => {
    const me = await w.signedIn('unibox-send-all');
    const own = `all-${Date.now()}@sender.test`;
    const box = await smtpMailbox(me, own);
    await w.receive(box, { from: 'pat@prospect.test', to: own, subject: 'Fwd: Team call', date: '2026-03-01T10:00:00Z' });
    // The sync stores To and Cc together: this message went to the mailbox and to Sam.
    await w.exec(sql`update mail_inbound set to_addresses = ${JSON.stringify([own, 'sam@prospect.test'])}::jsonb where email_account_id = ${box.id}`);
    const thread = await threadOf(me);

    const before = smtp.received.length;
    const all = await me.client.post(SEND, { threadId: thread.id, mode: 'replyAll', cc: ['boss@acme.test'], html: '<p>Works for us.</p>', idempotencyKey: key() });
    assert.equal(all.body.status, 'queued', all.text);
    const mail = await dispatched(before + 1);
    assert.deepEqual([...mail.to].sort(), ['boss@acme.test', 'pat@prospect.test', 'sam@prospect.test']);
    assert.equal(headerOf(mail.raw, 'subject'), 'Re: Fwd: Team call');
    assert.match(headerOf(mail.raw, 'cc') ?? '', /sam@prospect\.test/);
    assert.doesNotMatch(mail.raw.split('\r\n\r\n')[0]!, new RegExp(`^(To|Cc):.*${own}`, 'im'));

    const forward = await me.client.post(SEND, { threadId: thread.id, mode: 'forward', to: ['lee@partner.test'], html: '<p>FYI</p>', idempotencyKey: key() });
    assert.equal(forward.body.status, 'queued', forward.text);
    const forwarded = await dispatched(before + 2);
    assert.deepEqual(forwarded.to, ['lee@partner.test']);
    assert.equal(headerOf(forwarded.raw, 'subject'), 'Fwd: Team call');

    const missing = await me.client.post(SEND, { threadId: thread.id, mode: 'forward', html: '<p>FYI</p>', idempotencyKey: key() });
    assert.deepEqual([missing.status, missing.body.errors?.[0]?.key, missing.body.errors?.[0]?.field], [400, 'field_invalid', 'to']);
  });

  it('refuses too many recipients, a spent daily limit, a paused mailbox and the no-send list, saving nothing', async () => {
    const me = await w.signedIn('unibox-send-refused');
    const own = `refused-${Date.now()}@sender.test`;
    const box = await smtpMailbox(me, own);
    await w.receive(box, { from: 'pat@prospect.test', to: own, subject: 'Hello', date: '2026-03-01T10:00:00Z' });
    const thread = await threadOf(me);
    const count = async () =>
      (await w.rows<{ n: number }>(sql`select count(*)::int as n from mail_outbound where email_account_id = ${box.id}`))[0]!.n +
      (await w.rows<{ n: number }>(sql`select count(*)::int as n from unibox_outgoing where email_account_id = ${box.id}`))[0]!.n;

    const many = Array.from({ length: 50 }, (_, i) => `r${i}@many.test`);
    const exceeded = await me.client.post(SEND, { threadId: thread.id, to: many, html: '<p>Hi</p>', idempotencyKey: key() });
    assert.equal(exceeded.status, 200, exceeded.text);
    assert.deepEqual([exceeded.body.status, exceeded.body.isRecipientsExceeded, exceeded.body.isMailProviderError], ['failed', true, false]);

    await w.exec(sql`update email_accounts set daily_limit = 0 where id = ${box.id}`);
    const spent = await me.client.post(SEND, { threadId: thread.id, html: '<p>Hi</p>', idempotencyKey: key() });
    assert.deepEqual([spent.body.status, spent.body.isRecipientsExceeded], ['failed', true]);
    await w.exec(sql`update email_accounts set daily_limit = 100, status = 'paused' where id = ${box.id}`);
    const paused = await me.client.post(SEND, { threadId: thread.id, html: '<p>Hi</p>', idempotencyKey: key() });
    assert.deepEqual([paused.body.status, paused.body.isMailProviderError, paused.body.errors[0].key], ['failed', true, 'mail_account_paused']);
    assert.match(paused.body.message, /paused/);
    await w.exec(sql`update email_accounts set status = 'reconnect', status_reason = 'smtp_auth' where id = ${box.id}`);
    const login = await me.client.post(SEND, { threadId: thread.id, html: '<p>Hi</p>', idempotencyKey: key() });
    assert.deepEqual([login.body.status, login.body.isMailProviderError], ['failed', true]);
    await w.exec(sql`update email_accounts set status = 'active' where id = ${box.id}`);

    await w.exec(sql`insert into mail_suppressions (account_id, email, reason, created_at) values (${me.user.accountId}, 'PAT@prospect.test', 'unsubscribe', now())`);
    const suppressed = await me.client.post(SEND, { threadId: thread.id, html: '<p>Hi</p>', idempotencyKey: key() });
    assert.deepEqual([suppressed.body.status, suppressed.body.errors[0].key], ['failed', 'mail_recipient_suppressed']);
    assert.equal(await count(), 0, 'nothing saved');
  });

  it('answers not_found for another tenant’s thread and forbidden for a teammate’s without view-all', async () => {
    const owner = await w.signedIn('unibox-send-owner');
    const stranger = await w.signedIn('unibox-send-stranger');
    const box = await smtpMailbox(owner, `owner-send-${Date.now()}@sender.test`);
    await w.receive(box, { from: 'pat@prospect.test', subject: 'Private', date: '2026-03-01T10:00:00Z' });
    const thread = await threadOf(owner);
    const [message] = await messagesOf(owner, thread.id);
    for (const response of [
      await stranger.client.post(SEND, { threadId: thread.id, html: '<p>Hi</p>', idempotencyKey: key() }),
      await stranger.client.get(`${U}/messages/${message!.id}/attachments/0`),
    ]) {
      assert.deepEqual([response.status, response.body.errors?.[0]?.key], [404, 'not_found'], response.text);
    }

    const lead = await w.signedIn('unibox-send-lead', { plan: 'FREE' });
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const member = await w.signedIn('unibox-send-member', { teamCode: joinCode });
    const plain = await w.signedIn('unibox-send-plain', { teamCode: joinCode });
    await t.database.db.update(subscriptions).set({ planName: 'DC', endsAt: null }).where(eq(subscriptions.accountId, lead.user.accountId));
    assert.equal((await lead.client.request('PUT', `/team/members/${plain.user.id}/group`, { body: { group: 'Only own record' } })).status, 200);
    const memberBox = await smtpMailbox(member, `member-send-${Date.now()}@sender.test`);
    await w.receive(memberBox, { from: 'pat@prospect.test', subject: 'Team', date: '2026-03-01T10:00:00Z' });
    const memberThread = await threadOf(member);
    const refused = await plain.client.post(SEND, { forUserId: member.user.id, threadId: memberThread.id, html: '<p>Hi</p>', idempotencyKey: key() });
    assert.deepEqual([refused.status, refused.body.errors?.[0]?.key], [403, 'forbidden']);
    const none = await w.rows<{ n: number }>(sql`select count(*)::int as n from mail_outbound where email_account_id in (${box.id}, ${memberBox.id})`);
    assert.equal(none[0]!.n, 0);
  });

  it('answers the trial status from the plan', async () => {
    const me = await w.signedIn('unibox-trial');
    const status = async () => {
      const response = await me.client.get(`${U}/trial-status`);
      assert.equal(response.status, 200, response.text);
      return response.body as { status: string | null; endsAt: string | null };
    };
    const ends = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db.update(subscriptions).set({ planName: 'TRIAL', endsAt: ends }).where(eq(subscriptions.accountId, me.user.accountId));
    assert.deepEqual(await status(), { status: 'started', endsAt: ends.toISOString() });
    const past = new Date(Date.now() - 86_400_000);
    await t.database.db.update(subscriptions).set({ endsAt: past }).where(eq(subscriptions.accountId, me.user.accountId));
    assert.equal((await status()).status, 'expired');
    await t.database.db.update(subscriptions).set({ planName: 'DC', endsAt: null }).where(eq(subscriptions.accountId, me.user.accountId));
    assert.deepEqual(await status(), { status: null, endsAt: null });
  });

  it('pushes unibox.unread to the owner when a message is read, deleted or newly synced', async () => {
    const me = await w.signedIn('unibox-push');
    const box = await smtpMailbox(me, `push-${Date.now()}@sender.test`);
    await w.receive(box, { from: 'pat@prospect.test', subject: 'One', date: '2026-03-01T10:00:00Z' });
    await w.receive(box, { from: 'sam@prospect.test', subject: 'Two', date: '2026-03-02T10:00:00Z' });
    const [two, one] = (await w.threads(me)).items;
    const socket = await connectClient(t.url, me.client.cookieHeader());
    try {
      const unreadPush = async () => {
        for (;;) {
          const event = await socket.nextPush(5_000);
          if (event.type === 'unibox.unread') return event.payload.unreadMessages;
        }
      };
      await me.client.post(`${U}/read`, { threadIds: [one!.id], isRead: true });
      assert.equal(await unreadPush(), 1);
      await me.client.post(`${U}/read`, { threadIds: [one!.id], isRead: false });
      assert.equal(await unreadPush(), 2);
      await me.client.post(`${U}/delete`, { threadIds: [two!.id] });
      assert.equal(await unreadPush(), 1);
      // What the sync stores reaches the unibox's listener as any sync event does.
      await t.app.services.unibox.onSynced({ userId: me.user.id, accountId: me.user.accountId });
      assert.equal(await unreadPush(), 1);
      await w.receive(box, { from: 'kim@prospect.test', subject: 'Three', date: '2026-03-03T10:00:00Z' });
      await t.app.services.unibox.onSynced({ userId: me.user.id, accountId: me.user.accountId });
      assert.equal(await unreadPush(), 2);
    } finally {
      socket.close();
    }
  });

  describe('over IMAP', { skip: !isDovecotAvailable() && 'Dovecot is not installed' }, () => {
    let peer: ImapPeer;
    const attachment = (filename: string, type: string, content: Buffer) =>
      [
        'From: Pat <pat@prospect.test>',
        'To: <ada@unibox.test>',
        'Subject: Files',
        'Message-ID: <files.1@prospect.test>',
        'Date: Sun, 01 Mar 2026 10:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'See the files.',
        '--b1',
        `Content-Type: ${type}; name="${filename}"`,
        `Content-Disposition: attachment; filename="${filename}"`,
        'Content-Transfer-Encoding: base64',
        '',
        content.toString('base64'),
        '--b1',
        'Content-Type: image/png; name="logo.png"',
        'Content-Disposition: inline; filename="logo.png"',
        'Content-ID: <logo@prospect.test>',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('not really a png').toString('base64'),
        '--b1--',
        '',
      ].join('\r\n');
    const raw = attachment('../../etc/passwd', 'text/html', Buffer.from('<script>alert(1)</script>'));

    before(async () => {
      peer = await startImapPeer({ users: { ada: { password: 'ada-pw', folders: { INBOX: [raw] } } }, folders: ['Sent'] });
    });
    after(() => peer?.stop());

    it('serves an attachment by its index with a safe name and type, and cid images as images', async () => {
      const me = await w.signedIn('unibox-attachment');
      const box = await smtpMailbox(me, `ada-${Date.now()}@unibox.test`, { port: peer.port, user: 'ada', password: 'ada-pw' });
      const { storeMessage } = await import('../../engines/mail/inbound/sync/store-message');
      await storeMessage(t.database.db, box, { folder: 'INBOX', uid: 1, internalDate: new Date('2026-03-01T10:00:00Z') }, Buffer.from(raw));
      const thread = await threadOf(me);
      const [message] = await messagesOf(me, thread.id);

      const file = await fetch(`${t.url}${U}/messages/${message!.id}/attachments/0`, { headers: { cookie: me.client.cookieHeader() } });
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), 'application/octet-stream');
      assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
      assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="passwd"/);
      assert.equal(Buffer.from(await file.arrayBuffer()).toString(), '<script>alert(1)</script>');

      const image = await fetch(`${t.url}${U}/messages/${message!.id}/attachments/1`, { headers: { cookie: me.client.cookieHeader() } });
      assert.equal(image.headers.get('content-type'), 'image/png');
      assert.match(image.headers.get('content-disposition') ?? '', /^attachment; filename="logo.png"/);
      assert.equal((await me.client.get(`${U}/messages/${message!.id}/attachments/5`)).status, 404);
    });

    it('APPENDs the sent message to the Sent folder with \\Seen once the engine has sent it', async () => {
      const me = await w.signedIn('unibox-append');
      const own = `ada-append-${Date.now()}@unibox.test`;
      const box = await smtpMailbox(me, own, { port: peer.port, user: 'ada', password: 'ada-pw' });
      await w.receive(box, { from: 'pat@prospect.test', to: own, subject: 'Copy me', date: '2026-03-01T10:00:00Z' });
      const thread = await threadOf(me);
      const before = smtp.received.length;
      const sent = await me.client.post(SEND, { threadId: thread.id, html: '<p>Copied.</p>', idempotencyKey: key() });
      assert.equal(sent.body.status, 'queued', sent.text);
      const [row] = await w.rows<{ id: number; sent_copy: string }>(sql`select id, sent_copy from unibox_outgoing where email_account_id = ${box.id}`);
      assert.equal(row!.sent_copy, 'pending');
      // Not sent yet: the job would wait.
      assert.equal(await t.app.services.unibox.copyToSent(Number(row!.id)), 'wait');
      await dispatched(before + 1);
      assert.equal(await t.app.services.unibox.copyToSent(Number(row!.id)), 'done');
      assert.equal(await t.app.services.unibox.copyToSent(Number(row!.id)), 'skipped', 'appended once');

      const { ImapFlow } = await import('imapflow');
      const client = new ImapFlow({ host: '127.0.0.1', port: peer.port, secure: false, auth: { user: 'ada', pass: 'ada-pw' }, logger: false });
      await client.connect();
      try {
        const lock = await client.getMailboxLock('Sent');
        try {
          const found = [];
          for await (const message of client.fetch('1:*', { envelope: true, flags: true })) found.push(message);
          const copy = found.find((message) => message.envelope?.messageId === sent.body.item.messageId || message.envelope?.messageId === `<${sent.body.item.messageId}>`);
          assert.ok(copy, 'the copy is in Sent');
          assert.ok(copy.flags?.has('\\Seen'));
          assert.equal(copy.envelope?.subject, 'Re: Copy me');
        } finally {
          lock.release();
        }
      } finally {
        await client.logout();
      }
    });
  });
});
