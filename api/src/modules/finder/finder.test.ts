import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { finderBulkJobs, finderBulkRows, finderSearches, linkedinSavedProfiles, linkedinSearchTasks, users } from '../../db/schema';
import { startLoopbackDns, startScriptedSmtp, type LoopbackDns, type RcptBehaviour, type ScriptedSmtp } from '../../engines/verification/test-peers';
import { SITE_ADDRESS, startTestSite, type TestSite } from '../../engines/web-fetch/test-peers';
import { connectClient } from '../../realtime/test-fixtures/clients';
import type { TestClient } from '../../test-support/test-client';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { callerForUser, scopeOf } from '../account/caller';
import * as verificationRepo from '../verification/repository';
import * as repo from './repository';
import { insertLinkedinAccount } from './test-linkedin-accounts';

/** The loopback mail server of the finder tests (another address than the verification tests use). */
const MX = '127.0.0.31';
const ACME_MAILBOXES = new Set(['jane.doe', 'john.smith', 'info']);

function script({ recipient }: { recipient: string }): RcptBehaviour {
  const [local, domain] = recipient.split('@') as [string, string];
  if (domain === 'catchall.test') return 'accept';
  // 450 on the first try of gina.grey, accepted on the re-check.
  if (domain === 'grey.test') return local === 'gina.grey' ? 'greylist' : 'reject';
  // flast.test only has first-initial + last-name mailboxes.
  if (domain === 'flast.test') return ['thanks', 'rwilson', 'mscott'].includes(local) ? 'accept' : 'reject';
  if (domain === 'acme.test') return ACME_MAILBOXES.has(local) ? 'accept' : 'reject';
  return 'reject';
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('finder calls over HTTP', () => {
  let t: TestApp;
  let dns: LoopbackDns;
  let smtp: ScriptedSmtp;
  let site: TestSite;
  let alice: TestClient;
  let bob: TestClient;
  const userIds = new Map<TestClient, number>();

  const signUp = async () => {
    const client = t.client();
    const email = uniqueEmail('finder');
    await client.register({ email, password: STRONG_PASSWORD, name: 'Fin Der' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    // Enough credits for every candidate the tests verify.
    await verificationRepo.credit(t.database.db, { userId: user!.id, accountId: user!.accountId }, 500, 'top_up', 'finder-test');
    userIds.set(client, user!.id);
    return client;
  };

  before(async () => {
    smtp = await startScriptedSmtp({ hosts: [MX], script });
    site = await startTestSite({ redirects: { '/go-private': 'http://10.0.0.5/' } });
    const mx = [{ exchange: 'mx.finder.test', priority: 10 }];
    dns = await startLoopbackDns({
      'mx.finder.test': { a: [MX] },
      'acme.test': { mx, a: [SITE_ADDRESS] },
      'flast.test': { mx },
      'catchall.test': { mx },
      'grey.test': { mx },
      'private.test': { mx, a: ['10.0.0.5'] },
    });
    t = await startTestApp({
      env: {
        DNS_SERVERS: dns.servers.join(','),
        VERIFY_SMTP_PORT: String(smtp.port),
        VERIFY_ALLOW_PRIVATE: '127.0.0.0/8',
        VERIFY_CONNECT_TIMEOUT_MS: '2000',
        VERIFY_COMMAND_TIMEOUT_MS: '2000',
        VERIFY_GREYLIST_RETRY_SECONDS: '1',
        FETCH_ALLOW_PRIVATE: `${SITE_ADDRESS}/32`,
        FETCH_HTTP_PORT: String(site.port),
        FETCH_TIMEOUT_MS: '3000',
      },
    });
    alice = await signUp();
    bob = await signUp();
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
    await site?.close();
    await dns?.close();
  });

  it('finds an address by verifying candidates in ranked order and learns the domain’s pattern', async () => {
    const first = await alice.post('/email-finder/search', { firstName: 'Tom', lastName: 'Hanks', domain: 'https://www.flast.test/about' });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.domain, 'flast.test');
    assert.equal(first.body.email, 'thanks@flast.test');
    assert.equal(first.body.status, 'valid');
    assert.equal(first.body.pattern, 'flast');
    assert.equal(first.body.patternSource, 'default');
    assert.deepEqual(first.body.candidates.slice(0, 3).map((c: { status: string }) => c.status), ['invalid', 'valid', 'not_checked']);
    assert.equal(first.body.searchId.length, 16);

    // The account now knows flast.test uses flast: the next person's first candidate is right.
    const second = (await alice.post('/email-finder/search', { firstName: 'Rita', lastName: 'Wilson', domain: 'flast.test' })).body;
    assert.equal(second.patternSource, 'account');
    assert.equal(second.candidates[0].email, 'rwilson@flast.test');
    assert.equal(second.candidates[0].status, 'valid');
    assert.equal(second.candidates[1].status, 'not_checked');

    // Another account benefits from the global statistics, never from alice's addresses.
    const other = (await bob.post('/email-finder/search', { firstName: 'Michael', lastName: 'Scott', domain: 'flast.test' })).body;
    assert.equal(other.patternSource, 'global');
    assert.equal(other.email, 'mscott@flast.test');
  });

  it('gives the top pattern as unverifiable on a catch-all domain', async () => {
    const result = (await alice.post('/email-finder/search', { firstName: 'Ann', lastName: 'Lee', domain: 'catchall.test' })).body;
    assert.equal(result.status, 'unverifiable');
    assert.equal(result.catchAll, true);
    assert.equal(result.email, 'ann.lee@catchall.test');
  });

  it('answers greylist first, then the address once the background re-check accepts it', async () => {
    const first = (await alice.post('/email-finder/search', { firstName: 'Gina', lastName: 'Grey', domain: 'grey.test' })).body;
    assert.equal(first.status, 'greylist');
    assert.equal(first.email, 'gina.grey@grey.test');
    const resolved = await until(
      async () => (await alice.get(`/email-finder/search/${first.searchId}`)).body,
      (value) => value.status !== 'greylist',
    );
    assert.equal(resolved.status, 'valid');
    assert.equal(resolved.email, 'gina.grey@grey.test');
    assert.equal((await alice.get(`/email-finder/search/${first.searchId}`)).body.status, 'valid');
  });

  it('answers not_found when every candidate is refused, and domain_invalid for a bad domain', async () => {
    const result = (await alice.post('/email-finder/search', { firstName: 'Nobody', lastName: 'Here', domain: 'acme.test' })).body;
    assert.equal(result.status, 'not_found');
    assert.equal(result.email, null);
    // The server refused real mailboxes, so the domain is known not to be catch-all.
    assert.equal(result.catchAll, false);
    // No mail server ever answered (the domain does not exist): catch-all was not checked.
    const dead = (await alice.post('/email-finder/search', { firstName: 'Nobody', lastName: 'Here', domain: 'no-mail-here.test' })).body;
    assert.equal(dead.status, 'not_found');
    assert.equal(dead.catchAll, null);
    const bad = await alice.post('/email-finder/search', { firstName: 'A', lastName: 'B', domain: 'not a domain' });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors[0].key, 'domain_invalid');
  });

  it('keeps the search history per user; another account’s search id is 404', async () => {
    const history = (await alice.get('/email-finder/history', { query: { kind: 'single' } })).body;
    assert.ok(history.total >= 4);
    const searchId = history.items[0].searchId as string;
    assert.equal((await alice.get(`/email-finder/search/${searchId}`)).status, 200);
    assert.equal((await alice.get(`/plugin/history/${searchId}/data`)).body.item.searchId, searchId);
    assert.equal((await bob.get(`/email-finder/search/${searchId}`)).status, 404);
    assert.equal((await bob.get(`/plugin/history/${searchId}/data`)).status, 404);
    assert.equal((await bob.post(`/email-finder/search/${searchId}/save`, { target: { listName: 'Stolen' } })).status, 404);
    const overview = (await alice.get('/finder-tools/overview')).body;
    assert.ok(overview.singleSearches >= 4);
    assert.ok(overview.recent.length > 0);
  });

  it('searches a domain: own data + crawl with robots.txt, company info, 8 per page, position filter', async () => {
    const response = await alice.post('/domain-search/search', { domain: 'acme.test' });
    assert.equal(response.status, 200, response.text);
    const result = response.body;
    assert.equal(result.company.name, 'Acme Rockets');
    assert.ok(result.company.socials.some((social: { network: string }) => social.network === 'linkedin'));
    assert.equal(result.perPage, 8);
    assert.equal(result.total, 8);
    assert.equal(result.emails.length, 8);
    assert.equal(result.crawl.blockedByRobots, 1);
    assert.equal(site.requested.some((path) => path.startsWith('/private')), false);
    // Most senior first; generic mailboxes last.
    assert.equal(result.emails[0].email, 'jane.doe@acme.test');
    assert.equal(result.emails[0].position, 'Chief Executive Officer');
    const page2 = (await alice.get(`/domain-search/search/${result.searchId}`, { query: { page: '2' } })).body;
    assert.equal(page2.emails.length, 0);
    assert.equal((await bob.get(`/domain-search/search/${result.searchId}`)).status, 404);

    const filtered = (await alice.post('/domain-search/search', { domain: 'acme.test', position: 'sales' })).body;
    assert.deepEqual(filtered.emails.map((entry: { email: string }) => entry.email), ['john.smith@acme.test']);

    const best = (await alice.get(`/plugin/history-best-company/${result.searchId}/data`)).body;
    assert.equal(best.company.domain, 'acme.test');
    assert.ok(best.contacts.every((contact: { email: string }) => !contact.email.startsWith('info@')));

    const companies = (await alice.post('/search/companies', { query: 'acme' })).body.companies;
    assert.ok(companies.some((company: { domain: string }) => company.domain === 'acme.test'));
    const positions = (await alice.post('/url-emails/positions', { term: 'chief' })).body.positions as string[];
    assert.ok(positions.includes('Chief Executive Officer'));
    assert.ok(positions.length <= 10);
  });

  it('refuses domains and sites on private addresses (SSRF)', async () => {
    for (const domain of ['private.test']) {
      const search = await alice.post('/domain-search/search', { domain });
      assert.equal(search.status, 422, search.text);
      assert.equal(search.body.errors[0].key, 'url_not_allowed');
    }
    for (const url of ['private.test', 'http://127.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://10.1.2.3/', 'http://acme.test/go-private']) {
      const check = await alice.post('/techcheck/check', { url });
      assert.equal(check.status, 422, `${url}: ${check.text}`);
      assert.equal(check.body.errors[0].key, 'url_not_allowed', url);
    }
  });

  it('tells a site it could not reach apart from a malformed domain', async () => {
    // example.com is well-formed; this resolver does not know it, so the site cannot be reached.
    for (const url of ['example.com', 'https://nowhere.test/']) {
      const unreachable = await alice.post('/techcheck/check', { url });
      assert.equal(unreachable.status, 422, unreachable.text);
      assert.equal(unreachable.body.errors[0].key, 'site_unreachable', url);
    }
    for (const url of ['not a domain', 'exa mple..com', 'http://']) {
      const malformed = await alice.post('/techcheck/check', { url });
      assert.equal(malformed.status, 422, malformed.text);
      assert.equal(malformed.body.errors[0].key, 'domain_invalid', url);
    }
  });

  it('detects the technologies of a site', async () => {
    const response = await alice.post('/techcheck/check', { url: 'acme.test' });
    assert.equal(response.status, 200, response.text);
    const names = response.body.technologies.map((technology: { name: string }) => technology.name);
    for (const name of ['WordPress', 'jQuery', 'React', 'PHP']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  it('runs a bulk email search from CSV with row errors, progress pushes, a saved list and a safe CSV download', async () => {
    const socket = await connectClient(t.url, alice.cookieHeader());
    try {
      const csv = ['first name,last name,company domain', '=Jane,Doe,acme.test', ',Smith,acme.test', 'Rita,Wilson,not a domain!!', 'John,Smith,acme.test', 'Ed,Nobody,acme.test'].join('\n');
      const created = await alice.post('/emails-from-names/jobs', { name: 'Names run', target: { listName: 'Finder bulk finds' }, csv });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body.accepted, 3);
      assert.deepEqual(
        created.body.rowErrors.map((error: { row: number; field: string; key: string }) => [error.row, error.field, error.key]),
        [
          [3, 'firstName', 'field_required'],
          [4, 'domain', 'domain_invalid'],
        ],
      );
      const id = created.body.job.id as number;
      const done = await until(
        async () => (await alice.get(`/finder/bulk-jobs/${id}`)).body,
        (job) => job.state === 'completed' || job.state === 'failed',
      );
      assert.equal(done.state, 'completed');
      assert.equal(done.processed, 3);
      assert.equal(done.found, 2);
      assert.ok(done.listId);

      let sawProgress = false;
      for (;;) {
        const event = await socket.nextPush(5_000).catch(() => null);
        if (!event) break;
        if (event.type === 'job.progress' && event.payload.jobId === `finder-bulk-${id}` && event.payload.state === 'completed') {
          sawProgress = true;
          break;
        }
      }
      assert.ok(sawProgress, 'a completed job.progress push arrived');

      const results = (await alice.get(`/finder/bulk-jobs/${id}/results`)).body;
      assert.deepEqual(
        results.items.map((row: { row: number; email: string | null; status: string }) => [row.row, row.email, row.status]),
        [
          [2, 'jane.doe@acme.test', 'valid'],
          [5, 'john.smith@acme.test', 'valid'],
          [6, null, 'not_found'],
        ],
      );
      const download = await alice.get(`/finder/bulk-jobs/${id}/download`);
      assert.equal(download.status, 200);
      assert.match(download.headers.get('content-type') ?? '', /text\/csv/);
      assert.match(download.text, /^row,first_name,last_name,domain,email,name,position,status/);
      assert.match(download.text, /'=Jane/);
      // The finds are now the account's own data: a domain search lists them as such.
      const own = (await alice.post('/domain-search/search', { domain: 'acme.test' })).body;
      const jane = own.emails.find((entry: { email: string }) => entry.email === 'jane.doe@acme.test');
      assert.equal(jane.source, 'own_data');
      assert.equal(jane.position, 'Chief Executive Officer');
      assert.equal((await bob.post('/domain-search/search', { domain: 'acme.test' })).body.emails.some((entry: { source: string }) => entry.source === 'own_data'), false);
      assert.equal((await bob.get(`/finder/bulk-jobs/${id}`)).status, 404);
      assert.equal((await bob.get(`/finder/bulk-jobs/${id}/download`)).status, 404);
      assert.equal((await bob.post(`/finder/bulk-jobs/${id}/cancel`)).status, 404);
    } finally {
      socket.close();
    }
  });

  it('pauses, resumes and cancels a bulk domain search', async () => {
    const domains = Array.from({ length: 120 }, (_, index) => `gone-${index}.test`);
    const created = await alice.post('/url-emails/jobs', { name: 'Domains run', target: { listName: 'Domain finds' }, domains: [...domains, 'bad domain'] });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.accepted, 120);
    assert.deepEqual(created.body.rowErrors, [{ row: 121, field: 'domain', key: 'domain_invalid' }]);
    const id = created.body.job.id as number;
    const paused = await alice.post(`/finder/bulk-jobs/${id}/pause`);
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.state, 'paused');
    const still = await until(
      async () => (await alice.get(`/finder/bulk-jobs/${id}`)).body,
      () => false,
      1_000,
    );
    assert.equal(still.state, 'paused');
    assert.equal((await alice.post(`/finder/bulk-jobs/${id}/pause`)).status, 409);
    const resumed = await alice.post(`/finder/bulk-jobs/${id}/resume`);
    assert.equal(resumed.body.state, 'queued');
    const cancelled = await alice.post(`/finder/bulk-jobs/${id}/cancel`);
    assert.equal(cancelled.body.state, 'cancelled');
    const after = await until(
      async () => (await alice.get(`/finder/bulk-jobs/${id}`)).body,
      () => false,
      1_000,
    );
    assert.equal(after.state, 'cancelled');
    assert.ok(after.processed < 120);
  });

  it('pauses a bulk email search when the credits run out', async () => {
    const carol = t.client();
    const email = uniqueEmail('broke');
    await carol.register({ email, password: STRONG_PASSWORD, name: 'Carol Broke' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const actor = { userId: user!.id, accountId: user!.accountId };
    const balance = (await carol.post('/user-balance/check-balance', { minBalance: 0 })).body.balance as number;
    if (balance > 0) await verificationRepo.debit(t.database.db, actor, balance, 'test_drain', null);
    const created = await carol.post('/emails-from-names/jobs', { name: 'No credits', target: { listName: 'Nothing' }, rows: [{ firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' }] });
    assert.equal(created.status, 200, created.text);
    const job = await until(
      async () => (await carol.get(`/finder/bulk-jobs/${created.body.job.id}`)).body,
      (value) => value.state !== 'queued' && value.state !== 'active',
    );
    assert.equal(job.state, 'paused');
    assert.equal(job.processed, 0);
  });

  it('puts the scope in the SQL: another account\'s scope reads and changes nothing of the first account by its ids', async () => {
    const db = t.database.db;
    const aliceScope = scopeOf(await callerForUser(db, userIds.get(alice)!));
    const bobScope = scopeOf(await callerForUser(db, userIds.get(bob)!));
    // Alice's records, written through her own scope (no job runs: only the rows matter here).
    const search = await repo.insertSearch(db, aliceScope, { searchId: 'scopedsearch0001', kind: 'domain', domain: 'scoped.test', label: 'scoped.test', companyName: 'Scoped', result: { emails: [] } });
    const bulk = await repo.insertBulk(db, aliceScope, { kind: 'names', name: 'Scoped run', state: 'paused', total: 2 }, [
      { row: 1, firstName: 'Ann', lastName: 'Done', domain: 'scoped.test' },
      { row: 2, firstName: 'Bo', lastName: 'Pending', domain: 'scoped.test' },
    ]);
    const [doneLine, pendingLine] = await db.select().from(finderBulkRows).where(eq(finderBulkRows.bulkId, bulk.id)).orderBy(finderBulkRows.row);
    assert.equal(await repo.completeLine(db, aliceScope, doneLine!.id, [{ email: 'ann.done@scoped.test' }]), true);
    const linkedinAccount = await insertLinkedinAccount(t, { id: aliceScope.userId, accountId: aliceScope.accountId });
    const task = await repo.insertLinkedinTask(db, aliceScope, {
      url: 'https://www.linkedin.com/search/results/people/?keywords=scoped',
      socialAccountId: linkedinAccount,
      prospectsListId: 1,
      prospectsTotal: 5,
      isSkipSaved: true,
      isSaveWithoutEmail: false,
      status: 'queued',
    });
    await repo.rememberSavedProfiles(db, aliceScope, task.id, ['https://www.linkedin.com/in/scoped']);
    const aliceRows = async () => ({
      search: await db.select().from(finderSearches).where(eq(finderSearches.id, search.id)),
      bulk: await db.select().from(finderBulkJobs).where(eq(finderBulkJobs.id, bulk.id)),
      lines: await db.select().from(finderBulkRows).where(eq(finderBulkRows.bulkId, bulk.id)).orderBy(finderBulkRows.row),
      task: await db.select().from(linkedinSearchTasks).where(eq(linkedinSearchTasks.id, task.id)),
      saved: await db.select().from(linkedinSavedProfiles).where(eq(linkedinSavedProfiles.taskId, task.id)),
    });
    const before = await aliceRows();
    // Alice's own scope reaches all of it: the ids are right, only the scope differs below.
    assert.equal((await repo.searchOf(db, aliceScope, search.searchId))?.id, search.id);
    assert.equal((await repo.bulkOf(db, aliceScope, bulk.id))?.id, bulk.id);
    assert.equal((await repo.doneLines(db, aliceScope, bulk.id)).length, 1);
    assert.equal((await repo.pendingLines(db, aliceScope, bulk.id, 10)).length, 1);
    assert.equal((await repo.linkedinTaskOf(db, aliceScope, task.id))?.id, task.id);

    // Reads with Bob's scope and Alice's ids find nothing.
    assert.equal(await repo.searchOf(db, bobScope, search.searchId), undefined);
    assert.equal((await repo.searchesOf(db, bobScope, undefined, 1, 100)).rows.some((row) => row.id === search.id), false);
    assert.deepEqual(await repo.companiesLike(db, bobScope, 'scoped', 10), []);
    assert.equal(await repo.domainOfCompany(db, bobScope, 'Scoped'), null);
    assert.equal(await repo.bulkOf(db, bobScope, bulk.id), undefined);
    assert.equal((await repo.bulksOf(db, bobScope, undefined, 1, 100)).rows.some((row) => row.id === bulk.id), false);
    assert.deepEqual(await repo.doneLines(db, bobScope, bulk.id), []);
    assert.deepEqual(await repo.pendingLines(db, bobScope, bulk.id, 10), []);
    assert.equal(await repo.linkedinTaskOf(db, bobScope, task.id), undefined);
    assert.equal((await repo.linkedinTasksOf(db, bobScope, 1, 100)).rows.some((row) => row.id === task.id), false);
    assert.equal((await repo.savedProfileUrls(db, bobScope, ['https://www.linkedin.com/in/scoped'])).size, 0);

    // Writes with Bob's scope and Alice's ids change nothing.
    await repo.updateSearchResult(db, bobScope, search.id, { email: 'stolen@scoped.test', status: 'valid', found: 1, result: {} });
    assert.equal(await repo.updateBulk(db, bobScope, bulk.id, { processed: 99, name: 'Stolen' }), undefined);
    assert.equal(await repo.transitionBulk(db, bobScope, bulk.id, ['paused'], 'cancelled'), undefined);
    assert.equal(await repo.completeLine(db, bobScope, pendingLine!.id, [{ email: 'stolen@scoped.test' }]), false);
    assert.equal(await repo.updateLinkedinTask(db, bobScope, task.id, { status: 'stopped', deletedAt: new Date() }), undefined);

    assert.deepEqual(await aliceRows(), before);
  });
});
