import { parseEmailRows } from '../../../utils/csv';
import { costFigures } from './cost-figures';

describe('the cost of a bulk run', () => {
  it('counts the rows the screen rejected itself, free, beside what the server counted', () => {
    const parsed = parseEmailRows('ada@acme.test\nnot an address\nalan@acme.test\nADA@acme.test\ngrace@navy.test');
    expect(parsed.rows).toHaveLength(3);
    // The server saw the 3 clean rows, one of them verified before.
    const server = { total: 3, duplicates: 0, syntaxInvalid: 0, alreadyVerified: 1, toVerify: 2, balance: 50, enough: true };
    expect(costFigures(server, parsed, 3)).toEqual({ ...server, total: 5, duplicates: 1, syntaxInvalid: 1 });
  });

  it('counts the rows past the limit, which were never sent', () => {
    const parsed = parseEmailRows('a@acme.test\nb@acme.test\nc@acme.test');
    const server = { total: 2, duplicates: 0, syntaxInvalid: 0, alreadyVerified: 0, toVerify: 2, balance: 50, enough: true };
    expect(costFigures(server, parsed, 2).total).toBe(3);
  });
});
