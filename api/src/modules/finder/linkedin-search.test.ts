/**
 * LinkedIn search tasks and social-url imports over HTTP (PostgreSQL, the sandbox network): both
 * run on one of the caller's connected, active LinkedIn accounts; another account's ids of any
 * kind answer 404; an account that stops being usable stops its tasks with a reason.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { SANDBOX_PROSPECT_SOURCE, type PushEvent } from '@leadforge/contracts';
import { linkedinSocialUrlImports, prospects, users } from '../../db/schema';
import { sandboxProfileOf, sandboxSearchItem } from '../../engines/social/sandbox/search';
import { connectClient, type TestClient as PushClient } from '../../realtime/test-fixtures/clients';
import type { TestClient } from '../../test-support/test-client';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { callerForUser, scopeOf } from '../account/caller';
import * as repo from './repository';
import { insertLinkedinAccount, setLinkedinAccountState, type AccountOwner } from './test-linkedin-accounts';

const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=head%20of%20sales';
const LONG_WAIT_MS = 30_000;

interface Member {
  client: TestClient;
  user: AccountOwner;
}

/** Waits for the push that says a task's or import's run is over (completed or failed). */
async function settled(socket: PushClient, jobId: string): Promise<Extract<PushEvent, { type: 'job.progress' }>['payload']> {
  for (;;) {
    const event = await socket.nextPush(LONG_WAIT_MS);
    if (event.type === 'job.progress' && event.payload.jobId === jobId && ['completed', 'failed'].includes(event.payload.state)) return event.payload;
  }
}

