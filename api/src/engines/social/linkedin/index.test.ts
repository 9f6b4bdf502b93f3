/** The real network's boundary: nothing pretends to be LinkedIn; every action refuses until an implementation exists. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '../../../http/domain-error';
import { createSocialNetworkProvider } from '..';
import type { SessionRef } from '../provider';

const ref: SessionRef = { linkedinAccountId: 1, session: 'li_at-anything', proxy: { kind: 'builtin', countryId: 276 } };
const unavailable = (error: unknown) => error instanceof DomainError && error.items[0]?.key === 'service_unavailable';

describe('the real network’s boundary', () => {
  it('refuses every action, read and search with service_unavailable', async () => {
    const provider = createSocialNetworkProvider('linkedin');
    assert.equal(provider.name, 'linkedin');
    const now = new Date();
    await assert.rejects(provider.perform(ref, { action: 'visit', profileUrl: 'https://www.linkedin.com/in/jane-doe-42' }, now), unavailable);
    await assert.rejects(provider.readProfile(ref, 'https://www.linkedin.com/in/jane-doe-42', now), unavailable);
    await assert.rejects(provider.readInbox(ref, null, now), unavailable);
    await assert.rejects(provider.searchPage({ url: 'https://www.linkedin.com/search/results/people/?keywords=x', accountId: 1, offset: 0, limit: 10 }), unavailable);
    await assert.rejects(provider.login({ login: { method: 'cookie', sessionCookie: 'AQEDAR-real-cookie' }, proxy: ref.proxy, now }), unavailable);
  });

  it('leaves the sandbox as the default network, which searches offline', async () => {
    const provider = createSocialNetworkProvider('sandbox');
    assert.equal(provider.name, 'sandbox');
    const page = await provider.searchPage({ url: 'https://www.linkedin.com/search/results/people/?keywords=x', accountId: 1, offset: 0, limit: 5 });
    assert.equal(page.items.length, 5);
    // Actions need the network's memory, which a provider made for the search does not have.
    const login = await provider.login({ login: { method: 'cookie', sessionCookie: 'AQEDAR-sandbox-cookie' }, proxy: ref.proxy, now: new Date() });
    assert.equal(login.kind, 'connected');
    const session = login.kind === 'connected' ? login.session : '';
    await assert.rejects(provider.perform({ ...ref, session }, { action: 'invite', profileUrl: 'https://www.linkedin.com/in/jane-doe-42' }, new Date()), /database/);
  });
});
