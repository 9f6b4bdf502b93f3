import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLoopbackDns, startScriptedSmtp, type LoopbackDns, type ScriptedSmtp } from '../../engines/verification/test-peers';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';

const MX = '127.0.0.31';

type Checked = { prospects: { emails: { email: string; status: string }[] }[]; unresolved: number };

describe('verifying prospects’ emails', () => {
  let t: TestApp;
  let dns: LoopbackDns;
  let smtp: ScriptedSmtp;

  before(async () => {
    smtp = await startScriptedSmtp({ hosts: [MX], script: ({ recipient }) => (recipient.startsWith('ada@') ? 'accept' : 'reject') });
    dns = await startLoopbackDns({ 'mx.prospects.test': { a: [MX] }, 'analytical.test': { mx: [{ exchange: 'mx.prospects.test', priority: 10 }] } });
    t = await startTestApp({ env: { DNS_SERVERS: dns.servers.join(','), VERIFY_SMTP_PORT: String(smtp.port), VERIFY_ALLOW_PRIVATE: '127.0.0.0/8' } });
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
    await dns?.close();
  });

  it('queues never-verified emails, then answers their real statuses on the next polls', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('checker'), password: STRONG_PASSWORD, name: 'Check Er' });
    const listId = (await client.post('/lists/add', { type: 'prospect', name: 'To verify' })).body.id as number;
    const added = await client.post('/prospects-new/add', {
      listId,
      name: 'Ada Lovelace',
      emails: [{ email: 'ada@analytical.test' }, { email: 'nobody@analytical.test' }],
    });
    assert.equal(added.status, 200, added.text);

    const first = await client.post('/prospects/updateCheckEmails', { ids: [added.body.id] });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual((first.body as Checked).prospects[0]!.emails.map((e) => e.status), ['in_progress', 'in_progress']);

    // The client re-polls while anything is unresolved (every 10 s in the app).
    let answer = first.body as Checked;
    for (let attempt = 0; answer.unresolved > 0 && attempt < 200; attempt += 1) {
      await sleep(100);
      answer = (await client.post('/prospects/updateCheckEmails', { ids: [added.body.id] })).body as Checked;
    }
    assert.deepEqual(
      answer.prospects[0]!.emails.map((e) => [e.email, e.status]),
      [
        ['ada@analytical.test', 'valid'],
        ['nobody@analytical.test', 'not_valid'],
      ],
    );
    assert.equal(answer.unresolved, 0);
    // A resolved email is not probed (or charged) again by later polls.
    const connections = smtp.stats().connections;
    await client.post('/prospects/updateCheckEmails', { ids: [added.body.id] });
    assert.equal(smtp.stats().connections, connections);
  });

  it('queues the never-verified emails of every prospect matching a filter', async () => {
    const client = t.client();
    await client.register({ email: uniqueEmail('bulk-checker'), password: STRONG_PASSWORD, name: 'Bulk Checker' });
    const listId = (await client.post('/lists/add', { type: 'prospect', name: 'Verify all matching' })).body.id as number;
    const add = async (name: string, email: string) => (await client.post('/prospects-new/add', { listId, name, emails: [{ email }] })).body.id as number;
    const ada = await add('Ada Byron', 'ada@analytical.test');
    const other = await add('Charles Babbage', 'charles@analytical.test');

    const queued = await client.post('/prospects/updateCheckEmails', { selection: { listId, filter: { name: 'byron' } } });
    assert.equal(queued.status, 200, queued.text);
    assert.deepEqual(queued.body.prospects, []);
    assert.equal(queued.body.unresolved, 1);
    // The rows the client shows are then polled by id until resolved.
    let answer = (await client.post('/prospects/updateCheckEmails', { ids: [ada] })).body as Checked;
    for (let attempt = 0; answer.unresolved > 0 && attempt < 200; attempt += 1) {
      await sleep(100);
      answer = (await client.post('/prospects/updateCheckEmails', { ids: [ada] })).body as Checked;
    }
    assert.deepEqual(answer.prospects[0]!.emails.map((e) => e.status), ['valid']);
    // Outside the filter nothing was queued.
    const page = await client.post('/prospects/list-prospects', { listId, filter: { name: 'babbage' } });
    assert.equal(page.body.contacts[0].id, other);
    assert.equal(page.body.contacts[0].emails[0].status, 'not_verified');
  });
});