describe('LinkedIn search tasks and social-url imports on connected accounts', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let aliceList: number;
  let bobList: number;
  let aliceAccount: number;
  let bobAccount: number;
  let socket: PushClient;

  const signUp = async (label: string): Promise<Member> => {
    const client = t.client();
    const email = uniqueEmail(`li-${label}`);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} Finder` });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { client, user: { id: user!.id, accountId: user!.accountId } };
  };
  const listOf = async (member: Member, name: string) => {
    const created = await member.client.post('/lists/add', { type: 'prospect', name });
    assert.equal(created.status, 200, created.text);
    return created.body.id as number;
  };
  const task = (overrides: Record<string, unknown>) => ({
    url: SEARCH,
    prospectsListId: aliceList,
    prospectsTotal: 30,
    isSkipSaved: false,
    isSaveWithoutEmail: false,
    ...overrides,
  });

  before(async () => {
    t = await startTestApp();
    [alice, bob, carol] = [await signUp('alice'), await signUp('bob'), await signUp('carol')];
    aliceList = await listOf(alice, 'Alice LinkedIn');
    bobList = await listOf(bob, 'Bob LinkedIn');
    aliceAccount = await insertLinkedinAccount(t, alice.user);
    bobAccount = await insertLinkedinAccount(t, bob.user);
    socket = await connectClient(t.url, alice.client.cookieHeader());
  });
  after(async () => {
    socket?.close();
    await t?.close();
  });

  it('runs a search task only on an active account the caller uses, into a list labelled sandbox', async () => {
    const others = await alice.client.post('/linkedin-search/tasks', task({ accountId: bobAccount }));
    assert.equal(others.status, 404, others.text);
    assert.equal(others.body.errors[0].key, 'not_found');
    const missing = await alice.client.post('/linkedin-search/tasks', task({ accountId: 2_000_000_000 }));
    assert.equal(missing.status, 404);

    const expired = await insertLinkedinAccount(t, alice.user, { state: 'expired' });
    const refused = await alice.client.post('/linkedin-search/tasks', task({ accountId: expired }));
    assert.equal(refused.status, 409, refused.text);
    assert.deepEqual(refused.body.errors[0], { ...refused.body.errors[0], key: 'linkedin_account_not_active', field: 'accountId' });
    // A sandbox session means nothing to the real network.
    const realNetwork = await insertLinkedinAccount(t, alice.user, { provider: 'linkedin' });
    assert.equal((await alice.client.post('/linkedin-search/tasks', task({ accountId: realNetwork }))).body.errors[0].key, 'linkedin_account_not_active');

    // A slot alice gave to carol is carol's to use, no longer alice's.
    const given = await insertLinkedinAccount(t, alice.user, { assignedUserId: carol.user.id });
    assert.equal((await alice.client.post('/linkedin-search/tasks', task({ accountId: given }))).status, 404);
    const carolList = await listOf(carol, 'Carol LinkedIn');
    const carols = await carol.client.post('/linkedin-search/tasks', task({ accountId: given, prospectsListId: carolList, prospectsTotal: 3, isSaveWithoutEmail: true }));
    assert.equal(carols.status, 200, carols.text);
    assert.equal(carols.body.accountId, given);

    const created = await alice.client.post('/linkedin-search/tasks', task({ accountId: aliceAccount }));
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.provider, 'sandbox');
    assert.equal(created.body.accountId, aliceAccount);
    assert.equal(created.body.statusReason, null);
    const id = created.body.id as number;
    assert.equal((await settled(socket, `finder-linkedin-${id}`)).state, 'completed');

    const done = (await alice.client.get(`/linkedin-search/tasks/${id}`)).body;
    assert.equal(done.status, 'completed');
    assert.equal(done.prospectsFound, 30);
    const expected = Array.from({ length: 30 }, (_, index) => sandboxSearchItem(SEARCH, index));
    const bad = expected.filter((item) => item.kind === 'bad_link').length;
    const withEmail = expected.flatMap((item) => (item.kind === 'profile' && item.profile.email ? [item.profile.profileUrl] : []));
    assert.equal(done.badLinksCount, bad);
    // People with the same name at the same company share an address: the list keeps one.
    assert.ok(done.prospectsSaved > 0 && done.prospectsSaved <= withEmail.length, JSON.stringify(done));
    const saved = await t.database.db
      .select({ source: prospects.source })
      .from(prospects)
      .where(and(eq(prospects.userId, alice.user.id), inArray(prospects.social, withEmail)));
    assert.equal(saved.length, done.prospectsSaved);
    assert.ok(saved.every((row) => row.source === SANDBOX_PROSPECT_SOURCE), JSON.stringify(saved));
    const badLinks = await alice.client.get(`/linkedin-search/tasks/${id}/bad-links`);
    assert.equal(badLinks.status, 200);
    assert.equal(badLinks.text.trim().split('\n').length, bad + 1);

    // batch-show answers the caller's tasks among the ids and leaves others' out.
    const batch = await alice.client.get('/linkedin-search/batch-show/tasks', { query: { ids: `${id},${carols.body.id},${id}` } });
    assert.equal(batch.status, 200, batch.text);
    assert.deepEqual(batch.body.items.map((item: { id: number; status: string }) => [item.id, item.status]), [[id, 'completed']]);
    assert.deepEqual((await bob.client.get('/linkedin-search/batch-show/tasks', { query: { ids: String(id) } })).body.items, []);
    assert.equal((await alice.client.get('/linkedin-search/batch-show/tasks', { query: { ids: 'x' } })).status, 400);

    assert.equal((await bob.client.get(`/linkedin-search/tasks/${id}`)).status, 404);
    assert.equal((await alice.client.post(`/linkedin-search/tasks/${id}/stop`)).status, 409);
    assert.equal((await bob.client.delete(`/linkedin-search/tasks/${id}`)).status, 404);
    assert.equal((await alice.client.delete(`/linkedin-search/tasks/${id}`)).status, 200);
    assert.equal((await alice.client.get(`/linkedin-search/tasks/${id}`)).status, 404);
  });

  it('stops a task whose account lost its session, saying why', async () => {
    const account = await insertLinkedinAccount(t, alice.user);
    const scope = scopeOf(await callerForUser(t.database.db, alice.user.id));
    // Written as the create call writes it, without a job: the run below is the job's.
    const row = await repo.insertLinkedinTask(t.database.db, scope, {
      url: `${SEARCH}&lost=1`,
      socialAccountId: account,
      prospectsListId: aliceList,
      prospectsTotal: 50,
      isSkipSaved: false,
      isSaveWithoutEmail: true,
      status: 'queued',
    });
    await setLinkedinAccountState(t, account, 'lost_connection');
    await t.app.services.finder.linkedin.run(row.id, new AbortController().signal);
    const stopped = (await alice.client.get(`/linkedin-search/tasks/${row.id}`)).body;
    assert.equal(stopped.status, 'stopped');
    assert.equal(stopped.statusReason, 'linkedin_account_not_active');
    assert.equal(stopped.prospectsFound, 0);
  });

  const CSV = [
    'Name,LinkedIn profile',
    'Jane Doe,https://www.linkedin.com/in/jane-doe-42',
    'Someone,not a link',
    'Again,linkedin.com/in/jane-doe-42/',
    '"Quoted, Name",https://de.linkedin.com/in/Max-Mustermann?trk=x',
    'Gone,https://www.linkedin.com/in/unavailable-abc123',
    'Company,https://www.linkedin.com/company/acme',
  ].join('\n');

  it('uploads a file of profile links, reads each on the chosen account into the list, and offers the bad rows', async () => {
    const noList = await alice.client.post('/linkedin-search/social-url-imports', { fileName: 'people.csv', csv: CSV, prospectsListId: bobList });
    assert.equal(noList.status, 404, noList.text);
    assert.equal(noList.body.errors[0].key, 'list_not_found');
    const noLinks = await alice.client.post('/linkedin-search/social-url-imports', { fileName: 'people.csv', csv: 'name\nJane\nJohn', prospectsListId: aliceList });
    assert.equal(noLinks.body.errors[0].key, 'social_url_file_invalid', noLinks.text);

    const created = await alice.client.post('/linkedin-search/social-url-imports', { fileName: 'My people (May).csv', csv: CSV, prospectsListId: aliceList });
    assert.equal(created.status, 200, created.text);
    const upload = created.body;
    assert.equal(upload.status, 'uploaded');
    assert.equal(upload.provider, 'sandbox');
    assert.equal(upload.fileNameOriginal, 'My people (May).csv');
    assert.match(upload.fileName, /^My-people-May-[0-9a-f]{8}\.csv$/);
    assert.equal(upload.rowsCount, 6);
    assert.equal(upload.linksCount, 3);
    assert.equal(upload.badLinksCount, 2);
    assert.equal(upload.accountId, null);

    const id = upload.id as number;
    assert.equal((await bob.client.post(`/linkedin-search/social-url-imports/${id}/import`, { accountId: bobAccount })).status, 404);
    assert.equal((await alice.client.post(`/linkedin-search/social-url-imports/${id}/import`, { accountId: bobAccount })).status, 404);
    assert.equal((await alice.client.post(`/linkedin-search/social-url-imports/${id}/stop`)).status, 409);

    const started = await alice.client.post(`/linkedin-search/social-url-imports/${id}/import`, { accountId: aliceAccount });
    assert.equal(started.status, 200, started.text);
    assert.equal(started.body.accountId, aliceAccount);
    assert.equal((await settled(socket, `finder-social-url-${id}`)).state, 'completed');

    const done = (await alice.client.get(`/linkedin-search/social-url-imports/${id}`)).body;
    assert.equal(done.status, 'completed');
    assert.equal(done.linksRead, 3);
    assert.equal(done.prospectsSaved, 2);
    assert.equal(done.badLinksCount, 3);
    const jane = sandboxProfileOf('https://www.linkedin.com/in/jane-doe-42')!;
    const [saved] = await t.database.db.select().from(prospects).where(eq(prospects.social, jane.profileUrl));
    assert.equal(saved?.name, 'Jane Doe');
    assert.equal(saved?.source, SANDBOX_PROSPECT_SOURCE);

    const badLinks = await alice.client.get(`/linkedin-search/social-url-imports/${id}/bad-links`);
    assert.equal(badLinks.status, 200);
    assert.match(badLinks.headers.get('content-disposition') ?? '', /My-people-May-[0-9a-f]{8}-bad-links\.csv/);
    assert.deepEqual(badLinks.text.trim().split('\n'), [
      'row,url,reason',
      '3,"Someone, not a link",link_invalid',
      '6,https://www.linkedin.com/in/unavailable-abc123,profile_unavailable',
      '7,https://www.linkedin.com/company/acme,link_invalid',
    ]);

    const list = (await alice.client.get('/linkedin-search/social-url-imports')).body;
    assert.equal(list.provider, 'sandbox');
    assert.ok(list.items.some((item: { id: number }) => item.id === id));
    const batch = (await alice.client.get('/linkedin-search/batch-show/social-url-imports', { query: { ids: String(id) } })).body;
    assert.deepEqual(batch.items.map((item: { id: number; status: string }) => [item.id, item.status]), [[id, 'completed']]);

    // Another account sees and changes none of it.
    assert.deepEqual((await bob.client.get('/linkedin-search/batch-show/social-url-imports', { query: { ids: String(id) } })).body.items, []);
    assert.equal((await bob.client.get(`/linkedin-search/social-url-imports/${id}`)).status, 404);
    assert.equal((await bob.client.get(`/linkedin-search/social-url-imports/${id}/bad-links`)).status, 404);
    assert.equal((await bob.client.post(`/linkedin-search/social-url-imports/${id}/stop`)).status, 404);
    assert.equal((await bob.client.delete(`/linkedin-search/social-url-imports/${id}`)).status, 404);
    assert.equal((await bob.client.get('/linkedin-search/social-url-imports')).body.items.length, 0);

    // A completed import is not started again; deleted, it is gone.
    assert.equal((await alice.client.post(`/linkedin-search/social-url-imports/${id}/import`, { accountId: aliceAccount })).status, 409);
    assert.equal((await alice.client.delete(`/linkedin-search/social-url-imports/${id}`)).status, 200);
    assert.equal((await alice.client.get(`/linkedin-search/social-url-imports/${id}`)).status, 404);
  });

  it('refuses a file with more rows than allowed', async () => {
    const rows = Array.from({ length: 5_001 }, (_, index) => `https://www.linkedin.com/in/p-${index}`);
    const response = await alice.client.post('/linkedin-search/social-url-imports', { fileName: 'big.csv', csv: rows.join('\n'), prospectsListId: aliceList });
    assert.equal(response.status, 413, response.text);
    assert.equal(response.body.errors[0].key, 'import_file_too_large');
  });

  it('stops an import whose account lost its session, and reads on from where it stopped once started again', async () => {
    const account = await insertLinkedinAccount(t, alice.user);
    const links = Array.from({ length: 25 }, (_, index) => `https://www.linkedin.com/in/resume-person-${index}`);
    const created = await alice.client.post('/linkedin-search/social-url-imports', { fileName: 'resume.csv', csv: links.join('\n'), prospectsListId: aliceList });
    assert.equal(created.status, 200, created.text);
    const id = created.body.id as number;
    assert.equal(created.body.rowsCount, 25);

    // The import as a start leaves it, run by hand so the account can fail between batches.
    const db = t.database.db;
    const scope = scopeOf(await callerForUser(db, alice.user.id));
    await repo.updateSocialUrlImport(db, scope, id, { status: 'queued', socialAccountId: account, run: 1, linksRead: 10 });
    await setLinkedinAccountState(t, account, 'expired');
    await t.app.services.finder.socialUrl.run(id, 1, new AbortController().signal);
    const stopped = (await alice.client.get(`/linkedin-search/social-url-imports/${id}`)).body;
    assert.equal(stopped.status, 'stopped');
    assert.equal(stopped.statusReason, 'linkedin_account_not_active');
    assert.equal(stopped.linksRead, 10);

    // Not on the expired account; on an active one it goes on from the 11th link.
    const again = await alice.client.post(`/linkedin-search/social-url-imports/${id}/import`, { accountId: account });
    assert.equal(again.body.errors[0].key, 'linkedin_account_not_active');
    await setLinkedinAccountState(t, account, 'active');
    const resumed = await alice.client.post(`/linkedin-search/social-url-imports/${id}/import`, { accountId: account });
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal(resumed.body.statusReason, null);
    assert.equal((await settled(socket, `finder-social-url-${id}`)).state, 'completed');
    const done = (await alice.client.get(`/linkedin-search/social-url-imports/${id}`)).body;
    assert.equal(done.linksRead, 25);
    const readable = links.slice(10).filter((link) => sandboxProfileOf(link) !== null).length;
    assert.equal(done.badLinksCount, 15 - readable);
    assert.ok(done.prospectsSaved <= readable);
    assert.ok(done.prospectsSaved > 0);
    // A job of the earlier start that wakes up late leaves the import alone.
    await t.app.services.finder.socialUrl.run(id, 1, new AbortController().signal);
    assert.deepEqual((await alice.client.get(`/linkedin-search/social-url-imports/${id}`)).body, done);
  });

  it("puts the scope in the SQL: another account's scope reads and changes none of an import or account", async () => {
    const db = t.database.db;
    const aliceScope = scopeOf(await callerForUser(db, alice.user.id));
    const bobScope = scopeOf(await callerForUser(db, bob.user.id));
    const row = await repo.insertSocialUrlImport(db, aliceScope, {
      fileName: 'scoped.csv',
      fileNameOriginal: 'scoped.csv',
      rowsCount: 1,
      prospectsListId: aliceList,
      status: 'uploaded',
      links: [{ row: 1, url: 'https://www.linkedin.com/in/scoped' }],
      badLinks: [{ row: 2, url: 'x', reason: 'link_invalid' }],
    });
    const snapshot = async () => db.select().from(linkedinSocialUrlImports).where(eq(linkedinSocialUrlImports.id, row.id));
    const before = await snapshot();
    assert.equal((await repo.socialUrlImportOf(db, aliceScope, row.id))?.id, row.id);
    assert.equal((await repo.usableLinkedinAccountOf(db, aliceScope, aliceAccount))?.id, aliceAccount);

    assert.equal(await repo.socialUrlImportOf(db, bobScope, row.id), undefined);
    assert.deepEqual(await repo.socialUrlImportsByIds(db, bobScope, [row.id]), []);
    assert.equal((await repo.socialUrlImportsOf(db, bobScope, 1, 100)).rows.some((item) => item.id === row.id), false);
    assert.deepEqual(await repo.socialUrlLinks(db, bobScope, row.id, 0, 10), []);
    assert.deepEqual(await repo.socialUrlBadLinks(db, bobScope, row.id), []);
    assert.equal(await repo.usableLinkedinAccountOf(db, bobScope, aliceAccount), undefined);
    assert.equal(await repo.linkedinSessionOf(db, bobScope, aliceAccount), undefined);
    assert.equal(await repo.updateSocialUrlImport(db, bobScope, row.id, { status: 'stopped', deletedAt: new Date(), addBadLinks: [{ row: 9, url: 'y', reason: 'z' }] }), undefined);
    assert.deepEqual(await snapshot(), before);
  });
});
