import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AddressPolicy } from './address-policy';
import { FetchFailedError, UrlNotAllowedError, WebFetcher } from './fetcher';
import { SITE_ADDRESS, startTestDns, startTestSite, type TestDns, type TestSite } from './test-peers';

describe('address policy', () => {
  const policy = new AddressPolicy([]);
  it('refuses private, loopback, link-local, multicast and reserved ranges', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '240.0.0.1', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::']) {
      assert.notEqual(policy.refusal(address), null, address);
    }
  });
  it('allows public unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) assert.equal(policy.refusal(address), null, address);
  });
  it('allows exactly the configured ranges', () => {
    const allowing = new AddressPolicy(['127.0.0.2/32']);
    assert.equal(allowing.refusal('127.0.0.2'), null);
    assert.equal(allowing.refusal('127.0.0.1'), 'loopback');
  });
});

describe('SSRF-safe fetcher against loopback peers', () => {
  let site: TestSite;
  let dns: TestDns;
  let fetcher: WebFetcher;

  before(async () => {
    site = await startTestSite({ redirects: { '/go-private': 'http://127.0.0.1/', '/go-metadata': 'http://169.254.169.254/latest/meta-data/', '/go-about': '/about' } });
    dns = await startTestDns({ 'acme.test': SITE_ADDRESS, 'private.test': '10.0.0.5', 'loop.test': '127.0.0.1' });
    fetcher = new WebFetcher({ dnsServers: [dns.server], allowPrivate: [`${SITE_ADDRESS}/32`], httpPort: site.port, timeoutMs: 3_000, maxBytes: 200_000 });
  });
  after(async () => {
    await site.close();
    await dns.close();
  });

  it('fetches a page through a name resolved by the configured DNS server, on the default http port', async () => {
    const page = await fetcher.fetch('http://acme.test/');
    assert.equal(page.status, 200);
    assert.match(page.body, /Acme Rockets/);
    assert.equal(page.headers['x-powered-by'], 'PHP/8.2.1');
    assert.equal(page.setCookies.length, 1);
  });

  it('follows a redirect within allowed addresses', async () => {
    const page = await fetcher.fetch(`http://acme.test/go-about`);
    assert.equal(page.finalUrl, 'http://acme.test/about');
    assert.match(page.body, /Founded/);
  });

  const refusals: [string, string][] = [
    ['loopback literal', 'http://127.0.0.1/'],
    ['private 10.x literal', 'http://10.0.0.1/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['a name resolving to a private address', 'http://private.test/'],
    ['a name resolving to loopback', 'http://loop.test/'],
    ['a redirect to a private address', 'http://acme.test/go-private'],
    ['a redirect to the metadata address', 'http://acme.test/go-metadata'],
    ['another protocol', 'file:///etc/passwd'],
    ['credentials in the URL', 'http://user:pass@acme.test/'],
    ['an unknown name', 'http://nowhere.test/'],
  ];
  for (const [label, url] of refusals) {
    it(`refuses ${label}`, async () => {
      await assert.rejects(fetcher.fetch(url), (error: unknown) => error instanceof UrlNotAllowedError);
    });
  }

  it('cuts a body at the size cap', async () => {
    const page = await fetcher.fetch('http://acme.test/big');
    assert.equal(page.truncated, true);
    assert.equal(page.body.length, 200_000);
  });

  it('gives up at the time cap', async () => {
    const impatient = new WebFetcher({ dnsServers: [dns.server], allowPrivate: [`${SITE_ADDRESS}/32`], httpPort: site.port, timeoutMs: 200, maxBytes: 1_000 });
    await assert.rejects(impatient.fetch('http://acme.test/slow'), (error: unknown) => error instanceof FetchFailedError && error.reason === 'timeout');
  });
});
