import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PINNED_NOTES_LIMIT_DEFAULT } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

async function signedIn(t: TestApp, label: string, teamCode?: string) {
  const client = t.client();
  await client.register({ email: uniqueEmail(label), password: STRONG_PASSWORD, name: `${label} person`, ...(teamCode ? { teamCode } : {}) });
  return client;
}

async function newList(client: TestClient, name: string): Promise<number> {
  const response = await client.post('/lists/add', { type: 'prospect', name });
  assert.equal(response.status, 200, response.text);
  return response.body.id;
}

async function addProspect(client: TestClient, listId: number, body: Record<string, unknown>) {
  const response = await client.post('/prospects-new/add', { listId, ...body });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value).slice(0, 500)}`);
    await sleep(100);
  }
}

/** Uploads a CSV in small chunks (as the UI does for big files), maps it and waits for the job. */
async function importCsv(client: TestClient, listId: number, csv: string, mapping: Record<string, string | null>, duplicatePolicy: string) {
  const chunkSize = 64 * 1024;
  let importId: string | undefined;
  for (let index = 0; index * chunkSize < csv.length; index += 1) {
    const chunk = csv.slice(index * chunkSize, (index + 1) * chunkSize);
    const response = await client.post('/prospects/import/upload', { ...(importId ? { importId } : {}), listId, fileName: 'people.csv', chunk, index });
    assert.equal(response.status, 200, response.text);
    importId = response.body.importId;
  }
  const checked = await client.get(`/prospects/checkUpload/${importId}`);
  assert.equal(checked.status, 200, checked.text);
  const started = await client.post(`/prospects/save/csv/${importId}`, { mapping, duplicatePolicy });
  assert.equal(started.status, 200, started.text);
  const report = await waitFor(
    async () => (await client.get(`/prospects/checkUpload/${importId}`)).body,
    (body) => body.status === 'completed' || body.status === 'failed',
  );
  return { checked: checked.body, report };
}

describe('prospects area', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });
  after(() => t?.close());

  it('runs the list and folder lifecycle', async () => {
    const user = await signedIn(t, 'lists');
    assert.deepEqual((await user.post('/lists/default-list-name', { type: 'prospect' })).body, { name: 'My list 1' });
    const listId = await newList(user, 'My list 1');
    assert.deepEqual((await user.post('/lists/default-list-name', { type: 'prospect' })).body, { name: 'My list 2' });
    const renamed = await user.put('/lists/edit', { newName: 'Leads <Q3>', listId, type: 'prospect' });
    assert.equal(renamed.body.name, 'Leads Q3');
    assert.equal((await user.put('/lists/edit', { newName: '   ', listId, type: 'prospect' })).status, 400);

    const folder = (await user.post('/folders', { name: 'Europe' })).body;
    const second = (await user.post('/folders', { name: 'Asia' })).body;
    assert.deepEqual([folder.position, second.position], [0, 1]);
    assert.equal((await user.put('/folders', { id: folder.id, name: 'EU' })).body.name, 'EU');
    const moved = await user.post('/folders/move', { id: second.id, position: 0 });
    assert.deepEqual(moved.body.folders.map((f: { name: string }) => f.name), ['Asia', 'EU']);
    const filed = await user.post('/folders/list/move', { listId, folderId: folder.id });
    assert.deepEqual(filed.body.folders.find((f: { id: number }) => f.id === folder.id).lists, [listId]);

    const overview = (await user.get('/prospects/lists', { query: { id: 'me' } })).body;
    assert.equal(overview.lists.length, 1);
    assert.deepEqual(overview.lists[0].folders, [folder.id]);
    assert.equal(overview.allContactsCount, 0);
    assert.deepEqual(overview.teamFilterOptions, [{ value: 'me', label: 'me' }]);

    const info = await user.post('/prospects/get-lists-info', { count: 20, keyword: 'q3' });
    assert.deepEqual(info.body.lists.map((l: { id: number }) => l.id), [listId]);

    // No campaign uses the list (campaigns using one: campaigns/list-usage.test.ts).
    const usage = await user.post('/lists/check-usage-in-campaigns', { listIds: [listId] });
    assert.deepEqual([usage.status, usage.body], [200, { usage: [{ listId, campaigns: [] }] }]);
    assert.equal((await user.delete('/lists', { body: { id: listId, type: 'prospect' } })).status, 200);
    const afterDelete = (await user.get('/prospects/lists')).body;
    assert.deepEqual([afterDelete.lists.length, afterDelete.deletedLists.length], [0, 1]);
    const deletedPage = await user.post('/prospects/list-prospects', { listId });
    assert.equal(deletedPage.body.notFound, true);
    assert.equal((await user.post('/lists/restore', { id: listId })).body.name, 'Leads Q3');
    assert.equal((await user.delete('/lists/delete-without-save', { body: { id: listId } })).status, 200);
    assert.equal((await user.post('/prospects/list-prospects', { listId })).status, 404);
    assert.equal((await user.delete(`/folders/${second.id}`)).status, 200);
  });

  it('pages, sorts and filters the prospects table', async () => {
    const user = await signedIn(t, 'table');
    const listId = await newList(user, 'Table');
    const other = await newList(user, 'Other');
    for (let i = 0; i < 7; i += 1) {
      await addProspect(user, listId, {
        name: `Person ${String.fromCharCode(65 + i)}`,
        emails: i % 2 === 0 ? [{ email: `person${i}@example.test` }] : [],
        social: i < 2 ? `linkedin.com/in/person-${i}` : null,
      });
    }
    const page1 = await user.post('/prospects/list-prospects', { listId, page: 1, perPage: 3 });
    assert.equal(page1.status, 200, page1.text);
    assert.equal(page1.body.prospectsCount, 7);
    assert.deepEqual(page1.body.contacts.map((c: { name: string }) => c.name), ['Person G', 'Person F', 'Person E']);
    assert.deepEqual(page1.body.linkedinInfo, { withLinkedin: 2, withoutLinkedin: 5 });
    assert.equal(page1.body.currentProspectList.id, listId);
    const page3 = await user.post('/prospects/list-prospects', { listId, page: 3, perPage: 3 });
    assert.deepEqual(page3.body.contacts.map((c: { name: string }) => c.name), ['Person A']);
    const byName = await user.post('/prospects/list-prospects', { listId, sort: [{ field: 'name', order: 'asc' }], perPage: 2 });
    assert.deepEqual(byName.body.contacts.map((c: { name: string }) => c.name), ['Person A', 'Person B']);

    const noEmail = await user.post('/prospects/list-prospects', { listId, filter: { emailStatus: ['no_email'] } });
    assert.equal(noEmail.body.prospectsCount, 3);
    const withLinkedin = await user.post('/prospects/list-prospects', { listId, filter: { linkedin: 'with' } });
    assert.equal(withLinkedin.body.prospectsCount, 2);
    assert.equal((await user.post('/prospects/list-prospects', { listId, filter: { name: 'p' } })).body.errors[0].key, 'filter_too_short');

    // Tags on chosen prospects apply at once; on a whole list they run in the background.
    const ids = page1.body.contacts.map((c: { id: number }) => c.id);
    const tagged = await user.post('/prospect-tags/save', { tags: ['hot'], prospects: ids.slice(0, 2) });
    assert.equal(tagged.body.process.status, 'done');
    const listWide = await user.post('/prospect-tags/save', { tags: ['q3'], prospects: { listId } });
    assert.equal(listWide.status, 200, listWide.text);
    const finished = await waitFor(
      async () => (await user.post('/prospect-tags/check-create', { entityId: listWide.body.process.id, type: 'prospect' })).body,
      (body) => body.status === 'done',
    );
    assert.equal(finished.processed, 7);
    const hotId = tagged.body.tags[0].id;
    const hot = await user.post('/prospects/list-prospects', { listId, filter: { tags: [hotId] } });
    assert.equal(hot.body.prospectsCount, 2);
    const notHot = await user.post('/prospects/list-prospects', { listId, filter: { tags: [hotId], tagsFilter: 'none' } });
    assert.equal(notHot.body.prospectsCount, 5);
    const listTags = await user.get(`/prospects/list-prospects/${listId}/tags`);
    assert.deepEqual(listTags.body.tags.map((tag: { name: string; count: number }) => [tag.name, tag.count]), [['hot', 2], ['q3', 7]]);

    // Copy to another list, then filter by membership; move back; remove.
    assert.deepEqual((await user.post('/lists/add-prospect-to-list', { itemId: ids, listId: other, type: 'prospect' })).body, { added: 3 });
    assert.equal((await user.post('/prospects/list-prospects', { listId, filter: { lists: [other] } })).body.prospectsCount, 3);
    assert.deepEqual((await user.delete('/lists/remove-items', { body: { items: [ids[0]], listId: other } })).body, { removed: 1 });

    // Without-email count: -1 while counting, then the number (polled every 8 s by the UI).
    const counting = await waitFor(
      async () => (await user.post('/prospects/check-without-emails', { listId })).body.count,
      (count) => count !== -1,
    );
    assert.equal(counting, 3);

    // Duplicates: a second prospect with a known email is flagged.
    await addProspect(user, other, { name: 'Person Copy', emails: [{ email: 'PERSON0@example.test' }] });
    const duplicates = await user.post('/prospects/list-prospects', { listId, filter: { duplicates: true } });
    assert.deepEqual(duplicates.body.contacts.map((c: { name: string }) => c.name), ['Person A']);
    assert.equal(duplicates.body.duplicatesCount, 1);

    // Global search with the §5 filter rules.
    assert.equal((await user.post('/prospects/search', { filters: { prospect_name: 'P' } })).body.errors[0].key, 'filter_too_short');
    assert.equal((await user.post('/prospects/search', { filters: { email: 'nope' } })).body.errors[0].key, 'filter_email_invalid');
    assert.equal((await user.post('/prospects/search', { filters: { campaign_title: 'ab' } })).body.errors[0].key, 'filter_campaign_title_too_short');
    const found = await user.post('/lists/new-search', { filters: { prospect_name: 'person c' } });
    assert.deepEqual(found.body.contacts.map((c: { name: string }) => c.name), ['Person Copy', 'Person C']);
    const last = await user.post('/prospects/search/get-last-searches', {});
    assert.equal(last.body.searches[0].filters.prospect_name, 'person c');
  });

  it('applies the edit rules of document 1 §5', async () => {
    const user = await signedIn(t, 'edit');
    const listId = await newList(user, 'Edits');
    const field = (await user.post('/user/custom-fields', { name: 'Budget', type: 'number' })).body;
    const group = (await user.post('/user-field-groups', { name: 'Deal info' })).body;
    assert.equal((await user.request('PATCH', `/user/custom-fields/${field.id}`, { body: { groupId: group.id } })).status, 200);
    const created = await addProspect(user, listId, {
      name: 'Jane "Doe"',
      phones: [{ phone: '+1 555 0100' }],
      companies: [{ name: 'Acme', url: 'acme.test', position: 'CTO' }, { name: '', url: '', position: '' }],
    });
    assert.equal(created.name, 'Jane Doe');
    assert.equal(created.companies.length, 1);
    assert.equal(created.viewerClass, 'own');

    const invalid = await user.post(`/prospects-new/update/${created.id}/${listId}`, { companies: [{ url: 'acme.test', position: 'CTO' }] });
    assert.equal(invalid.status, 422);
    assert.equal(invalid.body.errors[0].key, 'company_name_required');
    const badUrl = await user.post(`/prospects-new/update/${created.id}/${listId}`, { companies: [{ name: 'Acme', url: 'not a url' }] });
    assert.equal(badUrl.body.errors[0].key, 'company_url_invalid');
    assert.equal((await user.post(`/prospects-new/update/${created.id}/${listId}`, { name: '  ' })).body.errors[0].key, 'prospect_name_required');
    assert.equal((await user.post(`/prospects-new/update/${created.id}/${listId}`, { name: 'x'.repeat(252) })).body.errors[0].key, 'prospect_name_too_long');

    const phoneId = created.phones[0].phoneId;
    const updated = await user.post(`/prospects-new/update/${created.id}/${listId}`, {
      phones: [{ phoneId, phone: '' }],
      customFields: [{ id: field.id, value: '12.' }],
      countryId: 804,
    });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.phones, []);
    assert.equal(updated.body.customFields.find((f: { id: number }) => f.id === field.id).value, '12');
    assert.equal(updated.body.country, 'Ukraine');
    const cleared = await user.put(`/prospects/${created.id}`, { customFields: [{ id: field.id, value: '-' }] });
    assert.equal(cleared.body.customFields.find((f: { id: number }) => f.id === field.id).value, '');

    const timeline = await user.post('/prospects/timeline', { prospectId: created.id });
    assert.ok(timeline.body.items.some((item: { kind: string }) => item.kind === 'created'));
    assert.deepEqual((await user.get(`/prospects/${created.id}/lists`)).body.lists.map((l: { listId: number }) => l.listId), [listId]);
    const groups = (await user.get('/user-field-groups')).body;
    assert.equal(groups.groups[0].name, 'Deal info');
  });

  it('limits pinned notes', async () => {
    const user = await signedIn(t, 'notes');
    const listId = await newList(user, 'Notes');
    const prospect = await addProspect(user, listId, { name: 'Noted Person' });
    const base = `/lists/${listId}/prospects/${prospect.id}/notes`;
    const notes = [];
    for (let i = 0; i <= PINNED_NOTES_LIMIT_DEFAULT; i += 1) notes.push((await user.post(base, { noteText: `Note ${i}` })).body);
    for (const note of notes.slice(0, PINNED_NOTES_LIMIT_DEFAULT)) assert.equal((await user.post(`${base}/${note.id}/pin`)).body.pinned, true);
    const refused = await user.post(`${base}/${notes[PINNED_NOTES_LIMIT_DEFAULT].id}/pin`);
    assert.equal(refused.body.errors[0].key, 'notes_pin_limit');
    const pinned = await user.get(`${base}/pinned`);
    assert.deepEqual([pinned.body.notes.length, pinned.body.pinnedNotesLimit], [PINNED_NOTES_LIMIT_DEFAULT, PINNED_NOTES_LIMIT_DEFAULT]);
    assert.equal((await user.delete(`${base}/${notes[0].id}/pin`)).body.pinned, false);
    assert.equal((await user.post(`${base}/${notes[PINNED_NOTES_LIMIT_DEFAULT].id}/pin`)).body.pinned, true);
    assert.equal((await user.put(`${base}/${notes[1].id}`, { noteText: 'Edited' })).body.noteText, 'Edited');
    assert.equal((await user.delete(`${base}/${notes[1].id}`)).status, 200);
    assert.equal((await user.get(base)).body.notes.length, PINNED_NOTES_LIMIT_DEFAULT);
  });

  it('imports a CSV with bad rows, reports them, applies duplicate policies and round-trips an export', async () => {
    const user = await signedIn(t, 'import');
    const listId = await newList(user, 'Imported');
    const rows = ['Full Name,Email,Phone,Company,Website,Title,Tags'];
    for (let i = 0; i < 1_000; i += 1) rows.push(`Person ${i},person${i}@example.test,+1 555 ${String(i).padStart(4, '0')},Company ${i % 10},company${i % 10}.test,Engineer,imported`);
    rows.push(',nobody@example.test,,,,,'); // no name
    rows.push('Bad Email,not-an-email,,,,,');
    rows.push('No Company Name,ok@example.test,,,company.test,CTO,');
    rows.push('Formula Person,formula@example.test,,Formula Inc,,=SUM(A1:A2),');
    const csv = `${rows.join('\n')}\n`;
    const mapping = { 'Full Name': 'name', Email: 'email', Phone: 'phone', Company: 'company', Website: 'company_url', Title: 'position', Tags: 'tags' };
    const { checked, report } = await importCsv(user, listId, csv, mapping, 'skip');
    assert.deepEqual(checked.headers, ['Full Name', 'Email', 'Phone', 'Company', 'Website', 'Title', 'Tags']);
    assert.equal(checked.suggestedMapping.Email, 'email');
    assert.equal(checked.totalRows, 1_004);
    assert.equal(report.status, 'completed');
    assert.deepEqual([report.imported, report.rejectedCount, report.skipped], [1_001, 3, 0]);
    assert.deepEqual(
      report.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason]),
      [
        [1_002, 'prospect_name_required'],
        [1_003, 'field_invalid'],
        [1_004, 'company_name_required'],
      ],
    );
    assert.equal((await user.post('/prospects/list-prospects', { listId })).body.prospectsCount, 1_001);

    // Same file again: skip adds nothing, update changes titles, add duplicates.
    const again = await importCsv(user, listId, csv, mapping, 'skip');
    assert.deepEqual([again.report.imported, again.report.skipped], [0, 1_001]);
    const changed = csv.replace('Person 5,person5@example.test', 'Person Five,person5@example.test');
    const updated = await importCsv(user, listId, changed, mapping, 'update');
    assert.deepEqual([updated.report.imported, updated.report.updated], [0, 1_001]);
    const five = await user.post('/prospects/search', { filters: { prospect_name: 'person five' } });
    assert.equal(five.body.prospectsCount, 1);

    // Export escapes formulas; re-importing the export gives the same data.
    const exported = await user.post('/prospects/export/csv', { listId });
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type') ?? '', /text\/csv/);
    assert.match(exported.text, /'=SUM\(A1:A2\)/);
    assert.match(exported.text, /'\+1 555 0001/);
    const copy = await newList(user, 'Copy');
    const exportMapping = { name: 'name', first_name: 'first_name', last_name: 'last_name', email: 'email', phone: 'phone', company: 'company', company_url: 'company_url', position: 'position', industry: 'industry', country: 'country', location: 'location', linkedin: 'linkedin', tags: 'tags' };
    const roundTrip = await importCsv(user, copy, exported.text, exportMapping, 'add');
    assert.deepEqual([roundTrip.report.imported, roundTrip.report.rejectedCount], [1_001, 0]);
    const reExported = await user.post('/prospects/export/csv', { listId: copy });
    assert.equal(reExported.text, exported.text);
    assert.equal((await user.post(`/prospects/mark-list-downloaded/${copy}`)).status, 200);
  });

  it('hides another member’s phones from a member limited to own records and refuses their edits', async () => {
    const lead = await signedIn(t, 'lead');
    const { joinCode } = (await lead.post('/team/join-code')).body;
    const member = await signedIn(t, 'member');
    await member.post('/team/accept', { code: joinCode });
    const viewer = await signedIn(t, 'viewer');
    await viewer.post('/team/accept', { code: joinCode });
    const members = (await lead.get('/team-info')).body.members as { id: number; email: string; name: string }[];
    const viewerId = members.find((m) => m.name === 'viewer person')!.id;
    assert.equal((await lead.put(`/team/members/${viewerId}/group`, { group: 'Only own record' })).status, 200);

    const listId = await newList(member, 'Member list');
    const prospect = await addProspect(member, listId, { name: 'Member Contact', phones: [{ phone: '+44 20 7946 0000' }], emails: [{ email: 'contact@example.test' }] });

    const limited = await viewer.get(`/prospects-new/info/${prospect.id}/0`);
    assert.equal(limited.status, 200, limited.text);
    assert.equal(limited.body.viewerClass, 'viewOnlyOwnRecordsOnTeam');
    assert.equal('phones' in limited.body, false);
    assert.doesNotMatch(limited.text, /7946/);
    assert.equal(limited.body.access.phones, 'hidden');
    const refused = await viewer.post(`/prospects-new/update/${prospect.id}/0`, { name: 'Hijacked' });
    assert.equal(refused.status, 403);
    assert.equal((await viewer.post(`/lists/${listId}/prospects/${prospect.id}/notes`, { noteText: 'x' })).status, 403);
    // Own-only members do not browse teammates' lists.
    assert.equal((await viewer.post('/prospects/list-prospects', { listId })).status, 404);

    const byLead = await lead.get(`/prospects-new/info/${prospect.id}/0`);
    assert.equal(byLead.body.viewerClass, 'teamLead');
    assert.equal(byLead.body.phones[0].phone, '+44 20 7946 0000');
    assert.equal((await lead.post('/prospects/list-prospects', { listId })).body.prospectsCount, 1);
    assert.equal((await lead.put(`/prospects/${prospect.id}`, { name: 'Changed' })).status, 403);
    const options = (await lead.get('/prospects/lists', { query: { id: 'all' } })).body.teamFilterOptions;
    assert.ok(options.some((o: { value: string }) => o.value === 'all'));
  });

  it('answers 404 for another account’s list, prospect and import', async () => {
    const owner = await signedIn(t, 'owner');
    const stranger = await signedIn(t, 'stranger');
    const listId = await newList(owner, 'Private');
    const prospect = await addProspect(owner, listId, { name: 'Private Person' });
    assert.equal((await stranger.post('/prospects/list-prospects', { listId })).status, 404);
    assert.equal((await stranger.post('/prospects/list-prospects', { listId })).body.errors[0].key, 'list_not_found');
    assert.equal((await stranger.put('/lists/edit', { newName: 'Mine', listId, type: 'prospect' })).status, 404);
    assert.equal((await stranger.get(`/prospects-new/info/${prospect.id}/${listId}`)).status, 404);
    assert.equal((await stranger.post('/lists/add-prospect-to-list', { itemId: prospect.id, listId, type: 'prospect' })).status, 404);
    const strangerList = await newList(stranger, 'Theirs');
    assert.deepEqual((await stranger.post('/lists/add-prospect-to-list', { itemId: prospect.id, listId: strangerList, type: 'prospect' })).body, { added: 0 });
    assert.equal((await stranger.post('/prospects/export/csv', { listId })).status, 404);
    assert.doesNotMatch((await stranger.post('/prospects/search', { filters: { prospect_name: 'private' } })).text, /Private Person/);
    // Checking verification statuses queues the never-verified emails and answers only the caller's prospects.
    const withEmail = await addProspect(owner, listId, { name: 'Polled Person', emails: [{ email: 'polled@example.test' }] });
    const polled = await owner.post('/prospects/updateCheckEmails', { ids: [withEmail.id] });
    assert.equal(polled.status, 200, polled.text);
    assert.deepEqual(polled.body.prospects[0].emails.map((e: { email: string; status: string }) => [e.email, e.status]), [['polled@example.test', 'in_progress']]);
    assert.deepEqual((await stranger.post('/prospects/updateCheckEmails', { ids: [withEmail.id] })).body, { prospects: [], unresolved: 0 });
  });

  it('saves found prospects for other areas with the duplicate rules', async () => {
    const user = await signedIn(t, 'found');
    const listId = await newList(user, 'Found');
    const info = (await user.get('/user-info')).body;
    const userId = (await t.database.db.execute(sql`select id from users where account_id = ${info.account.id}`)).rows[0]!.id as number;
    const actor = { userId, accountId: info.account.id as number };
    const rows = [
      { name: 'Found One', email: 'One@Found.test', emailStatus: 'valid' as const, companyName: 'Found Co', position: 'CEO' },
      { name: 'Found Two', linkedinUrl: 'linkedin.com/in/found-two' },
    ];
    assert.deepEqual(await t.app.services.prospects.addFoundProspects(actor, { listId }, rows), { listId, added: 2, duplicates: 0 });
    const again = await t.app.services.prospects.addFoundProspects(actor, { listName: 'Second' }, [...rows, { name: 'Found Three' }]);
    assert.deepEqual([again.added, again.duplicates], [1, 2]);
    const page = (await user.post('/prospects/list-prospects', { listId })).body;
    assert.equal(page.contacts.find((c: { name: string }) => c.name === 'Found One').emails[0].status, 'valid');
    const stranger = await signedIn(t, 'found-stranger');
    const strangerId = (await t.database.db.execute(sql`select id from users where account_id = ${(await stranger.get('/user-info')).body.account.id}`)).rows[0]!.id as number;
    await assert.rejects(t.app.services.prospects.addFoundProspects({ userId: strangerId, accountId: 0 }, { listId }, rows), /not_found/);
  });

  it('keeps the columns layout and company lists', async () => {
    const user = await signedIn(t, 'columns');
    const initial = (await user.get('/prospects/columnsSettings')).body;
    assert.equal(initial.settings, null);
    assert.deepEqual(
      initial.defaults.columns.filter((c: { active: boolean }) => c.active).map((c: { key: string }) => c.key),
      ['check', 'name', 'emails', 'tags', 'add_date'],
    );
    const saved = await user.post('/prospects/columnsSettings', { columns: initial.defaults.columns, sort: { field: 'name', order: 'asc' } });
    assert.equal(saved.body.sort.field, 'name');
    assert.equal((await user.get('/prospects/columnsSettings')).body.settings.sort.field, 'name');

    const companyList = (await user.post('/lists/add', { type: 'company', name: 'Targets' })).body;
    assert.equal((await user.post('/lists/add-company-to-list', { listId: companyList.id, company: { name: 'Globex', url: 'globex.test' } })).body.added, 1);
    const page = (await user.post('/companies/get-all', { listId: companyList.id })).body;
    assert.equal(page.companies[0].companyName, 'Globex');
    assert.equal((await user.get(`/companies/overview/${page.companies[0].id}`)).body.domain, 'globex.test');
    assert.equal((await user.post('/search/companiesWithLogo', { query: 'glo' })).body.companies.length, 1);
    const exported = await user.get(`/companies/export/${companyList.id}`);
    assert.match(exported.text, /Globex/);
    assert.ok((await user.post('/companies/get-history', {})).body.total >= 2);
    assert.equal((await user.post('/companies/delete', { items: [page.companies[0].id], allList: true })).body.removed, 1);
  });
});
