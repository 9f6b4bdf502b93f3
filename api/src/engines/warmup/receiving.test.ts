/**
 * The receiving side of the warm-up against a real Dovecot on loopback: the IMAP sync keeps mail
 * with a genuine mark apart (class 'warmup', no text, no event) and classifies a forged mark as
 * ordinary mail; the placement is read from the folder (INBOX or the \Junk special-use folder);
 * spam is moved to INBOX, read and flagged; the answer goes once, in the same thread, marked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { mailInbound, mailOutbound } from '../../db/schema';
import { isDovecotAvailable, startImapPeer, type ImapPeer } from '../../test-support/imap-peer';
import { rowsOf } from '../../modules/prospects/sql-helpers';
import { startSyncWorld, type SyncWorld, type TestMailbox } from '../mail/inbound/sync/test-world';
import type { InboundMailEvent } from '../mail/inbound/sync/types';
import { TestClock, testEngine } from '../mail/outbound/engine-fixtures';
import type { MailEngine } from '../mail/outbound/outbox';
import { REPLY_DELAY, WarmupReceiver } from './receiving';
import { WARMUP_HEADER, readWarmupToken, warmupToken } from './token';

const SECRET = Buffer.from('a warm-up receiving secret of at least 32 bytes');
const PASSWORD = 'warm-pass';

function warmupMail(messageId: string, mark: string, subject = 'Quick hello', thread: string[] = []): Buffer {
  return Buffer.from(
    [
      'From: Sam Sender <sam@sender.test>',
      'To: Rita Receiver <warm@receiver.test>',
      `Subject: ${subject}`,
      `Message-ID: ${messageId}`,
      ...thread,
      'Date: Wed, 6 Mar 2030 09:00:00 +0000',
      `${WARMUP_HEADER}: ${mark}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hi Rita,\r\n\r\nHow was the week?\r\n\r\nSam',
      '',
    ].join('\r\n'),
  );
}

describe('warm-up receiving side', { skip: !isDovecotAvailable() && 'Dovecot is not installed' }, () => {
  let peer: ImapPeer;
  let world: SyncWorld;
  let engine: MailEngine;
  let receiver: TestMailbox;
  let sender: TestMailbox;
  const clock = new TestClock(new Date());

  before(async () => {
    peer = await startImapPeer({ users: [{ user: 'warm', password: PASSWORD }, { user: 'sam', password: PASSWORD }], folders: ['Junk'] });
    world = await startSyncWorld(peer);
    receiver = await world.mailbox({ imapUser: 'warm', password: PASSWORD });
    sender = await world.mailbox({ imapUser: 'sam', password: PASSWORD });
    engine = testEngine({ db: world.database.db, cipher: world.cipher, now: clock.now });
  });

  after(async () => {
    await engine?.close();
    await world?.close();
    await peer?.stop();
  });

  async function plannedSend(seq: number, messageId: string): Promise<number> {
    const outboundId = await world.sent(sender, { messageId, to: 'warm@receiver.test', subject: 'Quick hello', sentAt: clock.now() });
    const [row] = await rowsOf<{ id: number }>(
      world.database.db,
      sql`insert into warmup_sends (sender_id, partner_id, day, seq, due_at, state, outbound_id, message_id)
          values (${sender.id}, ${receiver.id}, current_date, ${seq}, now(), 'queued', ${outboundId}, ${messageId}) returning id`,
    );
    return Number(row!.id);
  }

  it('stores marked mail apart, reads its placement, rescues it from spam and answers it once in its thread', async () => {
    await world.database.db.execute(
      sql`insert into warmup_mailboxes (email_account_id, account_id, user_id, status, start_volume, daily_increase, ceiling, reply_rate)
          values (${receiver.id}, ${receiver.accountId}, ${receiver.userId}, 'active', 10, 1, 40, 100)`,
    );
    const inInbox = await plannedSend(1, '<warm-inbox.1@sender.test>');
    const inSpam = await plannedSend(2, '<warm-spam.2@sender.test>');
    const thread = ['In-Reply-To: <earlier.0@receiver.test>', 'References: <first.0@receiver.test> <earlier.0@receiver.test>'];
    await peer.append('warm', 'INBOX', warmupMail('<warm-inbox.1@sender.test>', warmupToken(inInbox, SECRET), 'Quick hello', thread));
    await peer.append('warm', 'Junk', warmupMail('<warm-spam.2@sender.test>', warmupToken(inSpam, SECRET)));
    // A forged mark (a real send id with another key): ordinary mail, which its owner must see.
    await peer.append('warm', 'INBOX', warmupMail('<forged.3@elsewhere.test>', warmupToken(inInbox, Buffer.from('x'.repeat(40))), 'Not warm-up'));

    const sync = world.engine({ isWarmupMark: (value) => readWarmupToken(value, SECRET) !== null });
    const events: InboundMailEvent[] = [];
    sync.onInbound((event) => {
      events.push(event);
    });
    await sync.syncMailbox(receiver.id);
    const stored = await world.database.db.select().from(mailInbound).where(eq(mailInbound.emailAccountId, receiver.id));
    const byId = new Map(stored.map((row) => [row.messageId, row]));
    assert.deepEqual([byId.get('warm-inbox.1@sender.test')?.class, byId.get('warm-inbox.1@sender.test')?.folder], ['warmup', 'INBOX']);
    assert.deepEqual([byId.get('warm-spam.2@sender.test')?.class, byId.get('warm-spam.2@sender.test')?.folder], ['warmup', 'Junk']);
    assert.equal(byId.get('warm-inbox.1@sender.test')?.text, null);
    // Warm-up mail keeps the envelope every message keeps (store-message.ts envelopeOf: where, when,
    // ids and thread, sender address, size, flags) and none of its content or names.
    const kept = byId.get('warm-inbox.1@sender.test')!;
    const forged = byId.get('forged.3@elsewhere.test')!;
    assert.deepEqual(
      [kept.fromAddress, kept.inReplyTo, kept.references, kept.seenOnServer, kept.malformed],
      ['sam@sender.test', 'earlier.0@receiver.test', ['first.0@receiver.test', 'earlier.0@receiver.test'], false, false],
    );
    assert.ok(kept.uid > 0 && kept.size > 0 && !Number.isNaN(new Date(kept.receivedAt).getTime()));
    assert.deepEqual(
      [kept.fromName, kept.subject, kept.toAddresses, kept.replyToAddresses, kept.preview, kept.html, kept.attachments, kept.outboundId],
      [null, '', [], [], '', null, [], null],
    );
    // Ordinary mail from the same sender keeps the same envelope, and its content.
    assert.deepEqual([forged.fromAddress, forged.fromName, forged.subject, forged.folder], ['sam@sender.test', 'Sam Sender', 'Not warm-up', 'INBOX']);
    assert.ok(forged.uid > kept.uid && forged.size > 0);
    assert.notEqual(byId.get('forged.3@elsewhere.test')?.class, 'warmup');
    assert.deepEqual(events.map((event) => event.messageId), ['forged.3@elsewhere.test']);

    const warm = new WarmupReceiver({ db: world.database.db, mail: engine, junk: sync, secret: SECRET, now: clock.now, random: () => 0 });
    assert.deepEqual(await warm.recordPlacements(), { inbox: 1, spam: 1, more: false });
    assert.deepEqual(await warm.recordPlacements(), { inbox: 0, spam: 0, more: false });
    const placed = await rowsOf<{ id: number; placement: string; reply_due_at: Date | null; placed_at: Date }>(
      world.database.db,
      sql`select id, placement, reply_due_at, placed_at from warmup_sends order by id`,
    );
    assert.deepEqual(placed.map((row) => row.placement), ['inbox', 'spam']);
    // A reply rate of 100 % answers each, the earliest 45 minutes after it arrived.
    for (const row of placed) assert.equal(new Date(row.reply_due_at!).getTime() - new Date(row.placed_at).getTime(), REPLY_DELAY.minMs);

    assert.deepEqual(await warm.rescueFromSpam(), { rescued: 1 });
    assert.deepEqual(await warm.rescueFromSpam(), { rescued: 0 });
    const client = new ImapFlow({ host: peer.host, port: peer.port, secure: false, auth: { user: 'warm', pass: PASSWORD }, logger: false });
    await client.connect();
    try {
      const junk = await client.status('Junk', { messages: true });
      assert.ok(junk);
      assert.equal(junk.messages, 0);
      const lock = await client.getMailboxLock('INBOX');
      try {
        const rescued = await client.fetchAll({ header: { 'message-id': 'warm-spam.2@sender.test' } }, { flags: true });
        assert.equal(rescued.length, 1);
        assert.ok(rescued[0]!.flags?.has('\\Seen') && rescued[0]!.flags?.has('\\Flagged'));
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }

    // Not due yet; then due: one answer each, from the receiver to the sender, in the thread.
    assert.deepEqual(await warm.sendDueReplies(), { replied: 0, more: false });
    clock.advance(REPLY_DELAY.minMs + 60_000);
    assert.deepEqual(await warm.sendDueReplies(), { replied: 2, more: false });
    assert.deepEqual(await warm.sendDueReplies(), { replied: 0, more: false });
    const replies = await world.database.db.select().from(mailOutbound).where(eq(mailOutbound.emailAccountId, receiver.id));
    assert.equal(replies.length, 2);
    const first = replies.find((row) => (row.headers as Record<string, string>)['In-Reply-To'] === '<warm-inbox.1@sender.test>')!;
    assert.equal(first.kind, 'warmup');
    assert.equal(first.subject, 'Re: Quick hello');
    assert.equal(first.toAddress, (await rowsOf<{ email: string }>(world.database.db, sql`select email from email_accounts where id = ${sender.id}`))[0]!.email);
    assert.equal(readWarmupToken((first.headers as Record<string, string>)[WARMUP_HEADER], SECRET), inInbox);
    const replied = await rowsOf<{ replied_at: Date | null; reply_outbound_id: number | null }>(
      world.database.db,
      sql`select replied_at, reply_outbound_id from warmup_sends where id = ${inInbox}`,
    );
    assert.equal(Number(replied[0]!.reply_outbound_id), first.id);

    // The answers land in the sender's mailbox, one in its Junk: placed there, and that one rescued.
    const second = replies.find((row) => row.id !== first.id)!;
    const angle = (id: string) => `<${id.replace(/^<|>$/g, '')}>`;
    await peer.append('sam', 'INBOX', warmupMail(angle(first.messageId), warmupToken(inInbox, SECRET), 'Re: Quick hello'));
    await peer.append('sam', 'Junk', warmupMail(angle(second.messageId), warmupToken(inSpam, SECRET), 'Re: Quick hello'));
    await sync.syncMailbox(sender.id);
    assert.deepEqual(await warm.recordReplyPlacements(), { inbox: 1, spam: 1, more: false });
    assert.deepEqual(await warm.recordReplyPlacements(), { inbox: 0, spam: 0, more: false });
    assert.deepEqual(await warm.rescueFromSpam(), { rescued: 1 });
    assert.deepEqual(await warm.rescueFromSpam(), { rescued: 0 });
    const answers = await rowsOf<{ id: number; reply_placement: string; reply_rescued_at: Date | null }>(
      world.database.db,
      sql`select id, reply_placement, reply_rescued_at from warmup_sends order by id`,
    );
    assert.deepEqual(answers.map((row) => [Number(row.id), row.reply_placement, row.reply_rescued_at !== null]), [[inInbox, 'inbox', false], [inSpam, 'spam', true]]);
    const samClient = new ImapFlow({ host: peer.host, port: peer.port, secure: false, auth: { user: 'sam', pass: PASSWORD }, logger: false });
    await samClient.connect();
    try {
      const junk = await samClient.status('Junk', { messages: true });
      assert.ok(junk);
      assert.equal(junk.messages, 0);
    } finally {
      await samClient.logout();
    }
  });
});
