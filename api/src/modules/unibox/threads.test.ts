/**
 * The unibox over real HTTP, reading mail stored by the IMAP sync's own store function: threads
 * (reply chains and the subject fallback), the filters, pages, a thread's messages, and the
 * read / star / trash marks with the counts they move.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNIBOX_THREAD_COUNT_CAP } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test-support/test-app';
import { callerForUser } from '../account/caller';
import * as repo from './repository';
import { UniboxService } from './service';
import { U, startUniboxWorld, type UniboxWorld } from './test-world';

/** A 1×1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('unibox threads', () => {
  let t: TestApp;
  let w: UniboxWorld;
  before(async () => {
    ({ t, w } = await startUniboxWorld());
  });
  after(() => t?.close());

  it('groups a reply chain by its headers and a header-less message by sender and subject', async () => {
    const me = await w.signedIn('unibox-group');
    const box = await w.mailbox(me, `group-${Date.now()}@unibox.test`);
    const first = await w.receive(box, {
      from: 'pat@prospect.test',
      fromName: 'Pat',
      subject: 'Pricing',
      date: '2026-03-01T10:00:00Z',
    });
    await w.receive(box, {
      from: 'pat@prospect.test',
      fromName: 'Pat',
      subject: 'Re: Pricing',
      body: 'Sounds good, call me.\r\n\r\nOn Mon, 1 Mar 2026, Alex wrote:\r\n> our prices are\r\n> low',
      inReplyTo: 'ours.1@leadforge.test',
      references: [first, 'ours.1@leadforge.test'],
      date: '2026-03-02T10:00:00Z',
    });
    // No threading headers: joins Pat's "Pricing" conversation by its normalised subject.
    await w.receive(box, { from: 'PAT@prospect.test', subject: 'RE: Fwd: pricing', date: '2026-03-03T10:00:00Z' });
    // Same subject from someone else: a conversation of its own, already read in another mail client.
    await w.receive(box, { from: 'sam@other.test', subject: 'Pricing', date: '2026-03-04T10:00:00Z', seen: true });

    const page = await w.threads(me);
    assert.equal(page.total, 2);
    const [sam, pat] = page.items;
    assert.equal(sam!.counterpart.address, 'sam@other.test');
    assert.equal(sam!.messageCount, 1);
    assert.equal(sam!.unreadCount, 0);
    assert.equal(pat!.messageCount, 3);
    assert.equal(pat!.unreadCount, 3);
    assert.equal(pat!.subject, 'RE: Fwd: pricing');

    const messages = await me.client.get(`${U}/thread-groups/${pat!.id}/messages`);
    assert.equal(messages.status, 200, messages.text);
    assert.deepEqual(
      messages.body.items.map((m: { subject: string }) => m.subject),
      ['Pricing', 'Re: Pricing', 'RE: Fwd: pricing'],
    );
  });

  it('never shows warm-up mail (a mark that verifies), in the inbox or in Junk, while a forged mark is ordinary mail', async () => {
    const me = await w.signedIn('unibox-warmup');
    const box = await w.mailbox(me, `warmup-${Date.now()}@unibox.test`);
    const genuine = { isWarmupMark: (value: string) => value === 'genuine-mark' };
    await w.receive(box, { from: 'peer@warm.test', subject: 'Quick hello', date: '2026-03-01T10:00:00Z', headers: ['X-Leadforge-Warmup: genuine-mark'] }, genuine);
    await w.receive(box, { from: 'peer@warm.test', subject: 'Another hello', folder: 'Junk', date: '2026-03-01T11:00:00Z', headers: ['X-Leadforge-Warmup: genuine-mark'] }, genuine);
    assert.equal((await w.threads(me)).total, 0);
    assert.equal(await w.unread(me), 0);
    await w.receive(box, { from: 'spammer@fake.test', subject: 'Not warm-up', date: '2026-03-01T12:00:00Z', headers: ['X-Leadforge-Warmup: forged'] }, genuine);
    const listed = await w.threads(me);
    assert.deepEqual(listed.items.map((item) => item.subject), ['Not warm-up']);
    assert.equal(await w.unread(me), 1);
  });

  it('shows the new text of the latest message, its messages in order with sanitised HTML and attachment metadata', async () => {
    const me = await w.signedIn('unibox-messages');
    const box = await w.mailbox(me, `messages-${Date.now()}@unibox.test`);
    await w.receive(box, {
      from: 'kim@prospect.test',
      subject: 'Deck',
      body: 'Here is the deck.\r\n\r\nOn Tue, Alex wrote:\r\n> send the deck',
      html: '<p onclick="x()">Here is the deck.</p><script>alert(1)</script><img src="cid:logo@kim.test" alt="Kim">',
      attachment: { filename: 'deck.pdf', content: 'PDF bytes' },
      inlineImage: { filename: 'logo.png', contentId: 'logo@kim.test', content: PIXEL },
      date: '2026-03-05T10:00:00Z',
    });
    const [row] = (await w.threads(me)).items;
    assert.equal(row!.snippet, 'Here is the deck.');
    const response = await me.client.get(`${U}/thread-groups/${row!.id}/messages`);
    assert.equal(response.status, 200, response.text);
    const [message] = response.body.items;
    assert.equal(message.html, '<p>Here is the deck.</p><img src="cid:logo@kim.test" alt="Kim" />');
    assert.deepEqual(message.attachments, [
      { filename: 'deck.pdf', contentType: 'application/pdf', size: 9, disposition: 'attachment', contentId: null },
      // The picture the HTML shows by its Content-ID (the screen fetches it and shows it inline).
      { filename: 'logo.png', contentType: 'image/png', size: PIXEL.length, disposition: 'inline', contentId: 'logo@kim.test' },
    ]);
    assert.equal(message.isRead, false);
    assert.match(message.text, /Here is the deck/);
  });

  it('filters by text, mailbox, campaign, leads, star and folder, combined, and pages newest first', async () => {
    const me = await w.signedIn('unibox-filters');
    const campaign = await w.launched(me, 'Unibox Filters', ['lead@prospect.test']);
    const boxA = await w.mailbox(me, `filters-a-${Date.now()}@unibox.test`);
    const boxB = await w.mailbox(me, `filters-b-${Date.now()}@unibox.test`);
    await w.receive(boxA, {
      from: 'lead@prospect.test',
      fromName: 'Lena Lead',
      subject: 'Interested',
      body: 'Tell me about the quarterly plan',
      date: '2026-03-01T10:00:00Z',
    });
    await w.receive(boxA, {
      from: 'stranger@nowhere.test',
      subject: 'Hello there',
      date: '2026-03-02T10:00:00Z',
      folder: 'Junk',
    });
    await w.receive(boxB, { from: 'other@nowhere.test', subject: 'Quarterly numbers', date: '2026-03-03T10:00:00Z' });

    const subjects = async (body: object) => (await w.threads(me, body)).items.map((item) => item.subject);
    assert.deepEqual(await subjects({}), ['Quarterly numbers', 'Hello there', 'Interested']);
    assert.deepEqual(await subjects({ text: 'quarterly' }), ['Quarterly numbers', 'Interested']);
    assert.deepEqual(await subjects({ text: 'Lena' }), ['Interested']);
    assert.deepEqual(await subjects({ text: 'stranger@nowhere' }), ['Hello there']);
    // Words match by their start, all of them; an address's domain is a word of its own.
    assert.deepEqual(await subjects({ text: 'quart' }), ['Quarterly numbers', 'Interested']);
    assert.deepEqual(await subjects({ text: 'nowhere.test' }), ['Quarterly numbers', 'Hello there']);
    assert.deepEqual(await subjects({ text: 'quarterly lena' }), ['Interested']);
    // tsquery syntax typed by the user is only text; punctuation alone finds nothing.
    assert.deepEqual(await subjects({ text: "quarterly & !lena | 'x':*" }), []);
    assert.deepEqual(await subjects({ text: '!!!' }), []);
    assert.deepEqual(await subjects({ emailAccountIds: [boxA.id] }), ['Hello there', 'Interested']);
    assert.deepEqual(await subjects({ emailAccountIds: [boxA.id], text: 'quarterly' }), ['Interested']);
    assert.deepEqual(await subjects({ linkedinAccountIds: [1] }), []);
    assert.deepEqual(await subjects({ campaignIds: [campaign.campaignId] }), ['Interested']);
    assert.deepEqual(await subjects({ campaignIds: [campaign.campaignId + 100_000] }), []);
    assert.deepEqual(await subjects({ leads: true }), ['Interested']);
    assert.deepEqual(await subjects({ directory: 'Junk' }), ['Hello there']);

    const lead = (await w.threads(me, { leads: true })).items[0]!;
    assert.deepEqual(lead.campaign, { id: campaign.campaignId, title: 'Unibox Filters' });
    assert.equal(lead.leadStatus, 'active');
    assert.equal(lead.counterpart.name, 'Lena Lead');

    assert.equal((await me.client.post(`${U}/star`, { threadIds: [lead.id], isStarred: true })).status, 200);
    assert.deepEqual(await subjects({ isStarred: true }), ['Interested']);
    assert.deepEqual(await subjects({ isStarred: false }), ['Quarterly numbers', 'Hello there']);

    const first = await w.threads(me, { pageSize: 2 });
    const second = await w.threads(me, { pageSize: 2, page: 2 });
    assert.equal(first.total, 3);
    assert.deepEqual(
      first.items.map((item) => item.subject),
      ['Quarterly numbers', 'Hello there'],
    );
    assert.deepEqual(
      second.items.map((item) => item.subject),
      ['Interested'],
    );

    const folders = await me.client.get(`${U}/directories`);
    assert.equal(folders.status, 200, folders.text);
    assert.deepEqual(
      folders.body.items.map((d: { emailAccountId: number; name: string; unread: number }) => [
        d.emailAccountId,
        d.name,
        d.unread,
      ]),
      [
        [boxA.id, 'INBOX', 1],
        [boxA.id, 'Junk', 1],
        [boxB.id, 'INBOX', 1],
      ],
    );
  });

  it('counts the list behind a full page only up to the cap, says so, and answers the exact total where the list ends', async () => {
    const me = await w.signedIn('unibox-cap');
    const box = await w.mailbox(me, `cap-${Date.now()}@unibox.test`);
    // Six conversations, newest last; every body says "plain", three subjects "Quarterly".
    for (let n = 1; n <= 6; n += 1)
      await w.receive(box, { from: `p${n}@prospect.test`, subject: n <= 3 ? `Quarterly plan ${n}` : `Hello ${n}`, date: `2026-03-0${n}T10:00:00Z` });
    // The area's service with its count stopping at 3 instead of UNIBOX_THREAD_COUNT_CAP.
    const service = new UniboxService({ db: t.database.db, threadCountCap: 3 });
    const caller = await callerForUser(t.database.db, me.user.id);
    const list = async (body: { page?: number; pageSize: number; text?: string }) => {
      const answer = await service.threads(caller, { page: 1, ...body });
      return { rows: answer.items.length, total: answer.total, capped: answer.totalCapped ?? false };
    };

    // A page that is not full shows where the list ends: the exact total, past the cap too.
    assert.deepEqual(await list({ pageSize: 20 }), { rows: 6, total: 6, capped: false });
    assert.deepEqual(await list({ pageSize: 4, page: 2 }), { rows: 2, total: 6, capped: false });
    // A full page: counted up to one past the cap, answered as the cap, or the rows up to the page past it.
    assert.deepEqual(await list({ pageSize: 2 }), { rows: 2, total: 3, capped: true });
    assert.deepEqual(await list({ pageSize: 2, page: 2 }), { rows: 2, total: 4, capped: true });
    assert.deepEqual(await list({ pageSize: 2, page: 3 }), { rows: 2, total: 6, capped: true });
    // The page after the last full one is empty, and the list ends before it: counted exactly.
    assert.deepEqual(await list({ pageSize: 2, page: 4 }), { rows: 0, total: 6, capped: false });
    // As many as the cap is still exact.
    assert.deepEqual(await list({ pageSize: 3, text: 'quarterly' }), { rows: 3, total: 3, capped: false });
    assert.deepEqual(await list({ pageSize: 2, text: 'plain' }), { rows: 2, total: 3, capped: true });
    assert.deepEqual(await list({ pageSize: 2, text: 'hello' }), { rows: 2, total: 3, capped: false });
  });

  it('finds a rare word through the full-text index and a common one by walking the newest threads, with the same answers', async () => {
    const me = await w.signedIn('unibox-strategies');
    const box = await w.mailbox(me, `strategies-${Date.now()}@unibox.test`);
    // Sixty conversations, more than textStrategy samples: three about an invoice, the rest weekly updates.
    const invoices = [5, 30, 55];
    for (let n = 1; n <= 60; n += 1) {
      const date = new Date(Date.UTC(2026, 2, 1, 0, n)).toISOString();
      await w.receive(box, { from: `s${n}@prospect.test`, subject: invoices.includes(n) ? `Invoice ${n}` : `Weekly update ${n}`, date });
    }
    const service = new UniboxService({ db: t.database.db, threadCountCap: 3 });
    const caller = await callerForUser(t.database.db, me.user.id);
    const subjects = async (body: { page?: number; pageSize: number; text: string }) => {
      const answer = await service.threads(caller, { page: 1, ...body });
      return { subjects: answer.items.map((item) => item.subject), total: answer.total, capped: answer.totalCapped ?? false };
    };
    assert.deepEqual(await subjects({ text: 'invoice', pageSize: 2 }), { subjects: ['Invoice 55', 'Invoice 30'], total: 3, capped: false });
    assert.deepEqual(await subjects({ text: 'invoice', pageSize: 2, page: 2 }), { subjects: ['Invoice 5'], total: 3, capped: false });
    assert.deepEqual(await subjects({ text: 'weekly', pageSize: 2 }), { subjects: ['Weekly update 60', 'Weekly update 59'], total: 3, capped: true });
    assert.deepEqual(await subjects({ text: 'weekly', pageSize: 2, page: 27 }), { subjects: ['Weekly update 6', 'Weekly update 4'], total: 54, capped: true });

    // The answers above came by both ways; each way answers the same for either word.
    const owner = { userId: me.user.id, accountId: me.user.accountId };
    assert.equal(await repo.textStrategy(t.database.db, owner, { text: 'invoice' }), 'index');
    assert.equal(await repo.textStrategy(t.database.db, owner, { text: 'weekly' }), 'scan');
    for (const text of ['invoice', 'weekly', 'update 5']) {
      const answers = await Promise.all(
        (['index', 'scan'] as const).map(async (strategy) => ({
          ids: (await repo.threadPage(t.database.db, owner, { text }, { limit: 5, offset: 1 }, strategy)).map((row) => row.id),
          count: await repo.countThreads(t.database.db, owner, { text }, 100, strategy),
        })),
      );
      assert.deepEqual(answers[0], answers[1], text);
    }
  });

  it(`answers more conversations than ${UNIBOX_THREAD_COUNT_CAP.toLocaleString('en')} as that many, flagged, over HTTP`, async () => {
    const me = await w.signedIn('unibox-many');
    const box = await w.mailbox(me, `many-${Date.now()}@unibox.test`);
    const count = UNIBOX_THREAD_COUNT_CAP + 5;
    // Written as the sync and the threading leave them (as bench/unibox.ts does): hundreds through the sync would take minutes.
    await t.database.db.execute(sql`
      with threads as (
        insert into unibox_threads (account_id, user_id, email_account_id, counterpart, subject_key, last_message_at)
        select ${me.user.accountId}, ${me.user.id}, ${box.id}, 'person' || g || '@many.test', 'note ' || g, timestamptz '2026-01-01' + g * interval '1 minute'
        from generate_series(1, ${count}) g
        returning id, counterpart, last_message_at),
      inbound as (
        insert into mail_inbound (account_id, user_id, email_account_id, folder, uid, message_id, from_address, to_addresses, subject, received_at, class, preview, text, size)
        select ${me.user.accountId}, ${me.user.id}, ${box.id}, 'INBOX', row_number() over (order by id), 'many-' || id || '@many.test', counterpart,
               '[]'::jsonb, 'A note', last_message_at, 'other', 'A short note', 'A short note', 100
        from threads
        returning id, message_id)
      insert into unibox_message_states (inbound_id, thread_id, account_id, user_id, email_account_id, is_read)
      select inbound.id, threads.id, ${me.user.accountId}, ${me.user.id}, ${box.id}, false
      from inbound join threads on inbound.message_id = 'many-' || threads.id || '@many.test'`);
    await t.database.db.execute(sql`delete from unibox_unthreaded where email_account_id = ${box.id}`);

    for (const body of [{}, { text: 'note' }]) {
      const first = await w.threads(me, body);
      assert.equal(first.items.length, 20);
      assert.deepEqual([first.total, (first as { totalCapped?: boolean }).totalCapped], [UNIBOX_THREAD_COUNT_CAP, true]);
    }
    // The last page shows where the list ends: the exact total.
    const last = await w.threads(me, { pageSize: 100, page: Math.floor(count / 100) + 1 });
    assert.deepEqual([last.items.length, last.total, (last as { totalCapped?: boolean }).totalCapped], [count % 100, count, undefined]);
  });

  it('read, star and delete move the unread counts of the unibox, the mailbox and the folder', async () => {
    const me = await w.signedIn('unibox-marks');
    const box = await w.mailbox(me, `marks-${Date.now()}@unibox.test`);
    const root = await w.receive(box, { from: 'a@prospect.test', subject: 'One', date: '2026-03-01T10:00:00Z' });
    await w.receive(box, { from: 'a@prospect.test', subject: 'Re: One', inReplyTo: root, date: '2026-03-02T10:00:00Z' });
    await w.receive(box, { from: 'b@prospect.test', subject: 'Two', date: '2026-03-03T10:00:00Z' });
    assert.equal(await w.unread(me), 3);
    const [two, one] = (await w.threads(me)).items;

    const read = await me.client.post(`${U}/read`, { threadIds: [one!.id], isRead: true });
    assert.deepEqual(read.body, { changed: 2, unreadMessages: 1 });
    const messages = (await me.client.get(`${U}/thread-groups/${one!.id}/messages`)).body.items as { id: number }[];
    assert.deepEqual((await me.client.post(`${U}/read`, { messageIds: [messages[1]!.id], isRead: false })).body, {
      changed: 1,
      unreadMessages: 2,
    });

    const accounts = await me.client.get(`${U}/accounts`);
    assert.equal(accounts.body.items.find((a: { id: number }) => a.id === box.id).unreadCount, 2);

    assert.deepEqual((await me.client.post(`${U}/star`, { messageIds: [messages[0]!.id], isStarred: true })).body, {
      changed: 1,
      unreadMessages: 2,
    });
    assert.equal((await w.threads(me)).items.find((item) => item.id === one!.id)!.isStarred, true);

    assert.deepEqual((await me.client.post(`${U}/delete`, { threadIds: [two!.id] })).body, { changed: 1, unreadMessages: 1 });
    assert.deepEqual(
      (await w.threads(me)).items.map((item) => item.id),
      [one!.id],
    );
    assert.deepEqual(
      (await w.threads(me, { trash: true })).items.map((item) => item.id),
      [two!.id],
    );
    assert.equal(await w.unread(me), 1);
    const folders = (await me.client.get(`${U}/directories`)).body.items as { name: string; unread: number; total: number }[];
    assert.deepEqual(
      folders.map((d) => [d.name, d.total, d.unread]),
      [['INBOX', 2, 1]],
    );

    // Each change waits for the IMAP mirror, which is a later step.
    const [pending] = await w.rows<{ n: number }>(
      (await import('drizzle-orm'))
        .sql`select count(*)::int as n from unibox_message_states where email_account_id = ${box.id} and mirror_pending`,
    );
    assert.equal(pending!.n, 3);
  });
});
