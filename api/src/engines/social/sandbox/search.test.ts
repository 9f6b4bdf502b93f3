import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linkedinProfileHandle } from '@leadforge/contracts';
import { sandboxProfileOf, sandboxResultCount, sandboxSearchItem, sandboxSearchPage } from './search';

const URL = 'https://www.linkedin.com/search/results/people/?keywords=head%20of%20sales';

describe('sandbox network people', () => {
  it('gives a search URL the same people in the same order every time, paged without gaps', () => {
    const total = sandboxResultCount(URL);
    assert.ok(total >= 40 && total < 240, String(total));
    const whole = sandboxSearchPage({ url: URL, offset: 0, limit: total + 10 });
    assert.equal(whole.items.length, total);
    assert.equal(whole.done, true);
    const paged = [...sandboxSearchPage({ url: URL, offset: 0, limit: 25 }).items, ...sandboxSearchPage({ url: URL, offset: 25, limit: 25 }).items];
    assert.deepEqual(paged, whole.items.slice(0, 50));
    assert.equal(sandboxSearchPage({ url: URL, offset: 0, limit: 25 }).done, false);
    assert.deepEqual(sandboxSearchItem(URL, 7), whole.items[7]);
    assert.notDeepEqual(sandboxSearchPage({ url: `${URL}x`, offset: 0, limit: 5 }).items, whole.items.slice(0, 5));
  });

  it('mixes in unusable links and leaves some people without an address, as the real network does', () => {
    const items = sandboxSearchPage({ url: URL, offset: 0, limit: 1_000 }).items;
    const many = Array.from({ length: 2_000 }, (_, index) => sandboxSearchItem('https://www.linkedin.com/search/results/people/?keywords=many', index));
    const bad = many.filter((item) => item.kind === 'bad_link');
    assert.ok(bad.length > 40 && bad.length < 150, String(bad.length));
    assert.ok(bad.every((item) => item.kind === 'bad_link' && item.reason === 'profile_unavailable' && sandboxProfileOf(item.url) === null));
    const profiles = items.flatMap((item) => (item.kind === 'profile' ? [item.profile] : []));
    assert.ok(profiles.some((profile) => profile.email === null));
    assert.ok(profiles.some((profile) => profile.email?.endsWith('.example')));
    for (const profile of profiles) assert.match(profile.profileUrl, /^https:\/\/www\.linkedin\.com\/in\/[a-z]+-[a-z]+-[0-9a-f]{6}$/);
  });

  it('reads a profile link the search gave back as exactly the person the search showed', () => {
    const profiles = sandboxSearchPage({ url: URL, offset: 0, limit: 60 }).items.flatMap((item) => (item.kind === 'profile' ? [item.profile] : []));
    assert.ok(profiles.length > 50);
    for (const profile of profiles) {
      assert.deepEqual(sandboxProfileOf(profile.profileUrl), profile);
      // The same link as people paste it: another host spelling, a trailing slash, a query.
      assert.deepEqual(sandboxProfileOf(`${profile.profileUrl.replace('www.', 'de.')}/?trk=x`), profile);
    }
  });

  it('makes up a stable person for a link it never produced, named after the handle when it reads like a name', () => {
    const jane = sandboxProfileOf('https://www.linkedin.com/in/jane-doe-42');
    assert.ok(jane);
    assert.equal(jane.fullName, 'Jane Doe');
    assert.equal(jane.profileUrl, 'https://www.linkedin.com/in/jane-doe-42');
    assert.deepEqual(sandboxProfileOf('https://linkedin.com/in/Jane-Doe-42/'), jane);
    const opaque = sandboxProfileOf('https://www.linkedin.com/in/x1');
    assert.ok(opaque);
    assert.match(opaque.fullName, /^\S+ \S+$/);
    const handles = Array.from({ length: 500 }, (_, index) => `https://www.linkedin.com/in/person-${index}-x`);
    const unreadable = handles.filter((link) => sandboxProfileOf(link) === null).length;
    assert.ok(unreadable > 5 && unreadable < 60, String(unreadable));
  });

  it('refuses links that are not a profile on the network', () => {
    for (const link of [
      'ftp://www.linkedin.com/in/jane-doe',
      'https://linkedin.com.evil.example/in/jane-doe',
      'https://example.com/in/jane-doe',
      'https://www.linkedin.com/company/acme',
      'https://www.linkedin.com/in/',
      'https://www.linkedin.com/in/jane/details/experience',
      'not a link',
      'https://www.linkedin.com/in/%E0%A4%A',
    ]) {
      assert.equal(linkedinProfileHandle(link), null, link);
      assert.equal(sandboxProfileOf(link), null, link);
    }
    assert.equal(linkedinProfileHandle('https://ua.linkedin.com/in/Olena-K'), 'olena-k');
    assert.equal(linkedinProfileHandle('www.linkedin.com/in/olena-k?trk=feed'), 'olena-k');
  });
});
