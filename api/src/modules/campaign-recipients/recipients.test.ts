/**
 * The recipients table and its bulk actions over real HTTP (document 1 §3 Recipient, document 2
 * §7.6 recipients, §9 page 10 and count options 0 / 1+ / 3+): paging, sort, every filter, the
 * count, each bulk action by ticked ids and by "select all", statuses a user may not set, and
 * another tenant's campaign answering 404. To-check recipients are verified against a loopback
 * DNS and SMTP server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { encodeRecipientFilter, type RecipientFilter } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { emailAccounts, prospectListItems, subscriptions, teamMembers } from '../../db/schema';
import { startLoopbackDns, startScriptedSmtp, type LoopbackDns, type RcptBehaviour, type ScriptedSmtp } from '../../engines/verification/test-peers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import * as verificationRepo from '../verification/repository';
import { createList, createProspects, recipientRows, seedCampaign, signUp, suppressedEmails, type Person, type RecipientSeed } from './test-fixture';

const BASE = '/pipelines/api/recipients';
const MX = '127.0.0.23';

/** Thirteen recipients in the table (plus a deleted one) with figures to sort and filter by. */
const WORLD: RecipientSeed[] = [
  {
    name: 'Ada Active',
    email: 'ada@acme.test',
    nodeId: 'e1',
    provider: 'gmail',
    interestLevel: 'interested',
    steps: ['start', 'e1'],
    events: [{ kind: 'sent', nodeId: 'e1' }, { kind: 'opened', nodeId: 'e1' }, { kind: 'opened', nodeId: 'e1' }, { kind: 'opened', nodeId: 'e1' }],
  },
  {
    name: 'Ben Busy',
    email: 'ben@acme.test',
    status: 'processing',
    nodeId: 'd1',
    steps: ['start', 'e1', 'd1'],
    events: [{ kind: 'sent', nodeId: 'e1' }, { kind: 'opened', nodeId: 'e1' }],
  },
  {
    name: 'Cy Replied',
    email: 'cy@acme.test',
    status: 'reply',
    nodeId: 'e1',
    interestLevel: 'maybe',
    steps: ['start', 'e1'],
    events: [{ kind: 'sent', nodeId: 'e1' }, { kind: 'replied', nodeId: 'e1' }],
  },
  { name: 'Dee Bounced', email: 'dee@acme.test', status: 'bounce', steps: ['start', 'e1'], events: [{ kind: 'sent', nodeId: 'e1' }, { kind: 'bounced', nodeId: 'e1' }] },
  { name: 'Eve Paused', email: 'eve@acme.test', status: 'pause', nodeId: 'e1', steps: ['start'] },
  {
    name: 'Fay Finished',
    email: 'fay@acme.test',
    status: 'done',
    nodeId: 'g1',
    steps: ['start', 'e1', 'd1', 'e2', 'g1'],
    events: [{ kind: 'sent', nodeId: 'e1' }, { kind: 'sent', nodeId: 'e2' }, { kind: 'goal', nodeId: 'g1', detail: { goalName: 'Booked' } }],
  },
  { name: 'Gus Gone', email: 'gus@acme.test', status: 'deleted' },
  { name: 'Hal Unchecked', email: 'hal@acme.test', status: 'tocheck' },
  { name: 'Ivy Idle', email: 'ivy@acme.test' },
  { name: 'Jon Idle', email: 'jon@acme.test' },
  { name: 'Kim Idle', email: 'kim@acme.test' },
  { name: 'Lou Idle', email: 'lou@acme.test' },
  { name: 'Max Idle', email: 'max@acme.test' },
  { name: 'Ned Network', email: null, linkedinUrl: 'https://www.linkedin.com/in/ned-network', linkedinNotReachedProfile: true },
];

function script({ recipient }: { recipient: string }): RcptBehaviour {
  const [local, domain] = recipient.split('@') as [string, string];
  if (domain === 'grey.test') return 'greylist';
  return local.startsWith('ok') ? 'accept' : 'reject';
}

