import { pageParam, patchParams, readId, readOneOf, readPage, readText } from './search-params';

describe('table state in the URL', () => {
  const params = new URLSearchParams('page=3&job=42&status=valid&searchId=AbC&bad=-2');

  it('reads pages, ids, choices and texts, falling back on anything malformed', () => {
    expect(readPage(params, 'page')).toBe(3);
    expect(readPage(params, 'missing')).toBe(1);
    expect(readPage(new URLSearchParams('page=2.5'), 'page')).toBe(1);
    expect(readPage(new URLSearchParams('page=abc'), 'page')).toBe(1);
    expect(readId(params, 'job')).toBe(42);
    expect(readId(params, 'bad')).toBeNull();
    expect(readOneOf(params, 'status', ['valid', 'not_valid'] as const)).toBe('valid');
    expect(readOneOf(new URLSearchParams('status=nonsense'), 'status', ['valid'] as const)).toBeUndefined();
    expect(readText(params, 'searchId')).toBe('AbC');
    expect(readText(new URLSearchParams('searchId=%20'), 'searchId')).toBeNull();
  });

  it('writes a change over the other parameters and leaves defaults out', () => {
    const next = patchParams(params, { page: pageParam(1), status: undefined, job: 7, resultsPage: pageParam(2) });
    expect(next.toString()).toBe('job=7&searchId=AbC&bad=-2&resultsPage=2');
    expect(params.get('page')).toBe('3');
  });
});
