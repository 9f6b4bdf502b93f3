/**
 * The prospects area at scale: trigger-kept list and owner counts, capped filtered counts, the
 * shared figures cache, substring name search, and the bulk actions by filter ("all matching").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROSPECTS_FILTERED_COUNT_LOOKAHEAD } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

type Row = { id: number; name: string };

async function signedIn(t: TestApp, label: string) {
  const client = t.client();
  const email = uniqueEmail(label);
  await client.register({ email, password: STRONG_PASSWORD, name: `${label} person` });
  const [user] = (await t.database.db.execute(sql`select id, account_id from users where email = ${email}`)).rows as { id: number; account_id: number }[];
  return { client, userId: user!.id, accountId: user!.account_id };
}

async function newList(client: TestClient, name: string): Promise<number> {
  const response = await client.post('/lists/add', { type: 'prospect', name });
  assert.equal(response.status, 200, response.text);
  return response.body.id;
}

async function addProspect(client: TestClient, listId: number, body: Record<string, unknown>): Promise<number> {
  const response = await client.post('/prospects-new/add', { listId, ...body });
  assert.equal(response.status, 200, response.text);
  return response.body.id;
}

async function page(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/prospects/list-prospects', { perPage: 100, ...body });
  assert.equal(response.status, 200, response.text);
  return response.body as { contacts: Row[]; prospectsCount: number; prospectsCountCapped?: boolean; linkedinInfo: { withLinkedin: number; withoutLinkedin: number } };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value).slice(0, 300)}`);
    await sleep(50);
  }
}

/** Inserts `count` prospects straight into a list (what the bench generator does, smaller). */
async function bulkInsert(t: TestApp, owner: { userId: number; accountId: number }, listId: number, count: number, prefix: string) {
  await t.database.db.execute(sql`
    with made as (
      insert into prospects (account_id, user_id, name, search_name, source)
      select ${owner.accountId}, ${owner.userId}, ${prefix} || ' ' || g, lower(${prefix}) || ' ' || g, 'test' from generate_series(1, ${count}) g
      returning id)
    insert into prospect_list_items (list_id, prospect_id) select ${listId}, id from made`);
}

