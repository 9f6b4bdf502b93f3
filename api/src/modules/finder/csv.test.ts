import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseNamesCsv, safeCell, toCsv, validateNameRows } from './csv';

describe('bulk search CSV', () => {
  it('reads a header in any column order, with ; delimiters and a BOM', () => {
    const parsed = parseNamesCsv('\uFEFFCompany;Last Name;First Name\nacme.test;Doe;Jane\n');
    assert.equal(parsed.firstRow, 2);
    assert.deepEqual(parsed.rows, [{ firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' }]);
  });

  it('takes first, last, domain in order when there is no header', () => {
    const parsed = parseNamesCsv('Jane,Doe,https://www.acme.test/team\n');
    assert.equal(parsed.firstRow, 1);
    const { good, errors } = validateNameRows(parsed.rows, parsed.firstRow);
    assert.deepEqual(errors, []);
    assert.deepEqual(good, [{ row: 1, firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' }]);
  });

  it('reports each bad row with its field and keeps company names for later resolution', () => {
    const { good, errors } = validateNameRows(
      [
        { firstName: 'Jane', lastName: '', domain: 'acme.test' },
        { firstName: 'Ann', lastName: 'Lee', domain: 'Acme Rockets Inc.' },
        { firstName: 'Bo', lastName: 'Li', domain: 'http://bad/' },
        { firstName: 'x'.repeat(101), lastName: 'Li', domain: '' },
      ],
      2,
    );
    assert.deepEqual(good, [{ row: 3, firstName: 'Ann', lastName: 'Lee', domain: 'Acme Rockets Inc.' }]);
    assert.deepEqual(
      errors.map((error) => [error.row, error.field, error.key]),
      [
        [2, 'lastName', 'field_required'],
        [4, 'domain', 'domain_invalid'],
        [5, 'firstName', 'field_too_long'],
        [5, 'domain', 'field_required'],
      ],
    );
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const value of ['=1+1', '+cmd', '-2', '@SUM(A1)']) assert.equal(safeCell(value), `'${value}`);
    assert.equal(safeCell('jane@acme.test'), 'jane@acme.test');
    assert.equal(toCsv(['a', 'b'], [['=HYPERLINK("x")', 'ok, fine']]), 'a,b\n"\'=HYPERLINK(""x"")","ok, fine"\n');
  });
});
