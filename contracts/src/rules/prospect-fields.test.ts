import { PROSPECT_NAME_MAX } from '../constants';
import {
  cleanInput,
  companyErrors,
  isBlankCompany,
  isRemovalValue,
  isValidPhone,
  matchesNamePattern,
  normaliseCustomFieldValue,
  prospectNameError,
  removeBlankCompanies,
  sanitizeText,
  splitRemovals,
} from './prospect-fields';

describe('prospect name', () => {
  it.each([
    ['', 'prospect_name_required'],
    ['   ', 'prospect_name_required'],
    [null, 'prospect_name_required'],
    ['Ada Lovelace', null],
    ['a'.repeat(PROSPECT_NAME_MAX), null],
    ['a'.repeat(PROSPECT_NAME_MAX + 1), 'prospect_name_too_long'],
    [`  ${'a'.repeat(PROSPECT_NAME_MAX)}  `, null],
  ])('%j → %s', (name, expected) => {
    expect(prospectNameError(name)).toBe(expected);
  });
});

describe('number custom field normalisation', () => {
  it.each([
    ['number', '-', ''],
    ['number', ' - ', ''],
    ['number', '12.', '12'],
    ['number', '12.5', '12.5'],
    ['number', '-3', '-3'],
    ['number', '', ''],
    ['text', '-', '-'],
    ['text', 'ends with.', 'ends with.'],
  ] as const)('%s %j → %j', (type, value, expected) => {
    expect(normaliseCustomFieldValue(type, value)).toBe(expected);
  });

  it('treats a number field of only "-" as a removal', () => {
    expect(isRemovalValue(normaliseCustomFieldValue('number', '-'))).toBe(true);
  });
});

describe('empty values are removals', () => {
  it.each([
    ['', true],
    ['  ', true],
    [null, true],
    [undefined, true],
    ['+1 555', false],
  ])('%j → %s', (value, expected) => {
    expect(isRemovalValue(value)).toBe(expected);
  });

  it('keeps filled phones and lists stored empty ones for removal', () => {
    const phones = [
      { phoneId: 1, phone: '+380 44 000 0000' },
      { phoneId: 2, phone: '' },
      { phoneId: null, phone: ' ' },
      { phoneId: null, phone: '555 1234' },
    ];
    const result = splitRemovals(
      phones,
      (p) => p.phone,
      (p) => p.phoneId,
    );
    expect(result.keep.map((p) => p.phone)).toEqual(['+380 44 000 0000', '555 1234']);
    expect(result.removeIds).toEqual([2]);
  });
});

describe('companies', () => {
  it.each([
    [{}, true],
    [{ name: ' ', url: '', position: '', hqPhone: '' }, true],
    [{ position: 'CTO' }, false],
    [{ hqPhone: '123' }, false],
  ])('blank company %j → %s', (company, expected) => {
    expect(isBlankCompany(company)).toBe(expected);
  });

  it('removes blank rows and keeps the rest in order', () => {
    expect(removeBlankCompanies([{ name: 'A' }, { name: '' }, { url: 'b.com' }])).toEqual([{ name: 'A' }, { url: 'b.com' }]);
  });

  it.each([
    [[{ url: 'acme.com' }], [{ index: 0, field: 'name', key: 'company_name_required' }]],
    [[{ position: 'CEO' }], [{ index: 0, field: 'name', key: 'company_name_required' }]],
    [
      [{ name: '', url: '', position: '', hqPhone: '' }, { position: 'CEO' }],
      [{ index: 0, field: 'name', key: 'company_name_required' }],
    ],
    [[{ name: 'Acme', url: 'https://acme.com/about' }], []],
    // A scheme without a path was refused on every edit of a prospect with a company website.
    [[{ name: 'Acme', url: 'https://acme.com' }], []],
    [[{ name: 'Acme', url: 'http://www.acme.co.uk' }], []],
    [[{ name: 'Acme', url: 'ftp://acme.com' }], [{ index: 0, field: 'url', key: 'company_url_invalid' }]],
    [[{ name: 'Acme', url: 'not a url' }], [{ index: 0, field: 'url', key: 'company_url_invalid' }]],
    [[{ name: 'Acme <b>' }], [{ index: 0, field: 'name', key: 'company_name_invalid' }]],
    [[{ name: 'x'.repeat(256) }], [{ index: 0, field: 'name', key: 'company_name_invalid' }]],
    [[{ name: 'Acme', hqPhone: 'call me' }], [{ index: 0, field: 'hqPhone', key: 'company_hq_phone_invalid' }]],
    [[{ name: 'Acme', hqPhone: '+1 (555) 010-9999' }], []],
    [[{ hqPhone: '+1 555 0100' }], []],
  ])('%j → %j', (companies, expected) => {
    expect(companyErrors(companies)).toEqual(expected);
  });

  it.each([
    ['+44 20 7946 0958', true],
    ['1234', false],
    ['12345', true],
    ['+1-555-abc', false],
    ['1'.repeat(21), false],
  ])('phone %j → %s', (phone, expected) => {
    expect(isValidPhone(phone)).toBe(expected);
  });
});

describe('input clean-up and sanitising', () => {
  it.each([
    ['a;b"c\\d<e>f', 'abcdef'],
    ['<script>alert("x")</script>', 'scriptalert(x)/script'],
    ['plain text', 'plain text'],
  ])('cleanInput(%j) → %j', (input, expected) => {
    expect(cleanInput(input)).toBe(expected);
  });

  it.each([
    ['  a  \u0000b\t\tc ', 'a b c'],
    ['line\none', 'line\none'],
  ])('sanitizeText(%j) → %j', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });
});

describe('name pattern', () => {
  it.each([
    ['John', true],
    ['José Álvarez', true],
    ['Łukasz Żółć', true],
    ['Олександр Шевченко', true],
    ['王小明', true],
    ["O'Neil", true],
    ['Jean-Luc', true],
    ['John2', false],
    ['John_Doe', false],
    ['', false],
    ['محمد', false],
    ['John  Doe', false],
  ])('%j → %s', (name, expected) => {
    expect(matchesNamePattern(name)).toBe(expected);
  });
});
