/**
 * LinkedIn conversations in the unibox, over real HTTP: the messages the action runner stores
 * (written through its own `insertMessage`, as its inbox polling and its sends do) show as
 * conversations beside mail once the other side wrote, with their unread counts, filters, read /
 * star / trash marks, the lead's interest and the account pane; another tenant's conversation is
 * not_found everywhere, and a conversation is never answered by mail.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { insertAction, insertMessage } from '../../engines/social/runner/repository';
import type { TestApp } from '../../test-support/test-app';
import type { Person } from '../campaigns/test-world';
import { U, errorKeyOf, startUniboxWorld, type UniboxWorld } from './test-world';

let counter = 0;

describe('LinkedIn conversations in the unibox', () => {
  let t: TestApp;
  let w: UniboxWorld;
  before(async () => {
    ({ t, w } = await startUniboxWorld());
  });
  after(() => t?.close());

  /** A sandbox LinkedIn account connected by session cookie through the accounts call. */
  async function linkedinAccount(person: Person): Promise<number> {
    counter += 1;
    const response = await person.client.post('/pipelines/api/linkedin-accounts', {
      login: { method: 'cookie', sessionCookie: `AQEDAR-unibox-${process.pid}-${counter}` },
      proxy: { kind: 'builtin', countryId: 276 },
      timezone: 'UTC',
    });
    assert.equal(response.status, 200, response.text);
    return response.body.account.id as number;
  }

  /** One message of a conversation, stored as the runner stores it. */
  async function message(
    person: Person,
    linkedinAccountId: number,
    spec: { thread: string; direction: 'in' | 'out'; body: string; at: string; name?: string },
  ): Promise<number> {
    counter += 1;
    const id = await insertMessage(t.database.db, {
      accountId: person.user.accountId,
      linkedinAccountId,
      networkMessageId: `net-${process.pid}-${counter}`,
      threadKey: spec.thread,
      profileUrl: `https://www.linkedin.com/in/${spec.thread}`,
      profileName: spec.name ?? 'Ada Lovelace',
      direction: spec.direction,
      kind: 'message',
      subject: null,
      body: spec.body,
      sentAt: new Date(spec.at),
      actionId: null,
      campaignId: null,
      recipientId: null,
      now: new Date(spec.at),
    });
    assert.ok(id);
    return id;
  }

  it('lists a conversation once the other side wrote, beside mail, with its messages, counts and account', async () => {
    const owner = await w.signedIn('unibox-li-owner');
    const box = await w.mailbox(owner, `li-owner-${Date.now()}@unibox.test`);
    await w.receive(box, { from: 'p@prospect.test', subject: 'A mail', date: '2026-03-01T10:00:00Z' });
    const account = await linkedinAccount(owner);
    await message(owner, account, { thread: 'ada', direction: 'out', body: 'Hi Ada, glad to connect.', at: '2026-03-02T09:00:00Z' });
    // Sent only, never answered: a campaign message, not a conversation yet.
    await message(owner, account, { thread: 'bob', direction: 'out', body: 'Hi Bob.', at: '2026-03-02T09:30:00Z', name: 'Bob' });
    assert.equal((await w.threads(owner)).total, 1);
    await message(owner, account, { thread: 'ada', direction: 'in', body: 'Thanks! Tell me about quarterly pricing.', at: '2026-03-02T10:00:00Z' });

    const listed = await w.threads(owner);
    assert.equal(listed.total, 2);
    const [linkedin, mail] = listed.items;
    assert.deepEqual(
      [linkedin!.channel, linkedin!.linkedinAccountId, linkedin!.emailAccountId, linkedin!.counterpart.name, linkedin!.messageCount, linkedin!.unreadCount],
      ['linkedin', account, null, 'Ada Lovelace', 2, 1],
    );
    assert.equal(linkedin!.counterpart.address, 'https://www.linkedin.com/in/ada');
    assert.match(linkedin!.snippet, /quarterly pricing/);
    assert.deepEqual([mail!.channel, mail!.emailAccountId, mail!.linkedinAccountId], ['email', box.id, null]);
    assert.equal(await w.unread(owner), 2);

    const messages = (await owner.client.get(`${U}/thread-groups/${linkedin!.id}/messages`)).body.items as {
      channel: string;
      direction: string;
      text: string;
      html: string | null;
      isRead: boolean;
      from: { name: string | null };
    }[];
    assert.deepEqual(
      messages.map((item) => [item.channel, item.direction, item.text, item.html, item.isRead]),
      [
        ['linkedin', 'outgoing', 'Hi Ada, glad to connect.', null, true],
        ['linkedin', 'incoming', 'Thanks! Tell me about quarterly pricing.', null, false],
      ],
    );
    assert.equal(messages[1]!.from.name, 'Ada Lovelace');

    const accounts = (await owner.client.get(`${U}/accounts`)).body as {
      items: { id: number }[];
      linkedinAccounts: { id: number; sandbox: boolean; displayStatus: string; unreadCount: number }[];
    };
    assert.deepEqual(accounts.items.map((item) => item.id), [box.id]);
    assert.deepEqual(
      accounts.linkedinAccounts.map((item) => [item.id, item.sandbox, item.displayStatus, item.unreadCount]),
      [[account, true, 'active', 1]],
    );
  });

  it('shows the answers the runner has not sent under their conversation, with their state', async () => {
    const owner = await w.signedIn('unibox-li-pending');
    const account = await linkedinAccount(owner);
    await message(owner, account, { thread: 'pending-ada', direction: 'in', body: 'Any news?', at: '2026-03-03T09:00:00Z' });
    const [thread] = (await w.threads(owner)).items;
    const action = async (content: string, at: string, origin: 'inline' | 'campaign' = 'inline') => {
      counter += 1;
      const row = await insertAction(t.database.db, {
        accountId: owner.user.accountId,
        userId: owner.user.id,
        linkedinAccountId: account,
        action: 'message',
        origin,
        profileUrl: 'https://www.linkedin.com/in/pending-ada',
        subject: null,
        content,
        campaignId: null,
        recipientId: null,
        step: null,
        idempotencyKey: `pending-${process.pid}-${counter}`,
        // Never due while the test runs: the runner leaves it as written.
        dueAt: new Date('2099-01-01T00:00:00Z'),
        now: new Date(at),
      });
      assert.ok(row);
      return row.id;
    };
    const setState = (id: number, state: string) => t.database.db.execute(sql`update linkedin_actions set state = ${state} where id = ${id}`);
    await action('Queued answer', '2026-03-03T10:00:00Z');
    await setState(await action('Answer being sent', '2026-03-03T10:01:00Z'), 'running');
    await setState(await action('Answer given up on', '2026-03-03T10:02:00Z'), 'failed');
    // Sent: it is the thread's stored message then, not a pending one.
    await setState(await action('Answer sent', '2026-03-03T10:03:00Z'), 'done');
    await setState(await action('Answer cancelled', '2026-03-03T10:04:00Z'), 'cancelled');
    // A campaign's message to the same person is the campaign's, not an answer from here.
    await action('Campaign message', '2026-03-03T10:05:00Z', 'campaign');

    const items = (await owner.client.get(`${U}/thread-groups/${thread!.id}/messages`)).body.items as {
      channel: string;
      direction: string;
      text: string;
      delivery: string | null;
      linkedinAccountId: number;
    }[];
    assert.deepEqual(
      items.map((item) => [item.channel, item.direction, item.text, item.delivery]),
      [
        ['linkedin', 'incoming', 'Any news?', null],
        ['linkedin', 'outgoing', 'Queued answer', 'queued'],
        ['linkedin', 'outgoing', 'Answer being sent', 'sending'],
        ['linkedin', 'outgoing', 'Answer given up on', 'failed'],
      ],
    );
    assert.ok(items.every((item) => item.linkedinAccountId === account));
  });

  it('filters by account, text and star, marks read and trash per conversation, and a new message takes it out of the trash', async () => {
    const owner = await w.signedIn('unibox-li-filters');
    const box = await w.mailbox(owner, `li-filters-${Date.now()}@unibox.test`);
    await w.receive(box, { from: 'p@prospect.test', subject: 'Quarterly mail', date: '2026-03-01T10:00:00Z' });
    const account = await linkedinAccount(owner);
    await message(owner, account, { thread: 'cleo', direction: 'in', body: 'Our quarterly budget is set.', at: '2026-03-02T10:00:00Z', name: 'Cleo' });
    const thread = (await w.threads(owner, { linkedinAccountIds: [account] })).items;
    assert.deepEqual(thread.map((item) => item.channel), ['linkedin']);
    assert.deepEqual((await w.threads(owner, { emailAccountIds: [box.id] })).items.map((item) => item.channel), ['email']);
    assert.deepEqual(
      (await w.threads(owner, { text: 'budg' })).items.map((item) => item.channel),
      ['linkedin'],
      'a word of the LinkedIn message, by its beginning',
    );
    assert.equal((await w.threads(owner, { text: 'quarterly' })).total, 2);
    // A mail folder is mail only.
    assert.deepEqual((await w.threads(owner, { directory: 'INBOX' })).items.map((item) => item.channel), ['email']);

    const id = thread[0]!.id;
    const star = await owner.client.post(`${U}/star`, { threadIds: [id], isStarred: true });
    assert.equal(star.status, 200, star.text);
    assert.deepEqual((await w.threads(owner, { isStarred: true })).items.map((item) => item.id), [id]);

    const read = await owner.client.post(`${U}/read`, { threadIds: [id], isRead: true });
    assert.deepEqual([read.body.changed, read.body.unreadMessages], [1, 1]);
    assert.equal((await w.threads(owner, { linkedinAccountIds: [account] })).items[0]!.unreadCount, 0);

    const deleted = await owner.client.post(`${U}/delete`, { threadIds: [id] });
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal((await w.threads(owner, { linkedinAccountIds: [account] })).total, 0);
    assert.deepEqual((await w.threads(owner, { trash: true })).items.map((item) => item.id), [id]);

    await message(owner, account, { thread: 'cleo', direction: 'in', body: 'Any news?', at: '2026-03-03T10:00:00Z', name: 'Cleo' });
    const back = (await w.threads(owner, { linkedinAccountIds: [account] })).items;
    assert.deepEqual(back.map((item) => [item.id, item.unreadCount, item.isStarred]), [[id, 1, true]]);
  });

  it('answers not_found to another tenant, refuses to answer a conversation by mail, and sets the lead’s interest', async () => {
    const owner = await w.signedIn('unibox-li-private');
    const stranger = await w.signedIn('unibox-li-stranger');
    const account = await linkedinAccount(owner);
    await message(owner, account, { thread: 'dora', direction: 'in', body: 'Hello there', at: '2026-03-02T10:00:00Z', name: 'Dora' });
    const [thread] = (await w.threads(owner)).items;
    const attempts = [
      await stranger.client.get(`${U}/thread-groups/${thread!.id}/messages`),
      await stranger.client.post(`${U}/read`, { threadIds: [thread!.id], isRead: true }),
      await stranger.client.post(`${U}/star`, { threadIds: [thread!.id], isStarred: true }),
      await stranger.client.post(`${U}/delete`, { threadIds: [thread!.id] }),
      await stranger.client.post(`${U}/lead-interest`, { threadId: thread!.id, interest: 'interested' }),
    ];
    for (const response of attempts) {
      assert.equal(response.status, 404, response.text);
      assert.equal(errorKeyOf(response), 'not_found');
    }
    assert.equal((await w.threads(stranger)).total, 0);
    assert.equal(await w.unread(owner), 1);
    const [still] = (await w.threads(owner)).items;
    assert.deepEqual([still!.unreadCount, still!.isStarred], [1, false]);

    const byMail = await owner.client.post('/pipelines/api/send-email', {
      threadId: thread!.id,
      html: '<p>Hi</p>',
      idempotencyKey: `li-mail-${Date.now()}`,
    });
    assert.equal(byMail.status, 400, byMail.text);
    assert.equal(errorKeyOf(byMail), 'field_invalid');

    const interest = await owner.client.post(`${U}/lead-interest`, { threadId: thread!.id, interest: 'interested' });
    assert.equal(interest.status, 200, interest.text);
    assert.equal(interest.body.item.id, thread!.id);
  });
});