describe('campaign recipients over HTTP', () => {
  let t: TestApp;
  let dns: LoopbackDns;
  let smtp: ScriptedSmtp;
  let alice: Person;
  let bob: Person;

  const list = (person: Person, campaignId: number, query: { filter?: RecipientFilter; page?: number; perPage?: number; sortField?: string; sortOrder?: string } = {}) =>
    person.client.get(BASE, {
      query: {
        campaignId: String(campaignId),
        ...(query.page ? { page: String(query.page) } : {}),
        ...(query.perPage ? { perPage: String(query.perPage) } : {}),
        ...(query.sortField ? { sortField: query.sortField } : {}),
        ...(query.sortOrder ? { sortOrder: query.sortOrder } : {}),
        ...(query.filter ? { filter: encodeRecipientFilter(query.filter) } : {}),
      },
    });
  const names = async (person: Person, campaignId: number, query: Parameters<typeof list>[2] = {}) => {
    const response = await list(person, campaignId, { perPage: 50, ...query });
    assert.equal(response.status, 200, response.text);
    return (response.body.items as { name: string }[]).map((item) => item.name);
  };
  const world = (title = 'Spring outreach', status = 'active') => seedCampaign(t.database.db, alice, { title, status, recipients: WORLD });
  const statusesOf = async (campaignId: number) => new Map((await recipientRows(t.database.db, campaignId)).map((row) => [row.name, row.status]));

  before(async () => {
    smtp = await startScriptedSmtp({ hosts: [MX], script });
    const zone: Record<string, { mx?: { exchange: string; priority: number }[]; a?: string[] }> = { 'mx.loop.test': { a: [MX] } };
    for (const domain of ['acme.test', 'grey.test']) zone[domain] = { mx: [{ exchange: 'mx.loop.test', priority: 10 }] };
    dns = await startLoopbackDns(zone);
    t = await startTestApp({
      jobs: false,
      env: {
        DNS_SERVERS: dns.servers.join(','),
        VERIFY_SMTP_PORT: String(smtp.port),
        VERIFY_ALLOW_PRIVATE: '127.0.0.0/8',
        VERIFY_CONNECT_TIMEOUT_MS: '2000',
        VERIFY_COMMAND_TIMEOUT_MS: '2000',
      },
    });
    alice = await signUp(t, 'alice');
    bob = await signUp(t, 'bob');
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
    await dns?.close();
  });

  it('pages the table 10 at a time in the order recipients were added, leaving deleted ones out', async () => {
    const { campaignId, recipientIds } = await world();
    const first = await list(alice, campaignId);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.total, 13);
    assert.equal(first.body.perPage, 10);
    assert.deepEqual(
      first.body.items.map((item: { id: number }) => item.id),
      recipientIds.filter((_, index) => index !== 6).slice(0, 10),
    );
    const ada = first.body.items[0];
    assert.deepEqual(
      { name: ada.name, email: ada.email, status: ada.status, sent: ada.sent, open: ada.open, provider: ada.provider, interest: ada.interest_level },
      { name: 'Ada Active', email: 'ada@acme.test', status: 'active', sent: 1, open: 3, provider: 'gmail', interest: 'interested' },
    );
    const second = await list(alice, campaignId, { page: 2 });
    assert.deepEqual(
      second.body.items.map((item: { name: string }) => item.name),
      ['Lou Idle', 'Max Idle', 'Ned Network'],
    );
    assert.equal(second.body.items[2].linkedin_url, 'https://www.linkedin.com/in/ned-network');
  });

  it('sorts by any column, ties broken by the order of adding (reversed with the column)', async () => {
    const { campaignId } = await world();
    assert.deepEqual((await names(alice, campaignId, { sortField: 'open', sortOrder: 'desc' })).slice(0, 3), ['Ada Active', 'Ben Busy', 'Ned Network']);
    assert.deepEqual((await names(alice, campaignId, { sortField: 'open' })).slice(0, 2), ['Cy Replied', 'Dee Bounced']);
    assert.deepEqual((await names(alice, campaignId, { sortField: 'sent', sortOrder: 'desc' })).slice(0, 2), ['Fay Finished', 'Dee Bounced']);
    const byName = await names(alice, campaignId, { sortField: 'prospect', sortOrder: 'asc' });
    assert.deepEqual(byName, [...byName].sort((a, b) => a.localeCompare(b)));
    // Statuses sort in the order document 1 §3 lists them, processing with active.
    const byStatus = await names(alice, campaignId, { sortField: 'status' });
    assert.deepEqual(byStatus.slice(0, 8), ['Ada Active', 'Ben Busy', 'Ivy Idle', 'Jon Idle', 'Kim Idle', 'Lou Idle', 'Max Idle', 'Ned Network']);
    assert.deepEqual(byStatus.slice(8), ['Eve Paused', 'Fay Finished', 'Cy Replied', 'Dee Bounced', 'Hal Unchecked']);
    // Null emails go last whichever way the column sorts.
    assert.equal((await names(alice, campaignId, { sortField: 'email_address', sortOrder: 'desc' })).at(-1), 'Ned Network');
    const bad = await list(alice, campaignId, { sortField: 'password' });
    assert.equal(bad.status, 400);
  });

  it('filters by status (processing as active), counts 0 / 1+ / 3+, text, block, goal, contacted and the hidden LinkedIn filter', async () => {
    const { campaignId } = await world();
    const active = await names(alice, campaignId, { filter: { status: ['active'] } });
    assert.ok(active.includes('Ben Busy'));
    assert.equal(active.length, 8);
    assert.deepEqual(await names(alice, campaignId, { filter: { status: ['deleted'] } }), ['Gus Gone']);
    assert.deepEqual(await names(alice, campaignId, { filter: { open: '3+' } }), ['Ada Active']);
    assert.deepEqual(await names(alice, campaignId, { filter: { open: '1+' } }), ['Ada Active', 'Ben Busy']);
    assert.equal((await names(alice, campaignId, { filter: { open: '0' } })).length, 11);
    assert.deepEqual(await names(alice, campaignId, { filter: { sent: '1+', reply: '0', status: ['bounce', 'done'] } }), ['Dee Bounced', 'Fay Finished']);
    assert.deepEqual(await names(alice, campaignId, { filter: { search: 'IDLE', prospect: 'o' } }), ['Jon Idle', 'Lou Idle']);
    assert.deepEqual(await names(alice, campaignId, { filter: { email_address: 'fay@' } }), ['Fay Finished']);
    assert.deepEqual(await names(alice, campaignId, { filter: { search: '100%_' } }), []);
    assert.deepEqual(await names(alice, campaignId, { filter: { flowchart_block: { blockId: 'e1', mode: 'at' } } }), ['Ada Active', 'Cy Replied', 'Eve Paused']);
    assert.deepEqual(await names(alice, campaignId, { filter: { flowchart_block: { blockId: 'e1', mode: 'passed' } } }), ['Ben Busy', 'Dee Bounced', 'Fay Finished']);
    assert.deepEqual(await names(alice, campaignId, { filter: { goal: { reached: true, names: ['Booked'] } } }), ['Fay Finished']);
    assert.deepEqual(await names(alice, campaignId, { filter: { goal: { reached: true, names: ['Other'] } } }), []);
    assert.equal((await names(alice, campaignId, { filter: { goal: { reached: false, names: [] } } })).length, 12);
    assert.deepEqual(await names(alice, campaignId, { filter: { contacted: true, interest_level: ['maybe', 'interested'] } }), ['Ada Active', 'Cy Replied']);
    assert.equal((await names(alice, campaignId, { filter: { interest_level: ['none'] } })).length, 11);
    assert.deepEqual(await names(alice, campaignId, { filter: { provider: ['GMAIL'] } }), ['Ada Active']);
    assert.deepEqual(await names(alice, campaignId, { filter: { linkedin_not_reached_profile: true } }), ['Ned Network']);
    assert.deepEqual(await names(alice, campaignId, { filter: { linkedin_invite: ['sent', 'accepted'] } }), []);
    const paged = await list(alice, campaignId, { filter: { open: '0' }, perPage: 5, page: 3 });
    assert.equal(paged.body.total, 11);
    assert.equal(paged.body.items.length, 1);
  });

  it('counts what a filter matches, as the table total does', async () => {
    const { campaignId } = await world();
    const count = await alice.client.post(`${BASE}/count`, { campaignId, filter: { status: ['active'], open: '0' } });
    assert.equal(count.status, 200, count.text);
    assert.equal(count.body.count, 6);
    assert.equal((await list(alice, campaignId, { filter: { status: ['active'], open: '0' } })).body.total, 6);
    assert.equal((await alice.client.post(`${BASE}/count`, { campaignId })).body.count, 13);
  });

  it('refuses a filter that is not JSON or names an unknown field', async () => {
    const { campaignId } = await world();
    const notJson = await alice.client.get(BASE, { query: { campaignId: String(campaignId), filter: '{status' } });
    assert.equal(notJson.status, 400);
    const unknown = await alice.client.get(BASE, { query: { campaignId: String(campaignId), filter: JSON.stringify({ salary: '3+' }) } });
    assert.equal(unknown.status, 400);
    const badOption = await alice.client.post(`${BASE}/count`, { campaignId, filter: { open: '2+' } });
    assert.equal(badOption.status, 400);
    const both = await alice.client.post(`${BASE}/delete`, { campaignId, recipientIds: [1], filter: {} });
    assert.equal(both.status, 400);
  });

  it("answers 404 for another tenant's campaign on every call and changes nothing", async () => {
    const { campaignId, recipientIds, prospectIds } = await world();
    const bobList = await createList(t.database.db, bob, 'Bob list');
    const calls = [
      () => list(bob, campaignId),
      () => bob.client.post(`${BASE}/count`, { campaignId }),
      () => bob.client.post(`${BASE}/add`, { campaignId, prospectIds }),
      () => bob.client.post(`${BASE}/set-status`, { campaignId, recipientIds, status: 'pause' }),
      () => bob.client.post(`${BASE}/set-status`, { campaignId, filter: {}, status: 'pause' }),
      () => bob.client.post(`${BASE}/move-to-list`, { campaignId, recipientIds, listId: bobList }),
      () => bob.client.post(`${BASE}/add-to-blacklist`, { campaignId, filter: {} }),
      () => bob.client.post(`${BASE}/create-deal`, { campaignId, recipientIds }),
      () => bob.client.post(`${BASE}/delete`, { campaignId, filter: {} }),
      () => bob.client.post(`${BASE}/to-check/start`, { campaignId }),
      () => bob.client.post(`${BASE}/to-check/force-start`, { campaignId }),
    ];
    for (const call of calls) {
      const response = await call();
      assert.equal(response.status, 404, response.text);
      assert.equal(response.body.errors[0].key, 'not_found');
    }
    // Alice's ids in Bob's own campaign touch nothing of hers either.
    const bobs = await seedCampaign(t.database.db, bob, { title: 'Bob campaign', recipients: [{ name: 'Bo', email: 'bo@acme.test' }] });
    const cross = await bob.client.post(`${BASE}/set-status`, { campaignId: bobs.campaignId, recipientIds, status: 'pause' });
    assert.deepEqual(cross.body, { updated: 0, skipped: 0 });
    const after = await statusesOf(campaignId);
    assert.equal(after.get('Ada Active'), 'active');
    assert.equal(after.get('Ivy Idle'), 'active');
    assert.deepEqual(await suppressedEmails(t.database.db, alice.accountId), []);
  });

  it('sets a status a user may set, skips rows that cannot take it, and refuses the others', async () => {
    const { campaignId, recipientIds } = await world();
    const [ada, , , , eve, , gus] = recipientIds;
    const paused = await alice.client.post(`${BASE}/set-status`, { campaignId, recipientIds: [ada, eve, gus], status: 'pause' });
    assert.equal(paused.status, 200, paused.text);
    // Eve is already paused (no move) and Gus is deleted (nobody brings a deleted recipient back).
    assert.deepEqual(paused.body, { updated: 1, skipped: 2 });
    const resumed = await alice.client.post(`${BASE}/set-status`, { campaignId, recipientIds: [ada, eve], status: 'active' });
    assert.deepEqual(resumed.body, { updated: 2, skipped: 0 });
    const rows = await recipientRows(t.database.db, campaignId);
    const eveRow = rows.find((row) => row.id === eve)!;
    assert.equal(eveRow.status, 'active');
    assert.ok(eveRow.nextRunAt, 'a re-activated recipient is due');
    for (const status of ['processing', 'deleted', 'moved', 'locked', 'tocheck', 'areply']) {
      const refused = await alice.client.post(`${BASE}/set-status`, { campaignId, recipientIds: [ada], status });
      assert.equal(refused.status, 422, `${status}: ${refused.text}`);
      assert.equal(refused.body.errors[0].key, 'recipient_status_not_settable');
    }
    assert.equal((await alice.client.post(`${BASE}/set-status`, { campaignId, recipientIds: [ada], status: 'asleep' })).status, 400);
    assert.equal((await statusesOf(campaignId)).get('Ada Active'), 'active');
  });

  it('applies a bulk action to every row the current filter matches ("select all")', async () => {
    const { campaignId } = await world();
    const matched = (await alice.client.post(`${BASE}/count`, { campaignId, filter: { status: ['active'], sent: '0' } })).body.count as number;
    const done = await alice.client.post(`${BASE}/set-status`, { campaignId, filter: { status: ['active'], sent: '0' }, status: 'done' });
    assert.deepEqual(done.body, { updated: matched, skipped: 0 });
    assert.equal(matched, 6);
    const statuses = await statusesOf(campaignId);
    assert.deepEqual(
      ['Ada Active', 'Ben Busy', 'Ivy Idle', 'Ned Network'].map((name) => statuses.get(name)),
      ['active', 'processing', 'done', 'done'],
    );
  });

  it('sets the sender only to a mailbox or LinkedIn account of the caller\'s team', async () => {
    const { campaignId, recipientIds } = await world();
    const [own] = await t.database.db.insert(emailAccounts).values({ accountId: alice.accountId, userId: alice.userId, email: 'alice@mail.test' }).returning({ id: emailAccounts.id });
    const [foreign] = await t.database.db.insert(emailAccounts).values({ accountId: bob.accountId, userId: bob.userId, email: 'bob@mail.test' }).returning({ id: emailAccounts.id });
    const refused = await alice.client.post(`${BASE}/set-sender`, { campaignId, recipientIds, sender: { kind: 'email', emailAccountId: foreign!.id } });
    assert.equal(refused.status, 404);
    const noSuchSlot = await alice.client.post(`${BASE}/set-sender`, { campaignId, recipientIds, sender: { kind: 'linkedin', linkedinAccountId: 987654 } });
    assert.equal(noSuchSlot.status, 404);
    const set = await alice.client.post(`${BASE}/set-sender`, { campaignId, recipientIds: recipientIds.slice(0, 3), sender: { kind: 'email', emailAccountId: own!.id } });
    assert.deepEqual(set.body, { updated: 3, skipped: 0 });
    assert.deepEqual(await names(alice, campaignId, { filter: { email_accounts: [own!.id] } }), ['Ada Active', 'Ben Busy', 'Cy Replied']);
    const both = await alice.client.post(`${BASE}/set-sender`, { campaignId, recipientIds, sender: { kind: 'email', emailAccountId: own!.id, linkedinAccountId: 5 } });
    assert.equal(both.status, 400);
  });

  it("adds the recipients' prospects to another list of the caller", async () => {
    const { campaignId, recipientIds, prospectIds } = await world();
    const target = await createList(t.database.db, alice, 'Hot leads', [prospectIds[0]!]);
    const moved = await alice.client.post(`${BASE}/move-to-list`, { campaignId, recipientIds: recipientIds.slice(0, 3), listId: target });
    assert.equal(moved.status, 200, moved.text);
    // Ada was in the list already.
    assert.deepEqual(moved.body, { updated: 2, skipped: 1 });
    const items = await t.database.db.select().from(prospectListItems).where(eq(prospectListItems.listId, target));
    assert.deepEqual(items.map((item) => item.prospectId).sort((a, b) => a - b), prospectIds.slice(0, 3));
    const bobList = await createList(t.database.db, bob, 'Not yours');
    const refused = await alice.client.post(`${BASE}/move-to-list`, { campaignId, recipientIds, listId: bobList });
    assert.equal(refused.status, 404);
    assert.equal(refused.body.errors[0].key, 'list_not_found');
  });

  it("puts addresses on the no-send list and the campaign's no-send prospect list, stopping the recipients", async () => {
    const { campaignId, recipientIds, prospectIds, blacklistId } = await world('No-send test');
    const [ada, ben, , , , , , , , , , , , ned] = recipientIds;
    const response = await alice.client.post(`${BASE}/add-to-blacklist`, { campaignId, recipientIds: [ada, ben, ned] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { updated: 3, skipped: 0 });
    assert.deepEqual(await suppressedEmails(t.database.db, alice.accountId), [
      { email: 'ada@acme.test', reason: 'manual' },
      { email: 'ben@acme.test', reason: 'manual' },
    ]);
    const listed = await t.database.db.select().from(prospectListItems).where(eq(prospectListItems.listId, blacklistId));
    assert.deepEqual(listed.map((item) => item.prospectId).sort((a, b) => a - b), [prospectIds[0], prospectIds[1], prospectIds[13]]);
    const statuses = await statusesOf(campaignId);
    assert.deepEqual([statuses.get('Ada Active'), statuses.get('Ben Busy'), statuses.get('Ned Network')], ['nosend', 'nosend', 'nosend']);
    // Twice is harmless: nothing left to move.
    assert.deepEqual((await alice.client.post(`${BASE}/add-to-blacklist`, { campaignId, recipientIds: [ada] })).body, { updated: 0, skipped: 1 });
    assert.equal((await suppressedEmails(t.database.db, alice.accountId)).length, 2);
  });

  it('answers create-deal honestly as not available yet', async () => {
    const { campaignId, recipientIds } = await world();
    const response = await alice.client.post(`${BASE}/create-deal`, { campaignId, recipientIds });
    assert.equal(response.status, 501);
    assert.equal(response.body.errors[0].key, 'not_available_yet');
  });

  it('deletes recipients: they leave the table and its count', async () => {
    const { campaignId, recipientIds } = await world();
    const deleted = await alice.client.post(`${BASE}/delete`, { campaignId, recipientIds: recipientIds.slice(0, 2) });
    assert.deepEqual(deleted.body, { updated: 2, skipped: 0 });
    const page = await list(alice, campaignId);
    assert.equal(page.body.total, 11);
    assert.ok(!page.body.items.some((item: { name: string }) => item.name === 'Ada Active'));
    assert.deepEqual(await names(alice, campaignId, { filter: { status: ['deleted'] } }), ['Ada Active', 'Ben Busy', 'Gus Gone']);
    const all = await alice.client.post(`${BASE}/delete`, { campaignId, filter: { search: 'idle' } });
    assert.deepEqual(all.body, { updated: 5, skipped: 0 });
    assert.equal((await list(alice, campaignId)).body.total, 6);
  });

  it('adds prospects to a launched campaign only, skipping ones already in it and marking no-send ones', async () => {
    const { campaignId, prospectIds, blacklistId } = await world('Adding');
    const fresh = await createProspects(t.database.db, alice, [
      { name: 'Newt New', email: 'Newt@Gmail.com' },
      { name: 'Nora Blocked', email: 'nora@acme.test' },
      { name: 'Nil Nothing' },
      { name: 'Nell Listed', email: 'nell@acme.test' },
    ]);
    await t.database.db.execute(sql`insert into mail_suppressions (account_id, email, reason) values (${alice.accountId}, 'nora@acme.test', 'unsubscribe')`);
    await t.database.db.insert(prospectListItems).values({ listId: blacklistId, prospectId: fresh[3]! });
    const added = await alice.client.post(`${BASE}/add`, { campaignId, prospectIds: [...fresh, prospectIds[0]!] });
    assert.equal(added.status, 200, added.text);
    // Nil has neither an address nor a profile; Ada is in the campaign already.
    assert.deepEqual(added.body, { added: 3, skipped: 2 });
    const rows = await recipientRows(t.database.db, campaignId);
    const byName = new Map(rows.map((row) => [row.name, row]));
    assert.deepEqual(
      ['Newt New', 'Nora Blocked', 'Nell Listed'].map((name) => [byName.get(name)?.status, byName.get(name)?.provider]),
      [['active', 'gmail'], ['nosend', 'other'], ['nosend', 'other']],
    );
    assert.equal(byName.get('Newt New')!.definitionVersion, 1);
    assert.ok(byName.get('Newt New')!.nextRunAt);

    const listAdd = await alice.client.post(`${BASE}/add`, { campaignId, listId: await createList(t.database.db, alice, 'More', fresh) });
    assert.deepEqual(listAdd.body, { added: 0, skipped: 4 });
    const bobProspects = await createProspects(t.database.db, bob, [{ name: 'Bob prospect', email: 'bp@acme.test' }]);
    assert.deepEqual((await alice.client.post(`${BASE}/add`, { campaignId, prospectIds: bobProspects })).body, { added: 0, skipped: 1 });
    const foreignList = await alice.client.post(`${BASE}/add`, { campaignId, listId: await createList(t.database.db, bob, 'Bob only', bobProspects) });
    assert.equal(foreignList.status, 404);
    assert.equal(foreignList.body.errors[0].key, 'list_not_found');

    const draft = await seedCampaign(t.database.db, alice, { title: 'Draft', status: 'new', activeVersion: 0, recipients: [] });
    const refused = await alice.client.post(`${BASE}/add`, { campaignId: draft.campaignId, prospectIds: fresh });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0].key, 'recipients_campaign_not_launched');
  });

  it("lets a team lead manage a member's recipients; a view-all member only reads the lead's, an own-records member sees none", async () => {
    const lead = await signUp(t, 'lead');
    await t.database.db.update(subscriptions).set({ planName: 'FREE', endsAt: null }).where(eq(subscriptions.accountId, lead.accountId));
    const joinCode = (await lead.client.post('/team/join-code')).body.joinCode as string;
    const member = await signUp(t, 'member', joinCode);
    // Limited to own records (document 1 §6): the lead's group setting for this member.
    await t.database.db.update(teamMembers).set({ isLead: 0, group: 'Only own record' }).where(eq(teamMembers.userId, member.userId));
    const memberCampaign = await seedCampaign(t.database.db, member, { title: 'Member', recipients: [{ name: 'Mo', email: 'mo@acme.test' }] });
    const leadCampaign = await seedCampaign(t.database.db, lead, { title: 'Lead', recipients: [{ name: 'Li', email: 'li@acme.test' }] });

    assert.equal((await list(lead, memberCampaign.campaignId)).body.total, 1);
    const paused = await lead.client.post(`${BASE}/set-status`, { campaignId: memberCampaign.campaignId, filter: {}, status: 'pause' });
    assert.deepEqual(paused.body, { updated: 1, skipped: 0 });
    assert.equal((await list(member, leadCampaign.campaignId)).status, 404);
    assert.equal((await member.client.post(`${BASE}/delete`, { campaignId: leadCampaign.campaignId, filter: {} })).status, 404);
    assert.equal((await statusesOf(leadCampaign.campaignId)).get('Li'), 'active');

    // A view-all member reads the lead's recipients but may not change them.
    const viewer = await signUp(t, 'viewer', joinCode);
    await t.database.db.update(teamMembers).set({ isLead: 2 }).where(eq(teamMembers.userId, viewer.userId));
    assert.equal((await list(viewer, leadCampaign.campaignId)).body.total, 1);
    const refused = await viewer.client.post(`${BASE}/set-status`, { campaignId: leadCampaign.campaignId, filter: {}, status: 'pause' });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.errors[0].key, 'campaign_not_editable');
    assert.equal((await statusesOf(leadCampaign.campaignId)).get('Li'), 'active');
  });

  it('verifies to-check recipients before starting them, or starts them unverified', async () => {
    await verificationRepo.credit(t.database.db, alice, 50, 'test_grant', null);
    const { campaignId } = await seedCampaign(t.database.db, alice, {
      title: 'To check',
      recipients: [
        { name: 'Ok One', email: 'ok1@acme.test', status: 'tocheck' },
        { name: 'Bad Two', email: 'bad2@acme.test', status: 'tocheck' },
        { name: 'Grey Three', email: 'ok3@grey.test', status: 'tocheck' },
        { name: 'Net Four', email: null, linkedinUrl: 'https://www.linkedin.com/in/four', status: 'tocheck' },
        { name: 'Already', email: 'ok5@acme.test', status: 'active' },
      ],
    });
    const started = await alice.client.post(`${BASE}/to-check/start`, { campaignId });
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(started.body, { started: 2, invalid: 1, pending: 1 });
    let statuses = await statusesOf(campaignId);
    assert.deepEqual(
      ['Ok One', 'Bad Two', 'Grey Three', 'Net Four', 'Already'].map((name) => statuses.get(name)),
      ['active', 'nosend', 'tocheck', 'active', 'active'],
    );
    const forced = await alice.client.post(`${BASE}/to-check/force-start`, { campaignId });
    assert.deepEqual(forced.body, { started: 1, invalid: 0, pending: 0 });
    statuses = await statusesOf(campaignId);
    assert.equal(statuses.get('Grey Three'), 'active');
  });
});
