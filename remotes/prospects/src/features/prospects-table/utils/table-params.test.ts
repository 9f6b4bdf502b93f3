import { patchParams } from '@leadforge/ui';
import { withFilter, withSort, initialTableState } from './table-query';
import { tableStateFromParams, tableStateToParams } from './table-params';

const toUrl = (state: ReturnType<typeof initialTableState>) => patchParams(new URLSearchParams(), tableStateToParams(state));

describe('the prospects table in the URL', () => {
  it('keeps a fresh list’s address bare and reads it back as page 1, default sort, no filter', () => {
    expect(toUrl(initialTableState(3)).toString()).toBe('');
    expect(tableStateFromParams(3, new URLSearchParams())).toEqual(initialTableState(3));
  });

  it('restores the page, the sort and every filter from a shared link', () => {
    const filtered = withFilter(initialTableState(3), {
      emailStatus: ['valid', 'no_email'],
      tags: [5, 9],
      tagsFilter: 'all',
      duplicates: true,
      lists: [4],
      linkedin: 'with',
    });
    const state = { ...withSort(filtered, 'name', 'ascend'), page: 4, filterUserId: 20 };
    const url = toUrl(state);
    expect(url.toString()).toBe(
      'page=4&sort=name&order=asc&status=valid%2Cno_email&tags=5%2C9&tagsMode=all&duplicates=1&inLists=4&linkedin=with&member=20',
    );
    expect(tableStateFromParams(3, url)).toEqual(state);
  });

  it('reads a malformed link as the default table instead of failing', () => {
    const state = tableStateFromParams(null, new URLSearchParams('page=-1&sort=tags&order=up&status=bogus&tags=x'));
    expect(state).toEqual(initialTableState(null));
  });
});
