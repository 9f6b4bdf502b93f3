import { areValidFilterDefinitions, isValidFilterDefinition, searchFilterError } from './search-filters';

describe('search filters', () => {
  it.each([
    ['prospect_name', 'a', 'filter_too_short'],
    ['prospect_name', ' a ', 'filter_too_short'],
    ['prospect_name', 'ab', null],
    ['prospect_name', '', null],
    ['company_name', 'x', 'filter_too_short'],
    ['company_name', 'Acme', null],
    ['company_url', 'a', 'filter_too_short'],
    ['company_url', 'acme.com', null],
    ['email', 'john@acme.com', null],
    ['email', 'john.doe+tag@mail.acme.co', null],
    ['email', 'john@acme', 'filter_email_invalid'],
    ['email', 'john acme.com', 'filter_email_invalid'],
    ['email', '', 'filter_email_invalid'],
    ['campaign_title', 'ab', 'filter_campaign_title_too_short'],
    ['campaign_title', 'abc', null],
    ['generic', '', 'filter_too_short'],
    ['generic', 'x', null],
  ] as const)('%s %j → %s', (kind, value, expected) => {
    expect(searchFilterError(kind, value)).toBe(expected);
  });

  it.each([
    [{ title: 'Country', keyId: 'country', valueType: 'string', value: 'UA' }, true],
    [{ title: 'Size', keyId: 3, valueType: 'number', value: 10 }, true],
    [{ title: 'Tags', keyId: 'tags', valueType: 'string_list', value: ['a', 'b'] }, true],
    [{ title: 'Ids', keyId: 'ids', valueType: 'number_list', value: [1, 2] }, true],
    [{ title: 'Verified', keyId: 'v', valueType: 'boolean', value: false }, true],
    [{ keyId: 'country', valueType: 'string', value: 'UA' }, false],
    [{ title: ' ', keyId: 'country', valueType: 'string', value: 'UA' }, false],
    [{ title: 'Country', valueType: 'string', value: 'UA' }, false],
    [{ title: 'Country', keyId: '', valueType: 'string', value: 'UA' }, false],
    [{ title: 'Size', keyId: 3, valueType: 'number', value: '10' }, false],
    [{ title: 'Tags', keyId: 'tags', valueType: 'string_list', value: ['a', 1] }, false],
    [{ title: 'Size', keyId: 3, valueType: 'number', value: Number.NaN }, false],
  ] as const)('definition %j → %s', (definition, expected) => {
    expect(isValidFilterDefinition(definition)).toBe(expected);
  });

  it('accepts a set of definitions only when every one is valid', () => {
    const good = { title: 'A', keyId: 'a', valueType: 'string' as const, value: 'x' };
    expect(areValidFilterDefinitions([good, good])).toBe(true);
    expect(areValidFilterDefinitions([good, { ...good, title: '' }])).toBe(false);
  });
});
