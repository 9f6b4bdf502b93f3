import { searchErrors, searchFilters, searchFromParams, searchToParams } from './search-filters';

describe('global search filters (document 1 §5)', () => {
  it('rejects one-character name, company and url filters', () => {
    expect(searchErrors({ prospect_name: 'a', company_name: 'b', company_url: 'c' })).toEqual({
      prospect_name: 'filter_too_short',
      company_name: 'filter_too_short',
      company_url: 'filter_too_short',
    });
  });

  it('needs a real email pattern and a campaign title of 3 characters', () => {
    expect(searchErrors({ email: 'ada@', campaign_title: 'ab' })).toEqual({
      email: 'filter_email_invalid',
      campaign_title: 'filter_campaign_title_too_short',
    });
    expect(searchErrors({ email: 'ada@example.com', campaign_title: 'abc', prospect_name: 'Ad' })).toEqual({});
  });

  it('treats empty fields as not filtering', () => {
    expect(searchErrors({ prospect_name: ' ', email: '' })).toEqual({});
    expect(searchFilters({ prospect_name: ' ' })).toBeNull();
    expect(searchFilters({ prospect_name: ' Ada ', email: '' })).toEqual({ prospect_name: 'Ada' });
  });

  it('runs the search a link names again, and ignores a link whose search the rules refuse', () => {
    const params = new URLSearchParams('prospect_name=Hedy&company_name=%20Frequency%20&page=2');
    expect(searchFromParams(params)).toEqual({
      values: { prospect_name: 'Hedy', company_name: ' Frequency ' },
      filters: { prospect_name: 'Hedy', company_name: 'Frequency' },
    });
    expect(searchFromParams(new URLSearchParams('prospect_name=H'))).toBeNull();
    expect(searchFromParams(new URLSearchParams('page=2'))).toBeNull();
  });

  it('writes a search as its filled fields and clears the others', () => {
    expect(searchToParams({ prospect_name: 'Hedy', email: ' ' })).toMatchObject({
      prospect_name: 'Hedy',
      email: undefined,
      company_name: undefined,
    });
  });
});