describe('prospects at scale', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });
  after(() => t?.close());

  it('keeps list and All contacts counts exact through every kind of write', async () => {
    const owner = await signedIn(t, 'counts');
    const { client } = owner;
    const a = await newList(client, 'A');
    const b = await newList(client, 'B');
    const exact = async () => {
      const overview = (await client.get('/prospects/lists')).body as { lists: { id: number; contacts: number }[]; allContactsCount: number };
      const rows = (await t.database.db.execute(sql`select l.id, (select count(*)::int from prospect_list_items i where i.list_id = l.id) as n from prospect_lists l where l.user_id = ${owner.userId}`)).rows as { id: number; n: number }[];
      const [all] = (await t.database.db.execute(sql`select count(*)::int as n from prospects where user_id = ${owner.userId}`)).rows as { n: number }[];
      for (const list of overview.lists) assert.equal(list.contacts, rows.find((row) => row.id === list.id)?.n, `list ${list.id}`);
      assert.equal(overview.allContactsCount, all!.n);
      return Object.fromEntries(overview.lists.map((list) => [list.id, list.contacts]));
    };

    const ids = [];
    for (const name of ['Ann One', 'Ben Two', 'Cid Three']) ids.push(await addProspect(client, a, { name }));
    assert.deepEqual(await exact(), { [a]: 3, [b]: 0 });
    assert.equal((await client.post('/lists/add-prospect-to-list', { itemId: ids.slice(0, 2), listId: b, type: 'prospect' })).status, 200);
    assert.deepEqual(await exact(), { [a]: 3, [b]: 2 });
    // Copying again adds nothing (and counts nothing).
    await client.post('/lists/add-prospect-to-list', { itemId: ids, listId: b, type: 'prospect' });
    assert.deepEqual(await exact(), { [a]: 3, [b]: 3 });
    await client.post('/lists/move', { items: [ids[2]], moveFrom: a, moveTo: b, type: 'prospect' });
    assert.deepEqual(await exact(), { [a]: 2, [b]: 3 });
    await client.delete('/lists/remove-items', { body: { items: [ids[0]], listId: b } });
    assert.deepEqual(await exact(), { [a]: 2, [b]: 2 });
    // Deleting a prospect leaves every list (a cascade the triggers see too).
    await client.delete('/lists/remove-items', { body: { items: [ids[1]], deleteRecipients: true } });
    assert.deepEqual(await exact(), { [a]: 1, [b]: 1 });
    await bulkInsert(t, owner, a, 25, 'Bulk');
    assert.deepEqual(await exact(), { [a]: 26, [b]: 1 });
    // A list deleted for good takes its prospects that are in no other list.
    await client.delete('/lists/delete-without-save', { body: { id: a } });
    const after = (await client.get('/prospects/lists')).body as { allContactsCount: number };
    assert.equal(after.allContactsCount, 1);
    assert.deepEqual(await exact(), { [b]: 1 });
  });

  it('counts a filtered page up to a lookahead past it and says when it stopped', async () => {
    const owner = await signedIn(t, 'capped');
    const listId = await newList(owner.client, 'Big');
    const size = PROSPECTS_FILTERED_COUNT_LOOKAHEAD + 150;
    await bulkInsert(t, owner, listId, size, 'Many');
    await addProspect(owner.client, listId, { name: 'Linked Person', social: 'linkedin.com/in/linked-person' });

    const unfiltered = await page(owner.client, { listId });
    assert.equal(unfiltered.prospectsCount, size + 1);
    assert.equal(unfiltered.prospectsCountCapped, undefined);

    const withoutLinkedin = await page(owner.client, { listId, filter: { linkedin: 'without' }, perPage: 50 });
    assert.equal(withoutLinkedin.prospectsCount, 50 + PROSPECTS_FILTERED_COUNT_LOOKAHEAD);
    assert.equal(withoutLinkedin.prospectsCountCapped, true);
    // Further pages count further; near the end the count is exact again.
    const late = await page(owner.client, { listId, filter: { linkedin: 'without' }, perPage: 50, page: 4 });
    assert.equal(late.prospectsCount, size);
    assert.equal(late.prospectsCountCapped, undefined);

    const narrow = await page(owner.client, { listId, filter: { linkedin: 'with' } });
    assert.equal(narrow.prospectsCount, 1);
    assert.equal(narrow.prospectsCountCapped, undefined);

    // Figures of a list this large come from the shared cache, computed in the background.
    const figures = await waitFor(
      () => page(owner.client, { listId, perPage: 1 }),
      (answer) => answer.linkedinInfo.withLinkedin === 1,
    );
    assert.deepEqual(figures.linkedinInfo, { withLinkedin: 1, withoutLinkedin: size });
    const [cached] = (await t.database.db.execute(sql`select value from prospect_stats_cache where key = ${`stats:list:${listId}`}`)).rows as { value: { withLinkedin: number } }[];
    assert.equal(cached!.value.withLinkedin, 1);
  });

  it('shares the without-email count through the database', async () => {
    const owner = await signedIn(t, 'shared');
    const listId = await newList(owner.client, 'Shared');
    await addProspect(owner.client, listId, { name: 'No Mail' });
    await addProspect(owner.client, listId, { name: 'Has Mail', emails: [{ email: 'has.mail@example.test' }] });
    const counted = await waitFor(
      async () => (await owner.client.post('/prospects/check-without-emails', { listId })).body.count as number,
      (count) => count !== -1,
    );
    assert.equal(counted, 1);
    // What another API process would have stored is what this one answers.
    await t.database.db.execute(sql`update prospect_stats_cache set value = '{"count": 7}' where key = ${`without-email:list:${listId}`}`);
    assert.equal((await owner.client.post('/prospects/check-without-emails', { listId })).body.count, 7);
  });

  it('matches name substrings in the table filter and in global search', async () => {
    const { client } = await signedIn(t, 'substring');
    const listId = await newList(client, 'Names');
    await addProspect(client, listId, { name: 'Maria Garcia' });
    await addProspect(client, listId, { name: 'Olena Petrenko' });
    await addProspect(client, listId, { name: 'Marek 100% Novak' });
    const names = async (name: string) => (await page(client, { listId, filter: { name }, sort: [{ field: 'name', order: 'asc' }] })).contacts.map((row) => row.name);
    assert.deepEqual(await names('arci'), ['Maria Garcia']);
    assert.deepEqual(await names('ren'), ['Olena Petrenko']);
    // Two characters have no trigram: they match the start of the name.
    assert.deepEqual(await names('ma'), ['Marek 100% Novak', 'Maria Garcia']);
    assert.deepEqual(await names('ar'), []);
    // LIKE wildcards in the query are plain characters.
    assert.deepEqual(await names('0% n'), ['Marek 100% Novak']);
    assert.deepEqual(await names('a_i'), []);
    const found = await client.post('/prospects/search', { filters: { prospect_name: 'petren' } });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.body.contacts.map((row: Row) => row.name), ['Olena Petrenko']);
  });

  it('shows each row with its emails, tags, live lists, custom values and duplicate flag', async () => {
    const { client } = await signedIn(t, 'rows');
    const listId = await newList(client, 'Rows');
    const second = await newList(client, 'Second');
    const gone = await newList(client, 'Gone');
    const field = (await client.post('/user/custom-fields', { name: 'Budget', type: 'number' })).body;
    const id = await addProspect(client, listId, { name: 'Row Person', emails: [{ email: 'row@example.test' }, { email: 'row2@example.test' }], customFields: [{ id: field.id, value: '12' }] });
    await addProspect(client, listId, { name: 'Other Person', emails: [{ email: 'ROW@example.test' }] });
    await client.post('/lists/add-prospect-to-list', { itemId: [id], listId: second });
    await client.post('/lists/add-prospect-to-list', { itemId: [id], listId: gone });
    await client.delete('/lists', { body: { id: gone } });
    await client.post('/prospect-tags/save', { tags: ['zeta', 'alpha'], prospects: [id] });
    const row = (await page(client, { listId })).contacts.find((contact) => contact.id === id) as unknown as {
      emails: { email: string; status: string }[];
      tags: { name: string }[];
      lists: { listId: number }[];
      customFields: Record<string, string>;
      isDuplicate: boolean;
    };
    assert.deepEqual(row.emails.map((e) => [e.email, e.status]), [['row@example.test', 'not_verified'], ['row2@example.test', 'not_verified']]);
    assert.deepEqual(row.tags.map((tag) => tag.name), ['alpha', 'zeta']);
    assert.deepEqual(row.lists.map((list) => list.listId).sort((a, b) => a - b), [listId, second]);
    assert.deepEqual(row.customFields, { [`custom_${field.id}`]: '12' });
    assert.equal(row.isDuplicate, true);
  });

  it('applies move, copy, tag, delete and export to every prospect matching a filter, minus exclusions', async () => {
    const owner = await signedIn(t, 'bulk');
    const { client } = owner;
    const source = await newList(client, 'Source');
    const copies = await newList(client, 'Copies');
    const target = await newList(client, 'Target');
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await addProspect(client, source, { name: `Lead ${String.fromCharCode(65 + i)}` }));
    const tagged = await client.post('/prospect-tags/save', { tags: ['hot'], prospects: ids.slice(0, 4) });
    const hot = tagged.body.tags[0].id as number;
    const selection = { listId: source, filter: { tags: [hot] }, excludeIds: [ids[0]] };
    const namesIn = async (listId: number, filter: Record<string, unknown> = {}) =>
      (await page(client, { listId, filter, sort: [{ field: 'name', order: 'asc' }] })).contacts.map((row) => row.name);

    // Ids and a selection together, or neither, are refused; the old id payloads still work.
    assert.equal((await client.post('/lists/add-prospect-to-list', { itemId: [ids[5]], selection, listId: copies })).status, 400);
    assert.equal((await client.post('/lists/add-prospect-to-list', { listId: copies })).status, 400);

    const copied = await client.post('/lists/add-prospect-to-list', { selection, listId: copies, type: 'prospect' });
    assert.equal(copied.status, 200, copied.text);
    assert.deepEqual(copied.body, { added: 3 });
    assert.deepEqual(await namesIn(copies), ['Lead B', 'Lead C', 'Lead D']);

    const vip = await client.post('/prospect-tags/save', { tags: ['vip'], prospects: { selection } });
    assert.equal(vip.status, 200, vip.text);
    assert.equal(vip.body.process.status, 'done');
    assert.equal(vip.body.process.processed, 3);
    assert.deepEqual(await namesIn(source, { tags: [vip.body.tags[0].id] }), ['Lead B', 'Lead C', 'Lead D']);

    const exported = await client.post('/prospects/export/csv', { listId: source, selection });
    assert.equal(exported.status, 200, exported.text);
    const lines = exported.text.trim().split('\n').slice(1).map((line) => line.split(',')[0]);
    assert.deepEqual(lines.sort(), ['Lead B', 'Lead C', 'Lead D']);
    assert.equal((await client.post('/prospects/export/csv', { listId: copies, selection })).status, 400);

    // Moving takes the selection out of its own list only.
    assert.equal((await client.post('/lists/move', { selection, moveFrom: copies, moveTo: target })).status, 400);
    const moved = await client.post('/lists/move', { selection, moveFrom: source, moveTo: target, type: 'prospect' });
    assert.deepEqual(moved.body, { moved: 3 });
    assert.deepEqual(await namesIn(source), ['Lead A', 'Lead E', 'Lead F']);
    assert.deepEqual(await namesIn(target), ['Lead B', 'Lead C', 'Lead D']);
    const timeline = await client.post('/prospects/timeline', { prospectId: ids[1], page: 1, perPage: 10 });
    assert.ok(JSON.stringify(timeline.body).includes('moved'), timeline.text);

    const removed = await client.delete('/lists/remove-items', { body: { selection: { listId: target, filter: { name: 'lead' }, excludeIds: [ids[3]] }, listId: target } });
    assert.deepEqual(removed.body, { removed: 2 });
    assert.deepEqual(await namesIn(target), ['Lead D']);
    // Deleting from All contacts deletes the prospects themselves.
    const deleted = await client.delete('/lists/remove-items', { body: { selection: { listId: null, filter: { name: 'lead e' } }, deleteRecipients: true } });
    assert.deepEqual(deleted.body, { removed: 1 });
    assert.deepEqual(await namesIn(source), ['Lead A', 'Lead F']);
  });

  it('never lets a selection reach prospects the caller does not own', async () => {
    const owner = await signedIn(t, 'owner');
    const other = await signedIn(t, 'intruder');
    const listId = await newList(owner.client, 'Private');
    const privateId = await addProspect(owner.client, listId, { name: 'Private Person', emails: [{ email: 'private@example.test' }] });
    const ownTarget = await newList(other.client, 'Mine');
    const selection = { listId, filter: {} };
    assert.equal((await other.client.post('/lists/add-prospect-to-list', { selection, listId: ownTarget })).status, 404);
    assert.equal((await other.client.delete('/lists/remove-items', { body: { selection, deleteRecipients: true } })).status, 404);
    assert.equal((await other.client.post('/prospect-tags/save', { tags: ['x'], prospects: { selection } })).status, 404);
    assert.equal((await other.client.post('/prospects/updateCheckEmails', { selection })).status, 404);
    // By id, another account's prospect is simply not among the answers (and nothing is queued).
    const byId = await other.client.post('/prospects/updateCheckEmails', { ids: [privateId] });
    assert.deepEqual(byId.body, { prospects: [], unresolved: 0 });
    // All contacts of the intruder hold none of the owner's prospects.
    const copied = await other.client.post('/lists/add-prospect-to-list', { selection: { listId: null, filter: {} }, listId: ownTarget });
    assert.deepEqual(copied.body, { added: 0 });
    assert.equal((await page(owner.client, { listId })).prospectsCount, 1);
  });

  it('records company list renames, pages the history of one company list and files company lists in folders', async () => {
    const { client } = await signedIn(t, 'history');
    const first = (await client.post('/lists/add', { type: 'company', name: 'Suppliers' })).body.id as number;
    const second = (await client.post('/lists/add', { type: 'company', name: 'Partners' })).body.id as number;
    assert.equal((await client.put('/lists/edit', { newName: 'Vendors', listId: first, type: 'company' })).status, 200);
    const history = async (listId?: number) =>
      ((await client.post('/companies/get-history', { limit: 50, ...(listId ? { listId } : {}) })).body as { items: { action: string; details: Record<string, unknown> }[]; total: number });
    const ofFirst = await history(first);
    assert.deepEqual(ofFirst.items.map((item) => item.action), ['list_renamed', 'list_created']);
    assert.deepEqual(ofFirst.items[0]!.details, { listId: first, name: 'Vendors', oldName: 'Suppliers' });
    assert.equal(ofFirst.total, 2);
    assert.deepEqual((await history(second)).items.map((item) => item.action), ['list_created']);
    assert.equal((await history()).total, 3);

    // Company lists are filed in the same folders as prospect lists.
    const folder = (await client.post('/folders', { name: 'Vendors folder' })).body.id as number;
    const filed = await client.post('/folders/list/move', { listId: first, folderId: folder });
    assert.equal(filed.status, 200, filed.text);
    const lists = (await client.get('/companies/lists')).body.lists as { id: number; folders: number[] }[];
    assert.deepEqual(lists.find((list) => list.id === first)?.folders, [folder]);
    assert.deepEqual(lists.find((list) => list.id === second)?.folders, []);
  });

  it('tags a large selection in the background with progress', async () => {
    const owner = await signedIn(t, 'bigtag');
    const listId = await newList(owner.client, 'Huge');
    await bulkInsert(t, owner, listId, PROSPECTS_FILTERED_COUNT_LOOKAHEAD + 20, 'Wide');
    const saved = await owner.client.post('/prospect-tags/save', { tags: ['wide'], prospects: { selection: { listId, filter: { name: 'wide' }, excludeIds: [] } } });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.process.status, 'in_progress');
    const done = await waitFor(
      async () => (await owner.client.post('/prospect-tags/check-create', { entityId: saved.body.process.id, type: 'prospect' })).body,
      (body) => body.status === 'done',
    );
    assert.equal(done.processed, PROSPECTS_FILTERED_COUNT_LOOKAHEAD + 20);
    const [tagged] = (await t.database.db.execute(sql`select count(*)::int as n from prospect_tags where tag_id = ${saved.body.tags[0].id}`)).rows as { n: number }[];
    assert.equal(tagged!.n, PROSPECTS_FILTERED_COUNT_LOOKAHEAD + 20);
  });
});
