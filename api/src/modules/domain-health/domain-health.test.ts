/**
 * The domain-health calls over real HTTP, against a DNS server on loopback (dns2) that answers
 * the MX, TXT (SPF, DKIM, DMARC), A and PTR records of test domains and plays a DNS blocklist;
 * a second app asks a resolver that never answers. Nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import { createSocket, type Socket } from 'node:dgram';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { DomainCheck, DomainHealth } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { emailAccounts, users } from '../../db/schema';
import { domainHealthChecks } from '../../db/schema/domain-health';
import { startLoopbackDns, type LoopbackDns, type ZoneRecord } from '../../engines/verification/test-peers';
import { idempotentJobId } from '../../jobs/queue';
import { connectClient } from '../../realtime/test-fixtures/clients';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { DOMAIN_HEALTH_DAILY_JOB } from './jobs';

const publicKeyOf = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const KEY_2048 = publicKeyOf(2048);
const KEY_1024 = publicKeyOf(1024);

/** A domain that passes every check: SMTP host smtp.<domain> at `ip`, whose PTR names it back. */
function healthyDomain(domain: string, ip: string, options: { dmarc?: boolean; spf?: string; dkimKey?: string } = {}): Record<string, ZoneRecord> {
  const reverse = `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  return {
    [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], txt: ['google-site-verification=abc', options.spf ?? `v=spf1 a:smtp.${domain} ~all`] },
    [`mx.${domain}`]: { a: [ip] },
    [`smtp.${domain}`]: { a: [ip] },
    [reverse]: { ptr: [`smtp.${domain}`] },
    [`lf1._domainkey.${domain}`]: { txt: [`v=DKIM1; k=rsa; p=${options.dkimKey ?? KEY_2048}`] },
    ...(options.dmarc === false ? {} : { [`_dmarc.${domain}`]: { txt: [`v=DMARC1; p=reject; rua=mailto:dmarc@${domain}; adkim=s`] } }),
  };
}

const byKind = (item: DomainHealth) => Object.fromEntries(item.checks.map((check) => [check.kind, check])) as Record<DomainCheck['kind'], DomainCheck>;

describe('domain health', () => {
  let t: TestApp;
  let dns: LoopbackDns;
  let owner: TestClient;
  let ownerUser: { id: number; accountId: number };
  let stranger: TestClient;

  async function signedIn(label: string) {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: `${label} name` });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { client, user: user! };
  }

  async function insertMailbox(user: { id: number; accountId: number }, email: string, values: Partial<typeof emailAccounts.$inferInsert> = {}) {
    const domain = email.split('@')[1]!;
    await t.database.db.insert(emailAccounts).values({
      userId: user.id,
      accountId: user.accountId,
      email,
      smtpHost: `smtp.${domain}`,
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUser: email,
      dkimSelector: 'lf1',
      dkimPrivateKey: 'sealed-elsewhere',
      dkimPublicKey: KEY_2048,
      ...values,
    });
  }

  before(async () => {
    const eleven = `v=spf1 a:smtp.eleven.test ${Array.from({ length: 10 }, (_, i) => `include:i${i}.eleven.test`).join(' ')} -all`;
    const zone: Record<string, ZoneRecord> = {
      ...healthyDomain('good.test', '127.0.0.10'),
      ...healthyDomain('nodmarc.test', '127.0.0.11', { dmarc: false }),
      ...healthyDomain('eleven.test', '127.0.0.12', { spf: eleven }),
      ...healthyDomain('listed.test', '127.0.0.20'),
      ...healthyDomain('elsewhere.test', '127.0.0.13', { spf: 'v=spf1 ip4:192.0.2.0/24 -all', dkimKey: KEY_1024 }),
      // The blocklist zone lists listed.test's sending address (127.0.0.2: "listed").
      '20.0.0.127.dnsbl.test': { a: ['127.0.0.2'] },
    };
    for (let i = 0; i < 10; i += 1) zone[`i${i}.eleven.test`] = { txt: [`v=spf1 ip4:198.51.100.${i} -all`] };
    dns = await startLoopbackDns(zone, { canary: false });
    t = await startTestApp({
      env: {
        DNS_SERVERS: dns.servers.join(','),
        DOMAIN_HEALTH_IP_BLOCKLISTS: 'dnsbl.test',
        DOMAIN_HEALTH_DOMAIN_BLOCKLISTS: 'dbl.test',
        DOMAIN_HEALTH_DNS_TIMEOUT_MS: '2000',
      },
    });
    const signedOwner = await signedIn('owner');
    owner = signedOwner.client;
    ownerUser = signedOwner.user;
    for (const domain of ['good.test', 'nodmarc.test', 'eleven.test', 'listed.test', 'elsewhere.test']) await insertMailbox(ownerUser, `ada@${domain}`);
    await insertMailbox(ownerUser, 'grace@good.test', { dkimSelector: null, dkimPublicKey: null, dkimPrivateKey: null });
    stranger = (await signedIn('stranger')).client;
  });

  after(async () => {
    await t?.close();
    await dns?.close();
  });

  const recheck = async (client: TestClient, domain: string) => {
    const response = await client.post('/api/domain-health/check', { domain });
    assert.equal(response.status, 200, response.text);
    return response.body.item as DomainHealth;
  };

  it('lists the caller’s sending domains, not checked yet', async () => {
    const response = await owner.get('/api/domain-health');
    assert.equal(response.status, 200, response.text);
    const items = response.body.items as DomainHealth[];
    assert.deepEqual(items.map((item) => item.domain), ['eleven.test', 'elsewhere.test', 'good.test', 'listed.test', 'nodmarc.test']);
    const good = items.find((item) => item.domain === 'good.test')!;
    assert.deepEqual(good.mailboxes, ['ada@good.test', 'grace@good.test']);
    assert.equal(good.health, null);
    assert.deepEqual(good.checks, []);
    assert.equal(good.checkedAt, null);
  });

  it('finds a well set-up domain good in every check, pushes the result and keeps it for the list', async () => {
    const cookie = owner.cookieHeader();
    const socket = await connectClient(t.url, cookie);
    try {
      const item = await recheck(owner, 'Good.Test.');
      assert.equal(item.domain, 'good.test');
      assert.deepEqual(item.checks.map((check) => check.kind), ['mx', 'spf', 'dkim', 'dmarc', 'rdns', 'blocklist']);
      for (const check of item.checks) assert.equal(check.status, 'good', JSON.stringify(check));
      assert.equal(item.health, 'good');
      const checks = byKind(item);
      assert.equal(checks.spf.details.key, 'spf_pass');
      assert.equal(checks.spf.details.params.lookups, 1);
      assert.equal(checks.dkim.details.params.bits, 2048);
      assert.equal(checks.dmarc.details.params.policy, 'reject');
      assert.equal(checks.dmarc.details.params.adkim, 'strict');
      assert.equal(checks.rdns.details.key, 'rdns_confirmed');
      assert.equal(checks.blocklist.details.key, 'blocklist_clear');
      assert.ok(item.checks.every((check) => check.fix === null));
      const push = await socket.nextPush();
      assert.deepEqual(push, { type: 'domain.healthChecked', payload: { domain: 'good.test', health: 'good', checkedAt: item.checkedAt } });
      const listed = ((await owner.get('/api/domain-health')).body.items as DomainHealth[]).find((entry) => entry.domain === 'good.test')!;
      assert.deepEqual(listed, item);
    } finally {
      socket.close();
    }
  });

  it('calls a domain without DMARC bad and says what record to add', async () => {
    const item = await recheck(owner, 'nodmarc.test');
    const { dmarc } = byKind(item);
    assert.equal(dmarc.status, 'bad');
    assert.equal(dmarc.details.key, 'dmarc_missing');
    assert.equal(dmarc.fix?.key, 'add_dmarc');
    assert.equal(dmarc.fix?.params.name, '_dmarc.nodmarc.test');
    assert.match(String(dmarc.fix?.params.record), /^v=DMARC1; p=none; rua=mailto:/);
    assert.equal(item.health, 'bad');
  });

  it('calls an SPF record of eleven lookups bad, with the count', async () => {
    const { spf } = byKind(await recheck(owner, 'eleven.test'));
    assert.equal(spf.status, 'bad');
    assert.equal(spf.details.key, 'spf_too_many_lookups');
    assert.equal(spf.details.params.lookups, 11);
    assert.equal(spf.details.params.max, 10);
    assert.equal(spf.fix?.key, 'reduce_spf_lookups');
    assert.ok(spf.records.some((record) => record.startsWith('i9.eleven.test: v=spf1')));
  });

  it('finds the sending address on a DNS blocklist', async () => {
    const item = await recheck(owner, 'listed.test');
    const { blocklist, spf } = byKind(item);
    assert.equal(blocklist.status, 'bad');
    assert.equal(blocklist.details.key, 'blocklist_listed');
    assert.equal(blocklist.details.params.listings, '127.0.0.20 @ dnsbl.test');
    assert.equal(blocklist.fix?.key, 'request_delisting');
    assert.equal(spf.status, 'good');
    assert.equal(item.health, 'bad');
  });

  it('names a sending host SPF does not permit and a DKIM key of 1024 bits that is not the mailbox’s', async () => {
    const { spf, dkim } = byKind(await recheck(owner, 'elsewhere.test'));
    assert.equal(spf.details.key, 'spf_host_not_permitted');
    assert.equal(spf.details.params.ips, '127.0.0.13');
    assert.equal(spf.fix?.key, 'permit_host_in_spf');
    // The mailbox signs with KEY_2048; the zone publishes another key.
    assert.equal(dkim.details.key, 'dkim_mismatch');
    assert.equal(dkim.status, 'bad');
  });

  it('answers not_found for a domain of another account’s mailboxes, and lists none of them', async () => {
    const response = await stranger.post('/api/domain-health/check', { domain: 'good.test' });
    assert.equal(response.status, 404, response.text);
    assert.equal(response.body.errors[0].key, 'not_found');
    const list = await stranger.get('/api/domain-health');
    assert.deepEqual(list.body.items, []);
    const anonymous = await t.client().get('/api/domain-health');
    assert.equal(anonymous.status, 401);
  });

  it('refuses what is not a domain name with a catalogue key', async () => {
    for (const domain of ['not a domain', '', 'a'.repeat(300), 'x\u0000.test']) {
      const response = await owner.post('/api/domain-health/check', { domain });
      assert.equal(response.status, 400, `${JSON.stringify(domain)}: ${response.text}`);
      assert.equal(response.body.errors[0].key.startsWith('field_') || response.body.errors[0].key === 'validation_failed', true, response.text);
    }
  });

  it('re-checks every domain that is due in the daily job and pushes each result to its owner', async () => {
    const late = await signedIn('late');
    await t.database.db.insert(emailAccounts).values({ userId: late.user.id, accountId: late.user.accountId, email: 'late@good.test', smtpHost: 'smtp.good.test', smtpPort: 587 });
    const socket = await connectClient(t.url, late.client.cookieHeader());
    try {
      const jobId = await t.app.jobs!.enqueue(DOMAIN_HEALTH_DAILY_JOB, {}, { idempotencyKey: 'test:daily' });
      assert.ok(jobId);
      const push = await socket.nextPush(30_000);
      assert.equal(push.type, 'domain.healthChecked');
      assert.equal(push.type === 'domain.healthChecked' && push.payload.domain, 'good.test');
      const [row] = await t.database.db.select().from(domainHealthChecks).where(eq(domainHealthChecks.userId, late.user.id));
      assert.equal(row?.domain, 'good.test');
      // No DKIM key of its own: the provider selectors are looked up and none is published but lf1.
      const listed = (await late.client.get('/api/domain-health')).body.items as DomainHealth[];
      assert.equal(listed[0]?.health, row?.health);
      // The run queued the next day's run.
      const deadline = Date.now() + 10_000;
      let next = null;
      while (Date.now() < deadline && !next) {
        const tomorrow = new Date();
        tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
        next = await t.app.jobs!.getJob(DOMAIN_HEALTH_DAILY_JOB, idempotentJobId(DOMAIN_HEALTH_DAILY_JOB, `day:${tomorrow.toISOString().slice(0, 10)}`));
        if (!next) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.ok(next, 'the next daily run is queued');
    } finally {
      socket.close();
    }
  });
});

describe('domain health with a resolver that never answers', () => {
  let t: TestApp;
  let silent: Socket;
  let owner: TestClient;

  before(async () => {
    // Takes every question and answers none of them.
    silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    t = await startTestApp({ jobs: false, env: { DNS_SERVERS: `127.0.0.1:${silent.address().port}`, DOMAIN_HEALTH_DNS_TIMEOUT_MS: '300' } });
    owner = t.client();
    const email = uniqueEmail('slow');
    await owner.register({ email, password: STRONG_PASSWORD, name: 'Slow' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.insert(emailAccounts).values({ userId: user!.id, accountId: user!.accountId, email: 'ada@slow.test', smtpHost: 'smtp.slow.test', smtpPort: 587 });
  });

  after(async () => {
    await t?.close();
    silent?.close();
  });

  it('answers every check “could not check” within the budget instead of a 500 or a hang', async () => {
    const started = Date.now();
    const response = await owner.post('/api/domain-health/check', { domain: 'slow.test' });
    assert.equal(response.status, 200, response.text);
    const item = response.body.item as DomainHealth;
    assert.equal(item.health, 'ok');
    for (const check of item.checks) {
      assert.equal(check.status, 'ok', JSON.stringify(check));
      assert.ok(['dns_unavailable', 'blocklist_partial', 'no_sending_host'].includes(check.details.key), JSON.stringify(check));
    }
    assert.ok(Date.now() - started < 6 * 300 + 3_000, `took ${Date.now() - started} ms`);
  });
});
