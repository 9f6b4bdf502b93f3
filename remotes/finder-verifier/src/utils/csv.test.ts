import { parseDomainRows, parseEmailRows, parseNameRows } from './csv';

describe('CSV rows', () => {
  it('keeps each distinct address once and says which lines were rejected and why', () => {
    const parsed = parseEmailRows('email,name\nAnna@Acme.com,Anna\nnot-an-address\nanna@acme.com\n\nbob@example.org');
    expect(parsed.rows).toEqual(['anna@acme.com', 'bob@example.org']);
    expect(parsed.errors).toEqual([
      { line: 3, value: 'not-an-address', reason: 'invalid_email' },
      { line: 4, value: 'anna@acme.com', reason: 'duplicate' },
    ]);
  });

  it('reduces websites to their domain and refuses what is not one', () => {
    const parsed = parseDomainRows('https://www.acme.com/about\nacme.com\nnot a domain\nexample.org');
    expect(parsed.rows).toEqual(['acme.com', 'example.org']);
    expect(parsed.errors.map((error) => [error.line, error.reason])).toEqual([
      [2, 'duplicate'],
      [3, 'invalid_domain'],
    ]);
  });

  it('needs first name, last name and company on every name row', () => {
    const parsed = parseNameRows('first,last,domain\nAda,Lovelace,https://acme.com\nAlan,,example.org\nGrace,Hopper,Navy Research');
    expect(parsed.rows).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', domain: 'acme.com' },
      { firstName: 'Grace', lastName: 'Hopper', domain: 'Navy Research' },
    ]);
    expect(parsed.errors).toEqual([{ line: 3, value: 'Alan, , example.org', reason: 'missing_fields' }]);
  });
});
