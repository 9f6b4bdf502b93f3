import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crawlDomain } from './crawler';
import { UrlNotAllowedError, WebFetcher } from './fetcher';
import { SITE_ADDRESS, startTestDns, startTestSite, type TestDns, type TestSite } from './test-peers';

describe('domain crawl of a loopback company site', () => {
  let site: TestSite;
  let dns: TestDns;
  let fetcher: WebFetcher;

  before(async () => {
    site = await startTestSite();
    dns = await startTestDns({ 'acme.test': SITE_ADDRESS, 'private.test': '10.0.0.5' });
    fetcher = new WebFetcher({ dnsServers: [dns.server], allowPrivate: [`${SITE_ADDRESS}/32`], httpPort: site.port, timeoutMs: 3_000, maxBytes: 500_000 });
  });
  after(async () => {
    await site.close();
    await dns.close();
  });

  it('finds the people of the domain with names and positions, and the company facts', async () => {
    const result = await crawlDomain(fetcher, 'acme.test', { maxPages: 20, maxDepth: 2 });
    const byEmail = new Map(result.people.map((person) => [person.email, person]));
    assert.deepEqual(
      [...byEmail.keys()].sort(),
      ['ada.lovelace@acme.test', 'info@acme.test', 'jane.doe@acme.test', 'john.smith@acme.test', 'maria.garcia@acme.test', 'press@acme.test', 'sales@acme.test', 'support@acme.test'],
    );
    assert.equal(byEmail.get('jane.doe@acme.test')?.name, 'Jane Doe');
    assert.equal(byEmail.get('jane.doe@acme.test')?.position, 'Chief Executive Officer');
    assert.equal(byEmail.get('ada.lovelace@acme.test')?.position, 'CTO');
    assert.equal(byEmail.get('maria.garcia@acme.test')?.name, 'Maria Garcia');
    assert.equal(result.company.name, 'Acme Rockets');
    assert.match(result.company.description ?? '', /reusable rockets/);
    assert.deepEqual(result.company.socials.map((social) => social.network).sort(), ['linkedin', 'twitter']);
  });

  it('obeys robots.txt: the disallowed path is never requested', async () => {
    site.requested.length = 0;
    const result = await crawlDomain(fetcher, 'acme.test', { maxPages: 20, maxDepth: 2 });
    assert.equal(site.requested.some((path) => path.startsWith('/private')), false);
    assert.equal(result.blockedByRobots, 1);
    assert.equal(result.people.some((person) => person.email.startsWith('secret')), false);
  });

  it('stops at the page cap and the depth cap', async () => {
    const capped = await crawlDomain(fetcher, 'acme.test', { maxPages: 2, maxDepth: 2 });
    assert.equal(capped.pagesFetched, 2);
    assert.equal(capped.truncated, true);
    const shallow = await crawlDomain(fetcher, 'acme.test', { maxPages: 20, maxDepth: 0 });
    assert.equal(shallow.pagesFetched, 1);
  });

  it('refuses a domain that resolves to a private address', async () => {
    await assert.rejects(crawlDomain(fetcher, 'private.test', { maxPages: 5, maxDepth: 1 }), (error: unknown) => error instanceof UrlNotAllowedError);
  });

  it('fetches nothing but robots.txt from a site that disallows everything', async () => {
    const closed = await startTestSite({ robots: 'User-agent: LeadforgeBot\nDisallow: /\n' });
    try {
      const strict = new WebFetcher({ dnsServers: [dns.server], allowPrivate: [`${SITE_ADDRESS}/32`], httpPort: closed.port, timeoutMs: 3_000, maxBytes: 500_000 });
      const result = await crawlDomain(strict, 'acme.test', { maxPages: 20, maxDepth: 2 });
      assert.deepEqual(closed.requested, ['/robots.txt']);
      assert.equal(result.pagesFetched, 0);
      assert.equal(result.blockedByRobots, 1);
    } finally {
      await closed.close();
    }
  });
});
