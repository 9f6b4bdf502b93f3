/**
 * Marks written back to the IMAP server and the paused unibox sync, over real HTTP: read, star and
 * delete through the calls, the mirror job run directly and through the real job queue, and what
 * Dovecot then holds (\Seen, \Flagged, the message moved to Trash); a mark changed again before
 * the job ran is not lost; another message under a stored UID is never touched; a sandbox mailbox
 * just stops waiting; a mailbox in error waits. Paused: mail synced meanwhile is neither shown nor
 * counted until the mailbox is resumed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { SyncMailbox } from '../../engines/mail/inbound/sync/types';
import { storeMessage } from '../../engines/mail/inbound/sync/store-message';
import { createJobQueue } from '../../jobs/queue';
import { isDovecotAvailable, startImapPeer, type ImapPeer } from '../../test-support/imap-peer';
import type { TestApp } from '../../test-support/test-app';
import { credentialCipherFor, sealCredentials } from '../email-accounts/credentials';
import type { Person } from '../campaigns/test-world';
import { uniboxArea } from './area';
import * as repo from './repository';
import { U, startUniboxWorld, type UniboxWorld } from './test-world';

let counter = 0;
const eml = (subject: string, messageId: string) =>
  [
    'From: Pat <pat@prospect.test>',
    'To: <me@unibox.test>',
    `Subject: ${subject}`,
    `Message-ID: <${messageId}>`,
    'Date: Sun, 01 Mar 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${subject}, in plain words.`,
    '',
  ].join('\r\n');

describe('unibox marks on the IMAP server and the paused sync', () => {
  let t: TestApp;
  let w: UniboxWorld;

  before(async () => {
    ({ t, w } = await startUniboxWorld({ jobs: false, env: { MAIL_ALLOW_PRIVATE: '127.0.0.0/8' } }));
  });
  after(async () => {
    await t?.close();
  });

  const pending = async (boxId: number) =>
    (await w.rows<{ n: number }>(sql`select count(*)::int as n from unibox_message_states where email_account_id = ${boxId} and mirror_pending`))[0]!.n;

  it('clears the marks of a mailbox without IMAP without a server call', async () => {
    const me = await w.signedIn('unibox-mirror-sandbox');
    const box = await w.mailbox(me, `sandbox-${Date.now()}@unibox.test`);
    await w.receive(box, { from: 'pat@prospect.test', subject: 'Sandbox', date: '2026-03-01T10:00:00Z' });
    const [thread] = (await w.threads(me)).items;
    assert.equal((await me.client.post(`${U}/read`, { threadIds: [thread!.id], isRead: true })).status, 200);
    assert.equal(await pending(box.id), 1);
    assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'done');
    assert.equal(await pending(box.id), 0);
  });

  it('keeps new mail of a paused mailbox out of the threads and the count until it is resumed, and mirrors nothing meanwhile', async () => {
    const me = await w.signedIn('unibox-paused');
    const box = await w.mailbox(me, `paused-${Date.now()}@unibox.test`);
    await w.receive(box, { from: 'pat@prospect.test', subject: 'Before', date: '2026-03-01T10:00:00Z' });
    assert.equal((await w.threads(me)).total, 1);
    assert.equal(await w.unread(me), 1);

    const paused = await me.client.post(`${U}/accounts/${box.id}/pause`, {});
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.item.uniboxStatus, 'paused');
    await w.receive(box, { from: 'sam@prospect.test', subject: 'While paused', date: '2026-03-02T10:00:00Z' });
    await t.app.services.unibox.onSynced({ userId: me.user.id, accountId: me.user.accountId, emailAccountId: box.id });
    const during = await w.threads(me);
    assert.deepEqual([during.total, during.items.map((item) => item.subject)], [1, ['Before']]);
    assert.equal(await w.unread(me), 1);
    // The mail engine still stored it (a campaign stops for a reply whatever the unibox shows).
    const stored = await w.rows<{ n: number }>(sql`select count(*)::int as n from mail_inbound where email_account_id = ${box.id}`);
    assert.equal(stored[0]!.n, 2);

    const [thread] = during.items;
    await me.client.post(`${U}/star`, { threadIds: [thread!.id], isStarred: true });
    assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'paused');
    assert.equal(await pending(box.id), 1, 'not mirrored while paused');

    const resumed = await me.client.post(`${U}/accounts/${box.id}/resume`, {});
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal(resumed.body.item.unreadCount, 2);
    const afterwards = await w.threads(me);
    assert.deepEqual(afterwards.items.map((item) => item.subject), ['While paused', 'Before']);
    assert.equal(await w.unread(me), 2);
  });

  describe('over IMAP', { skip: !isDovecotAvailable() && 'Dovecot is not installed' }, () => {
    let peer: ImapPeer;
    const users = ['ada', 'bob', 'cy', 'dee', 'eve'] as const;

    before(async () => {
      peer = await startImapPeer({ users: Object.fromEntries(users.map((user) => [user, { password: `${user}-pw` }])), folders: ['Trash'] });
    });
    after(() => peer?.stop());

    /** A generic IMAP mailbox of `person` on the peer's `user`. */
    async function imapMailbox(person: Person, user: string): Promise<SyncMailbox> {
      const email = `${user}-${Date.now()}@unibox.test`;
      const box = await w.mailbox(person, email);
      const sealed = sealCredentials(credentialCipherFor(t.config), box.id, { imapPassword: `${user}-pw` } as never);
      await w.exec(
        sql`update email_accounts set provider = 'smtp', imap_host = '127.0.0.1', imap_port = ${peer.port}, imap_security = 'none',
              imap_user = ${user}, credentials = ${sealed}
            where id = ${box.id}`,
      );
      return { ...box, provider: 'smtp', imapHost: '127.0.0.1', imapPort: peer.port, imapUser: user, imapSecurity: 'none', credentials: sealed };
    }

    /** Delivers a message to the peer and stores it as the sync does (same folder and UID); answers its unibox id. */
    async function deliver(box: SyncMailbox, user: string, subject: string): Promise<{ id: number; messageId: string }> {
      counter += 1;
      const messageId = `mirror${counter}.${process.pid}.${Date.now()}@prospect.test`;
      const raw = Buffer.from(eml(subject, messageId));
      const uid = await peer.append(user, 'INBOX', raw);
      await storeMessage(t.database.db, box, { folder: 'INBOX', uid, internalDate: new Date('2026-03-01T10:00:00Z') }, raw);
      const [row] = await w.rows<{ id: number }>(sql`select id from mail_inbound where email_account_id = ${box.id} and message_id like ${`%${messageId}%`}`);
      return { id: Number(row!.id), messageId };
    }

    /** What Dovecot holds for `user`: Message-ID → flags, per folder. */
    async function serverState(user: string): Promise<Record<string, Map<string, Set<string>>>> {
      const client = new ImapFlow({ host: '127.0.0.1', port: peer.port, secure: false, auth: { user, pass: `${user}-pw` }, logger: false });
      await client.connect();
      const state: Record<string, Map<string, Set<string>>> = {};
      try {
        for (const folder of ['INBOX', 'Trash']) {
          const lock = await client.getMailboxLock(folder, { readOnly: true });
          try {
            const found = new Map<string, Set<string>>();
            if (client.mailbox && client.mailbox.exists > 0)
              for await (const message of client.fetch('1:*', { envelope: true, flags: true }))
                found.set((message.envelope?.messageId ?? '').replace(/^<|>$/g, ''), message.flags ?? new Set());
            state[folder] = found;
          } finally {
            lock.release();
          }
        }
      } finally {
        await client.logout();
      }
      return state;
    }

    const mark = async (person: Person, call: 'read' | 'star' | 'delete', body: object) => {
      const response = await person.client.post(`${U}/${call}`, body);
      assert.equal(response.status, 200, response.text);
    };

    it('sets and clears \\Seen and \\Flagged and moves a deleted message to Trash', async () => {
      const me = await w.signedIn('unibox-mirror-flags');
      const box = await imapMailbox(me, 'ada');
      const read = await deliver(box, 'ada', 'Read me');
      const starred = await deliver(box, 'ada', 'Star me');
      const deleted = await deliver(box, 'ada', 'Delete me');
      await w.threads(me);
      await mark(me, 'read', { messageIds: [read.id], isRead: true });
      await mark(me, 'star', { messageIds: [starred.id], isStarred: true });
      await mark(me, 'delete', { messageIds: [deleted.id] });
      assert.equal(await pending(box.id), 3);

      assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'done');
      assert.equal(await pending(box.id), 0);
      let server = await serverState('ada');
      assert.ok(server.INBOX!.get(read.messageId)?.has('\\Seen'));
      assert.ok(!server.INBOX!.get(read.messageId)?.has('\\Flagged'));
      assert.ok(server.INBOX!.get(starred.messageId)?.has('\\Flagged'));
      assert.ok(!server.INBOX!.get(starred.messageId)?.has('\\Seen'));
      assert.ok(!server.INBOX!.has(deleted.messageId), 'moved out of INBOX');
      assert.ok(server.Trash!.has(deleted.messageId), 'moved to Trash');

      await mark(me, 'read', { messageIds: [read.id], isRead: false });
      await mark(me, 'star', { messageIds: [starred.id], isStarred: false });
      // A mark on the message already in Trash: it is gone from where the sync found it, which is no error.
      await mark(me, 'star', { messageIds: [deleted.id], isStarred: true });
      assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'done');
      assert.equal(await pending(box.id), 0);
      server = await serverState('ada');
      assert.ok(!server.INBOX!.get(read.messageId)?.has('\\Seen'));
      assert.ok(!server.INBOX!.get(starred.messageId)?.has('\\Flagged'));
    });

    it('does not lose a mark changed again before the job ran or while it wrote', async () => {
      const me = await w.signedIn('unibox-mirror-again');
      const box = await imapMailbox(me, 'bob');
      const message = await deliver(box, 'bob', 'Twice');
      await w.threads(me);
      await mark(me, 'read', { messageIds: [message.id], isRead: true });
      await mark(me, 'read', { messageIds: [message.id], isRead: false });
      await mark(me, 'star', { messageIds: [message.id], isStarred: true });
      assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'done');
      let flags = (await serverState('bob')).INBOX!.get(message.messageId)!;
      assert.deepEqual([flags.has('\\Seen'), flags.has('\\Flagged')], [false, true]);

      // The job read the mark (starred), the user unstarred before the job cleared it: the row stays pending.
      await mark(me, 'read', { messageIds: [message.id], isRead: true });
      const [seen] = await repo.pendingMarks(t.database.db, box.id, 0, 10);
      await mark(me, 'star', { messageIds: [message.id], isStarred: false });
      assert.equal(await repo.clearMirrored(t.database.db, box.id, [seen!]), 0);
      assert.equal(await pending(box.id), 1);
      assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'done');
      assert.equal(await pending(box.id), 0);
      flags = (await serverState('bob')).INBOX!.get(message.messageId)!;
      assert.deepEqual([flags.has('\\Seen'), flags.has('\\Flagged')], [true, false]);
    });

    it('never marks another message found under a stored UID, and a mailbox in error waits', async () => {
      const me = await w.signedIn('unibox-mirror-uid');
      const box = await imapMailbox(me, 'cy');
      const message = await deliver(box, 'cy', 'Mine');
      // After a UIDVALIDITY change the stored UID names another message on the server.
      const other = `other.${process.pid}.${Date.now()}@prospect.test`;
      await peer.append('cy', 'INBOX', eml('Not mine', other));
      await w.exec(sql`update mail_inbound set uid = uid + 1 where id = ${message.id}`);
      await w.threads(me);
      await mark(me, 'read', { messageIds: [message.id], isRead: true });

      await w.exec(sql`update email_accounts set status = 'error' where id = ${box.id}`);
      await assert.rejects(t.app.services.unibox.mirrorMarks(box.id), /in error/);
      assert.equal(await pending(box.id), 1, 'kept for the retry');
      await w.exec(sql`update email_accounts set status = 'active' where id = ${box.id}`);

      assert.equal(await t.app.services.unibox.mirrorMarks(box.id), 'done');
      assert.equal(await pending(box.id), 0);
      const server = await serverState('cy');
      assert.ok(!server.INBOX!.get(other)?.has('\\Seen'), 'the other message is untouched');
      assert.ok(!server.INBOX!.get(message.messageId)?.has('\\Seen'), 'its own UID no longer matched');
    });

    it('mirrors a mark through the real job queue', async () => {
      const me = await w.signedIn('unibox-mirror-queue');
      const box = await imapMailbox(me, 'dee');
      const message = await deliver(box, 'dee', 'Queued');
      await w.threads(me);
      const queue = createJobQueue({ database: t.database, logger: t.app.log, pollingIntervalSeconds: 1 });
      await uniboxArea.jobs!(queue, { database: t.database, logger: t.app.log, push: { emitToUser() {}, emitToTeam() {} }, config: t.config });
      await queue.start();
      t.app.services.unibox.useQueue(queue);
      try {
        await mark(me, 'star', { messageIds: [message.id], isStarred: true });
        // The job starts once its slot (a few seconds) is over; no fixed wait beyond that.
        const deadline = Date.now() + 60_000;
        while ((await pending(box.id)) > 0) {
          assert.ok(Date.now() < deadline, 'the job ran');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        assert.ok((await serverState('dee')).INBOX!.get(message.messageId)?.has('\\Flagged'));
      } finally {
        t.app.services.unibox.useQueue(undefined);
        await queue.stop();
      }
    });
  });
});
