import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UrlNotAllowedError, WebFetcher } from '../web-fetch/fetcher';
import { SITE_ADDRESS, startTestDns, startTestSite, type TestDns, type TestSite } from '../web-fetch/test-peers';
import { checkSite } from './techcheck';

describe('technology checker on a loopback site', () => {
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

  it('detects WordPress, jQuery, React, PHP and nginx with categories and versions', async () => {
    const outcome = await checkSite(fetcher, 'acme.test');
    const byName = new Map(outcome.technologies.map((technology) => [technology.name, technology]));
    for (const name of ['WordPress', 'jQuery', 'React', 'PHP', 'Nginx']) assert.ok(byName.has(name), `${name} in ${[...byName.keys()].join(', ')}`);
    assert.equal(byName.get('WordPress')?.version, '6.4.2');
    assert.equal(byName.get('PHP')?.version, '8.2.1');
    assert.ok(byName.get('WordPress')?.categories.some((category) => category.name === 'CMS'));
    assert.ok(outcome.technologies.every((technology) => technology.confidence > 0 && technology.confidence <= 100));
  });

  it('refuses a site on a private address', async () => {
    await assert.rejects(checkSite(fetcher, 'private.test'), (error: unknown) => error instanceof UrlNotAllowedError);
    await assert.rejects(checkSite(fetcher, 'http://169.254.169.254/'), (error: unknown) => error instanceof UrlNotAllowedError);
  });
});
