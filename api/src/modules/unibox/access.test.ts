/**
 * Whose mail a unibox call may touch, over real HTTP: another tenant's ids answer not_found and
 * change nothing; a lead or view-all member acts for a member with forUserId, a plain member may
 * not; mailbox settings and pause; refused input answers the catalogue's validation keys.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { TestApp } from '../../test-support/test-app';
import { U, startUniboxWorld, type UniboxWorld, errorKeyOf as keyOf } from './test-world';

describe('unibox access and settings', () => {
  let t: TestApp;
  let w: UniboxWorld;
  before(async () => {
    ({ t, w } = await startUniboxWorld());
  });
  after(() => t?.close());

  it('answers not_found for another tenant’s thread, message and mailbox, and changes nothing', async () => {
    const owner = await w.signedIn('unibox-owner');
    const stranger = await w.signedIn('unibox-stranger');
    const box = await w.mailbox(owner, `owner-${Date.now()}@unibox.test`);
    await w.receive(box, { from: 'p@prospect.test', subject: 'Private', date: '2026-03-01T10:00:00Z' });
    const [thread] = (await w.threads(owner)).items;
    const messageId = (await owner.client.get(`${U}/thread-groups/${thread!.id}/messages`)).body.items[0].id as number;

    const own = await w.mailbox(stranger, `stranger-${Date.now()}@unibox.test`);
    await w.receive(own, { from: 'q@prospect.test', subject: 'Mine', date: '2026-03-01T10:00:00Z' });
    const [mine] = (await w.threads(stranger)).items;

    const attempts = [
      await stranger.client.get(`${U}/thread-groups/${thread!.id}/messages`),
      await stranger.client.post(`${U}/read`, { threadIds: [thread!.id], isRead: true }),
      // One foreign id among owned ones: nothing is changed, the owned thread included.
      await stranger.client.post(`${U}/read`, { threadIds: [mine!.id], messageIds: [messageId], isRead: true }),
      await stranger.client.post(`${U}/star`, { messageIds: [messageId], isStarred: true }),
      await stranger.client.post(`${U}/delete`, { threadIds: [thread!.id] }),
      await stranger.client.request('PATCH', `${U}/accounts/${box.id}`, { body: { leadsParsingOnly: true } }),
      await stranger.client.post(`${U}/accounts/${box.id}/pause`, {}),
    ];
    for (const response of attempts) {
      assert.equal(response.status, 404, response.text);
      assert.equal(keyOf(response), 'not_found');
    }
    assert.equal(await w.unread(owner), 1);
    assert.equal(await w.unread(stranger), 1);
    const [after] = (await w.threads(owner)).items;
    assert.deepEqual([after!.unreadCount, after!.isStarred], [1, false]);
    const accounts = (await owner.client.get(`${U}/accounts`)).body.items as {
      id: number;
      leadsParsingOnly: boolean;
      uniboxStatus: string;
    }[];
    assert.deepEqual(
      accounts.map((a) => [a.id, a.leadsParsingOnly]),
      [[box.id, false]],
    );
    // Another tenant's user id is no teammate.
    const foreign = await stranger.client.get(`${U}/accounts?forUserId=${owner.user.id}`);
    assert.deepEqual([foreign.status, keyOf(foreign)], [404, 'not_found']);
  });

  it('lets a lead and a view-all member act for a member with forUserId, not a plain member', async () => {
    const lead = await w.signedIn('unibox-lead', { plan: 'FREE' });
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const member = await w.signedIn('unibox-member', { teamCode: joinCode });
    const plain = await w.signedIn('unibox-plain', { teamCode: joinCode });
    const viewer = await w.signedIn('unibox-viewer', { teamCode: joinCode });
    await t.database.db
      .update(subscriptions)
      .set({ planName: 'DC', endsAt: null })
      .where(eq(subscriptions.accountId, lead.user.accountId));
    for (const [person, group] of [
      [plain, 'Only own record'],
      [viewer, 'Team records'],
    ] as const)
      assert.equal((await lead.client.request('PUT', `/team/members/${person.user.id}/group`, { body: { group } })).status, 200);

    const box = await w.mailbox(member, `member-${Date.now()}@unibox.test`);
    await w.receive(box, { from: 'p@prospect.test', subject: 'For the member', date: '2026-03-01T10:00:00Z' });

    const forMember = await lead.client.post(`${U}/thread-groups`, { forUserId: member.user.id });
    assert.equal(forMember.status, 200, forMember.text);
    assert.deepEqual(
      forMember.body.items.map((item: { subject: string }) => item.subject),
      ['For the member'],
    );
    assert.equal((await w.threads(lead)).total, 0);
    const threadId = forMember.body.items[0].id as number;
    const viewed = await viewer.client.get(`${U}/thread-groups/${threadId}/messages?forUserId=${member.user.id}`);
    assert.equal(viewed.status, 200, viewed.text);
    const marked = await lead.client.post(`${U}/read`, { forUserId: member.user.id, threadIds: [threadId], isRead: true });
    assert.deepEqual(marked.body, { changed: 1, unreadMessages: 0 });
    // Without forUserId the lead's own mail is meant: the member's thread is not theirs.
    assert.equal((await lead.client.post(`${U}/read`, { threadIds: [threadId], isRead: false })).status, 404);

    for (const response of [
      await plain.client.post(`${U}/thread-groups`, { forUserId: member.user.id }),
      await plain.client.get(`${U}/accounts?forUserId=${member.user.id}`),
      await plain.client.post(`${U}/read`, { forUserId: member.user.id, threadIds: [threadId], isRead: false }),
      await member.client.get(`${U}/unread-count?forUserId=${lead.user.id}`),
    ]) {
      assert.equal(response.status, 403, response.text);
      assert.equal(keyOf(response), 'forbidden');
    }
    assert.equal(await w.unread(member), 0);
  });

  it('lists mailboxes with their status, updates settings, pauses and resumes', async () => {
    const me = await w.signedIn('unibox-settings');
    const box = await w.mailbox(me, `settings-${Date.now()}@unibox.test`);
    await w.exec(sql`update email_accounts set imap_host = 'imap.unibox.test' where id = ${box.id}`);
    const broken = await w.mailbox(me, `broken-${Date.now()}@unibox.test`);
    await w.exec(
      sql`update email_accounts set status = 'error', status_reason = 'imap_login', imap_host = 'imap.unibox.test' where id = ${broken.id}`,
    );

    const listed = await me.client.get(`${U}/accounts`);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.items, [
      {
        id: box.id,
        channel: 'email',
        name: box.email,
        unibox: true,
        uniboxStatus: 'initiation',
        displayStatus: 'active',
        errorReason: null,
        firstParsingPeriod: 30,
        leadsParsingOnly: false,
        unreadCount: 0,
      },
      {
        id: broken.id,
        channel: 'email',
        name: broken.email,
        unibox: true,
        uniboxStatus: 'error',
        displayStatus: 'error',
        errorReason: 'imap_login',
        firstParsingPeriod: 30,
        leadsParsingOnly: false,
        unreadCount: 0,
      },
    ]);

    const updated = await me.client.request('PATCH', `${U}/accounts/${box.id}`, {
      body: { firstParsingPeriod: 90, leadsParsingOnly: true },
    });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(
      [updated.body.item.firstParsingPeriod, updated.body.item.leadsParsingOnly, updated.body.item.unibox],
      [90, true, true],
    );
    // The sync reads the period from the mailbox row.
    const [row] = await w.rows<{ first_sync_days: number }>(sql`select first_sync_days from email_accounts where id = ${box.id}`);
    assert.equal(row!.first_sync_days, 90);

    const paused = await me.client.post(`${U}/accounts/${box.id}/pause`, {});
    assert.deepEqual(
      [paused.body.item.uniboxStatus, paused.body.item.displayStatus, paused.body.item.leadsParsingOnly],
      ['paused', 'paused', true],
    );
    const resumed = await me.client.post(`${U}/accounts/${box.id}/resume`, {});
    assert.equal(resumed.body.item.uniboxStatus, 'initiation');

    // Leads only: a stranger's mail is not shown, a prospect's is.
    const listId = await w.list(me, 'Unibox leads');
    await w.prospect(me, listId, 'Known', 'known@prospect.test');
    await w.receive(box, { from: 'stranger@nowhere.test', subject: 'Spam', date: '2026-03-01T10:00:00Z' });
    await w.receive(box, { from: 'known@prospect.test', subject: 'Real', date: '2026-03-02T10:00:00Z' });
    assert.deepEqual(
      (await w.threads(me)).items.map((item) => item.subject),
      ['Real'],
    );
    assert.equal(await w.unread(me), 1);

    // Out of the unibox: its mail leaves the lists and the counts.
    await me.client.request('PATCH', `${U}/accounts/${box.id}`, { body: { unibox: false } });
    assert.equal((await w.threads(me)).total, 0);
    assert.equal(await w.unread(me), 0);
  });

  it('refuses unknown filters, oversized pages, a sync period of 7 days and empty targets with the catalogue keys', async () => {
    const me = await w.signedIn('unibox-input');
    const box = await w.mailbox(me, `input-${Date.now()}@unibox.test`);
    // Sent one at a time: the catalogue names a number above its maximum field_too_long.
    const cases: [() => Promise<{ status: number; body: { errors?: { key: string; field?: string }[] } }>, string, string][] = [
      [() => me.client.post(`${U}/thread-groups`, { folder: 'INBOX' }), 'field_unknown', ''],
      [() => me.client.post(`${U}/thread-groups`, { pageSize: 101 }), 'field_too_long', 'pageSize'],
      [() => me.client.post(`${U}/thread-groups`, { emailAccountIds: ['one'] }), 'field_invalid', 'emailAccountIds.0'],
      [() => me.client.post(`${U}/thread-groups`, { isStarred: 'yes' }), 'field_invalid', 'isStarred'],
      [
        () => me.client.request('PATCH', `${U}/accounts/${box.id}`, { body: { firstParsingPeriod: 7 } }),
        'field_invalid',
        'firstParsingPeriod',
      ],
      [() => me.client.post(`${U}/read`, { isRead: true }), 'field_invalid', 'threadIds'],
      [() => me.client.get(`${U}/thread-groups/abc/messages`), 'field_invalid', 'threadId'],
    ];
    for (const [request, key, field] of cases) {
      const response = await request();
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.errors?.[0]?.key, key, JSON.stringify(response.body));
      if (field) assert.equal(response.body.errors?.[0]?.field, field, JSON.stringify(response.body));
    }
    const [row] = await w.rows<{ first_sync_days: number }>(sql`select first_sync_days from email_accounts where id = ${box.id}`);
    assert.equal(row!.first_sync_days, 30);
  });
});
