import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { candidateAddresses, nameToken, patternsOf, rankPatterns, splitName } from './patterns';

describe('email patterns', () => {
  it('folds names to ASCII letters', () => {
    assert.equal(nameToken('José-María'), 'josemaria');
    assert.equal(nameToken("O'Brien"), 'obrien');
    assert.equal(nameToken('Straße'), 'strasse');
  });

  it('builds the usual candidates in the general order when nothing is known', () => {
    const { source, ranked } = rankPatterns({ account: {}, global: {} });
    assert.equal(source, 'default');
    const emails = candidateAddresses('Jane', 'Doe', 'acme.test', ranked).map((candidate) => candidate.email);
    assert.deepEqual(emails.slice(0, 8), [
      'jane.doe@acme.test',
      'jdoe@acme.test',
      'jane@acme.test',
      'janedoe@acme.test',
      'j.doe@acme.test',
      'doe@acme.test',
      'jane_doe@acme.test',
      'doej@acme.test',
    ]);
    assert.equal(new Set(emails).size, emails.length);
  });

  it('recognises the pattern of a known address', () => {
    assert.deepEqual(patternsOf('jdoe', 'Jane', 'Doe'), ['flast']);
    assert.deepEqual(patternsOf('doe.jane', 'Jane', 'Doe'), ['last.first']);
    assert.deepEqual(patternsOf('info', 'Jane', 'Doe'), []);
  });

  it('ranks the domain’s known pattern first, the account’s knowledge over the global one', () => {
    const accountFirst = rankPatterns({ account: { flast: 3, 'first.last': 1 }, global: { 'first.last': 50 } });
    assert.equal(accountFirst.source, 'account');
    assert.deepEqual(accountFirst.ranked.slice(0, 2).map((entry) => entry.pattern), ['flast', 'first.last']);
    assert.equal(accountFirst.ranked[0]!.score, 0.75);

    const globalOnly = rankPatterns({ account: {}, global: { lastf: 4, first: 1 } });
    assert.equal(globalOnly.source, 'global');
    assert.deepEqual(globalOnly.ranked.slice(0, 3).map((entry) => entry.pattern), ['lastf', 'first', 'first.last']);
  });

  it('splits full names', () => {
    assert.deepEqual(splitName('Ada King Lovelace'), { firstName: 'Ada', lastName: 'Lovelace' });
    assert.deepEqual(splitName('Cher'), { firstName: 'Cher', lastName: '' });
  });
});
