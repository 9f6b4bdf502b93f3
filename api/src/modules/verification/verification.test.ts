import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { startLoopbackDns, startScriptedSmtp, type LoopbackDns, type RcptBehaviour, type ScriptedSmtp } from '../../engines/verification/test-peers';
import { connectClient } from '../../realtime/test-fixtures/clients';
import type { TestClient } from '../../test-support/test-client';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import * as repo from './repository';

const MX = '127.0.0.21';

function script({ recipient }: { recipient: string }): RcptBehaviour {
  const [local, domain] = recipient.split('@') as [string, string];
  if (domain === 'all.test') return 'accept';
  if (domain === 'grey.test') return local.length === 16 ? 'reject' : 'greylist';
  if (domain === 'block.test') return 'policy';
  return local.startsWith('ok') || local === 'jane' ? 'accept' : 'reject';
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('verification calls over HTTP', () => {
  let t: TestApp;
  let dns: LoopbackDns;
  let smtp: ScriptedSmtp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceActor: { userId: number; accountId: number };
  let bobActor: { userId: number; accountId: number };

  const signUp = async () => {
    const client = t.client();
    const email = uniqueEmail('verifier');
    await client.register({ email, password: STRONG_PASSWORD, name: 'Vera Fier' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { client, actor: { userId: user!.id, accountId: user!.accountId } };
  };

  before(async () => {
    smtp = await startScriptedSmtp({ hosts: [MX], script });
    const zone: Record<string, { mx?: { exchange: string; priority: number }[]; a?: string[] }> = { 'mx.loop.test': { a: [MX] } };
    for (const domain of ['acme.test', 'all.test', 'grey.test', 'block.test']) zone[domain] = { mx: [{ exchange: 'mx.loop.test', priority: 10 }] };
    dns = await startLoopbackDns(zone);
    t = await startTestApp({
      env: {
        DNS_SERVERS: dns.servers.join(','),
        VERIFY_SMTP_PORT: String(smtp.port),
        VERIFY_ALLOW_PRIVATE: '127.0.0.0/8',
        VERIFY_GREYLIST_RETRY_SECONDS: '1',
        VERIFY_CONNECT_TIMEOUT_MS: '10000',
        VERIFY_COMMAND_TIMEOUT_MS: '10000',
        VERIFY_HELO_NAME: 'probe.leadforge.test',
        VERIFY_MAIL_FROM: 'probe@leadforge.test',
      },
    });
    const a = await signUp();
    alice = a.client;
    aliceActor = a.actor;
    const b = await signUp();
    bob = b.client;
    bobActor = b.actor;
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
    await dns?.close();
  });

  it('verifies one address per credit, refuses when short, and keeps the history', async () => {
    // Whatever registration granted is spent first, so the billing error shows.
    const granted = (await alice.post('/user-balance/check-balance', { minBalance: 1 })).body.balance as number;
    if (granted > 0) assert.notEqual(await repo.debit(t.database.db, aliceActor, granted, 'test_drain', null), null);
    const short = await alice.post('/prospects/verify-one', { email: 'jane@acme.test' });
    assert.equal(short.status, 402);
    assert.equal(short.body.errors[0].key, 'billing_source');
    await repo.credit(t.database.db, aliceActor, 10, 'top_up', 'test');
    const start = (await alice.post('/user-balance/check-balance', { minBalance: 1 })).body.balance as number;
    assert.equal((await alice.post('/user-balance/check-balance', { minBalance: start + 1 })).body.enough, false);

    const valid = await alice.post('/prospects/verify-one', { email: ' Jane@Acme.test ' });
    assert.equal(valid.status, 200, valid.text);
    assert.equal(valid.body.email, 'jane@acme.test');
    assert.equal(valid.body.status, 'valid');
    assert.equal(valid.body.smtpCode, 250);
    assert.equal(valid.body.charged, true);
    const invalid = (await alice.post('/prospects/verify-one', { email: 'ghost@acme.test' })).body;
    assert.equal(invalid.status, 'not_valid');
    assert.deepEqual(invalid.reasons, ['mailbox_not_found']);
    assert.equal(invalid.enhancedCode, '5.1.1');
    const catchAll = (await alice.post('/prospects/verify-one', { email: 'anyone@all.test' })).body;
    assert.equal(catchAll.status, 'catch_all');
    const blocked = (await alice.post('/prospects/verify-one', { email: 'jane@block.test' })).body;
    assert.equal(blocked.status, 'unknown');
    assert.deepEqual(blocked.reasons, ['policy_block']);
    assert.equal(blocked.charged, false);
    const syntax = (await alice.post('/prospects/verify-one', { email: 'not-an-address' })).body;
    assert.deepEqual([syntax.status, syntax.reasons, syntax.charged], ['not_valid', ['syntax'], false]);
    const again = (await alice.post('/prospects/verify-one', { email: 'jane@acme.test' })).body;
    assert.equal(again.status, 'valid');
    // Three paid answers (valid, invalid, catch-all); the policy block was refunded; syntax and repeats are free.
    assert.equal((await alice.post('/user-balance/check-balance', { minBalance: 0 })).body.balance, start - 3);
    const ledger = await repo.ledgerOf(t.database.db, aliceActor);
    assert.ok(ledger.some((entry) => entry.reason === 'refund_unknown' && entry.delta === 1));
    assert.equal(smtp.stats().dataCommands, 0);

    const last = (await alice.post('/verify/last-single-verified', {})).body;
    assert.equal(last.item.email, 'jane@acme.test');
    const history = (await alice.post('/verify/last-verified', { perPage: 10 })).body;
    assert.ok(history.total >= 5);
    const onlyValid = (await alice.post('/verify/last-verified', { status: 'valid' })).body;
    assert.ok(onlyValid.items.every((item: { status: string }) => item.status === 'valid'));

    const estimate = (await alice.post('/calculate-emails-for-verify', { emails: ['jane@acme.test', 'new1@acme.test', 'new1@acme.test', 'bad address'] })).body;
    assert.deepEqual(
      { total: estimate.total, duplicates: estimate.duplicates, syntaxInvalid: estimate.syntaxInvalid, alreadyVerified: estimate.alreadyVerified, toVerify: estimate.toVerify },
      { total: 4, duplicates: 1, syntaxInvalid: 1, alreadyVerified: 1, toVerify: 1 },
    );

    const saved = await alice.post('/verify/add-to-list', { ids: [valid.body.id, catchAll.id], listName: 'Verified leads' });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.added, 2);
    const savedAgain = (await alice.post('/verify/add-to-list', { ids: [valid.body.id], listId: saved.body.listId })).body;
    assert.deepEqual([savedAgain.listId, savedAgain.added, savedAgain.duplicates], [saved.body.listId, 0, 1]);

    // Another account sees none of it.
    const theirs = (await bob.post('/verify/getEmailsStatus', { ids: [valid.body.id], emails: ['jane@acme.test'] })).body;
    assert.deepEqual(theirs.items, []);
    const foreignAdd = await bob.post('/verify/add-to-list', { ids: [valid.body.id], listName: 'Stolen' });
    assert.equal(foreignAdd.status, 404);
  });

  it('reports a greylisted address, then the durable re-check turns it valid', async () => {
    const first = (await alice.post('/prospects/verify-one', { email: 'jane@grey.test' })).body;
    assert.equal(first.status, 'greylist');
    assert.equal(first.isGreylisted, true);
    const polled = await until(
      async () => (await alice.post('/verify/getEmailsStatus', { ids: [first.id] })).body,
      (body) => body.pending === false,
    );
    assert.equal(polled.items[0].status, 'valid');
  });

  it('runs a bulk job from a CSV with progress, results, CSV download, and tenant isolation', async () => {
    await repo.credit(t.database.db, aliceActor, 100, 'top_up', 'test');
    const socket = await connectClient(t.url, alice.cookieHeader());
    const rows = ['Email,Name', 'ok1@acme.test,One', 'ok2@acme.test,Two', 'nobody@acme.test,Three', 'ok1@acme.test,Dup', 'broken,Bad', 'x@all.test,Any'];
    const created = await alice.post('/verify/bulk-jobs', { name: 'Leads', csv: rows.join('\n') });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.job.total, 5);
    assert.deepEqual(
      created.body.rejectedRows.map((row: { row: number; reason: string }) => [row.row, row.reason]),
      [
        [4, 'duplicate'],
        [5, 'syntax'],
      ],
    );
    const id = created.body.job.id as number;
    const done = await until(
      async () => (await alice.get(`/verify/bulk-jobs/${id}`)).body.job,
      (job) => job.status === 'completed',
    );
    assert.equal(done.status, 'completed');
    assert.deepEqual([done.processed, done.valid, done.notValid, done.catchAll, done.skipped], [5, 2, 2, 1, 1]);
    let completedPush = false;
    try {
      for (;;) {
        const event = await socket.nextPush(5_000).catch(() => null);
        if (!event) break;
        if (event.type === 'job.progress' && event.payload.jobId === `verification-bulk-${id}` && event.payload.state === 'completed') {
          assert.equal(event.payload.kind, 'bulk_verification');
          assert.deepEqual([event.payload.processed, event.payload.total], [5, 5]);
          completedPush = true;
          break;
        }
      }
    } finally {
      socket.close();
    }
    assert.ok(completedPush, 'a completed job.progress push arrived');

    const results = (await alice.get(`/verify/bulk-jobs/${id}/results?status=valid`)).body;
    assert.deepEqual(results.items.map((item: { email: string }) => item.email), ['ok1@acme.test', 'ok2@acme.test']);
    const list = (await alice.get('/verify/bulk-jobs')).body;
    assert.ok(list.items.some((job: { id: number }) => job.id === id));

    const csv = await alice.request('GET', `/verify/bulk-jobs/${id}/download`, { headers: { accept: 'text/csv' } });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    assert.match(csv.text, /ok2@acme\.test,valid/);
    assert.match(csv.text, /nobody@acme\.test,not_valid,mailbox_not_found,550,5\.1\.1/);

    assert.equal((await alice.post(`/verify/bulk-jobs/${id}/pause`, {})).status, 409);
    for (const path of [`/verify/bulk-jobs/${id}`, `/verify/bulk-jobs/${id}/results`, `/verify/bulk-jobs/${id}/download`]) {
      assert.equal((await bob.get(path)).status, 404, path);
    }
    for (const action of ['pause', 'resume', 'cancel']) {
      assert.equal((await bob.post(`/verify/bulk-jobs/${id}/${action}`, {})).status, 404, action);
    }
    assert.equal((await bob.get('/verify/bulk-jobs')).body.total, 0);
  });

  it('resolves a greylisted row of a bulk job once the re-check gets through', async () => {
    await repo.credit(t.database.db, aliceActor, 10, 'top_up', 'test');
    const created = (await alice.post('/verify/bulk-jobs', { name: 'Grey', emails: ['ok1@acme.test', 'late@grey.test'] })).body;
    const id = created.job.id as number;
    const completed = await until(
      async () => (await alice.get(`/verify/bulk-jobs/${id}`)).body.job,
      (job) => job.status === 'completed',
    );
    assert.equal(completed.status, 'completed');
    const settled = await until(
      async () => (await alice.get(`/verify/bulk-jobs/${id}`)).body.job,
      (job) => job.greylist === 0,
    );
    assert.deepEqual([settled.greylist, settled.valid, settled.processed], [0, 2, 2]);
  });

  it('pauses, resumes and cancels a bulk job', async () => {
    await repo.credit(t.database.db, aliceActor, 50, 'top_up', 'test');
    const emails = Array.from({ length: 30 }, (_, index) => `ok-pause${index}@acme.test`);
    const created = (await alice.post('/verify/bulk-jobs', { name: 'Pausable', emails })).body;
    const id = created.job.id as number;
    const paused = await alice.post(`/verify/bulk-jobs/${id}/pause`, {});
    if (paused.status === 200) {
      assert.equal(paused.body.job.status, 'paused');
      const resumed = await alice.post(`/verify/bulk-jobs/${id}/resume`, {});
      assert.equal(resumed.status, 200);
      assert.equal(resumed.body.job.status, 'queued');
    }
    const cancelled = await alice.post(`/verify/bulk-jobs/${id}/cancel`, {});
    if (cancelled.status === 200) {
      assert.equal(cancelled.body.job.status, 'stopped');
      assert.equal((await alice.post(`/verify/bulk-jobs/${id}/resume`, {})).status, 409);
    } else {
      // The run finished first: a completed job cannot be cancelled.
      assert.equal(cancelled.status, 409);
    }
  });

  it('serves the other areas through the module interface (verify without charge, latest)', async () => {
    const verification = t.app.services.verification;
    const before = await verification.balance(aliceActor);
    const outcomes = await verification.verify(aliceActor, ['ok-module@acme.test', 'gone@acme.test', 'OK-Module@acme.test', '??'], { charge: false, source: 'prospects' });
    assert.deepEqual(outcomes.map((outcome) => [outcome.email, outcome.status, outcome.charged]), [
      ['ok-module@acme.test', 'valid', false],
      ['gone@acme.test', 'not_valid', false],
      ['ok-module@acme.test', 'valid', false],
      ['??', 'not_valid', false],
    ]);
    assert.equal(await verification.balance(aliceActor), before);
    const latest = await verification.latest(aliceActor, ['OK-module@acme.test', 'never@acme.test']);
    assert.equal(latest.get('ok-module@acme.test')?.status, 'valid');
    assert.equal(latest.has('never@acme.test'), false);
  });

  it('puts the scope in the SQL: another account\'s scope reads and changes nothing of the first account by its ids', async () => {
    const db = t.database.db;
    await repo.credit(db, aliceActor, 10, 'top_up', 'test');
    const single = (await alice.post('/prospects/verify-one', { email: 'ok-scoped@acme.test' })).body;
    const id = (await alice.post('/verify/bulk-jobs', { name: 'Scoped', emails: ['ok-scoped1@acme.test', 'nobody-scoped@acme.test'] })).body.job.id as number;
    await until(
      async () => (await alice.get(`/verify/bulk-jobs/${id}`)).body.job,
      (job) => job.status === 'completed',
    );
    const aliceReads = async () => ({
      records: await repo.verificationsByIds(db, aliceActor, [single.id]),
      bulk: await repo.bulkOf(db, aliceActor, id),
      rows: await repo.bulkResultsPage(db, aliceActor, id, 1, 10, undefined),
      ledger: await repo.ledgerOf(db, aliceActor),
    });
    const before = await aliceReads();
    assert.equal(before.records.length, 1);
    assert.equal(before.rows.total, 2);

    // Bob's scope with Alice's ids and addresses: every read is empty, every write touches no row.
    assert.deepEqual(await repo.verificationsByIds(db, bobActor, [single.id]), []);
    assert.deepEqual(await repo.verificationsByEmails(db, bobActor, ['ok-scoped@acme.test']), []);
    assert.deepEqual(await repo.touchVerifications(db, bobActor, ['ok-scoped@acme.test'], 'bulk'), []);
    assert.equal(await repo.bulkOf(db, bobActor, id), null);
    assert.deepEqual(await repo.bulkResultsPage(db, bobActor, id, 1, 10, undefined), { items: [], total: 0 });
    assert.deepEqual(await repo.nextBulkRows(db, bobActor, id, 10), []);
    assert.equal(await repo.transitionBulk(db, bobActor, id, ['completed'], 'paused', { bumpGeneration: true }), null);
    assert.equal(await repo.refreshBulkCounters(db, bobActor, id, 7), null);
    const detail = { reasons: [], smtpCode: 250, enhancedCode: null, mxHost: null, flags: { disposable: false, role: false, free: false, catchAll: false }, risk: 'low' as const, suggestion: null };
    await repo.saveBulkResults(db, bobActor, id, [{ email: 'nobody-scoped@acme.test', status: 'valid', detail }]);
    assert.deepEqual(await repo.resolveGreylistedBulkRows(db, bobActor, 'ok-scoped1@acme.test', 'valid', detail), []);
    assert.ok((await repo.bulkPage(db, bobActor, 1, 100)).items.every((job) => job.accountId === bobActor.accountId));
    assert.ok((await repo.ledgerOf(db, bobActor)).every((entry) => entry.accountId === bobActor.accountId));
    // Writing the same address under Bob's scope makes Bob's own row; Alice's stays as it was.
    const [bobs] = await repo.upsertVerifications(db, bobActor, [{ email: 'ok-scoped@acme.test', status: 'not_valid', detail, source: 'single', charged: false, verifiedAt: new Date() }]);
    assert.notEqual(bobs!.id, single.id);
    assert.equal(bobs!.accountId, bobActor.accountId);

    assert.deepEqual(await aliceReads(), before);
  });

  it('refuses a bulk job the balance cannot cover', async () => {
    const { client } = await signUp();
    const balance = (await client.post('/user-balance/check-balance', { minBalance: 0 })).body.balance as number;
    const emails = Array.from({ length: balance + 3 }, (_, index) => `ok-broke${index}@acme.test`);
    const refused = await client.post('/verify/bulk-jobs', { name: 'Too big', emails });
    assert.equal(refused.status, 402);
    assert.equal(refused.body.errors[0].key, 'billing_source');
    const cost = (await client.post('/calculate-emails-for-verify', { emails })).body;
    assert.equal(cost.enough, false);
  });
});

describe('verification when the DNS resolver is broken', () => {
  let t: TestApp;
  let dns: LoopbackDns;

  before(async () => {
    // Answers NXDOMAIN for every name, even gmail.com and the canary: the resolver, not the domain, is at fault.
    dns = await startLoopbackDns({}, { canary: false, mode: 'nxdomain' });
    t = await startTestApp({ env: { DNS_SERVERS: dns.servers.join(','), VERIFY_CONNECT_TIMEOUT_MS: '1000' } });
  });
  after(async () => {
    await t?.close();
    await dns?.close();
  });

  it('answers unknown with "lookup failed" and refunds the credit instead of "domain does not exist"', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('nodns'), password: STRONG_PASSWORD, name: 'No Dns' });
    const start = (await client.post('/user-balance/check-balance', { minBalance: 0 })).body.balance as number;
    assert.ok(start > 0);
    const answer = await client.post('/prospects/verify-one', { email: 'jane@gmail.com' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.status, 'unknown');
    assert.ok(answer.body.reasons.includes('dns_lookup_failed'), answer.text);
    assert.ok(!answer.body.reasons.includes('domain_missing'));
    assert.equal(answer.body.charged, false);
    // A symbol after the TLD is bad syntax: free, and no punycode domain is looked up.
    const symbol = (await client.post('/prospects/verify-one', { email: 'user@example.com©' })).body;
    assert.deepEqual([symbol.status, symbol.reasons, symbol.charged], ['not_valid', ['syntax'], false]);
    assert.equal((await client.post('/user-balance/check-balance', { minBalance: 0 })).body.balance, start);
  });
});
