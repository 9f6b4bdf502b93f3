import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchQuery } from './repository';

describe('the text filter as a tsquery', () => {
  it('makes every word a quoted prefix that must occur', () => {
    assert.equal(searchQuery('Quarterly plan'), "'Quarterly':* & 'plan':*");
    assert.equal(searchQuery('ada@company42.test'), "'ada':* & 'company42.test':*");
  });

  it('reads tsquery syntax and quotes as text, and answers null without a word', () => {
    assert.equal(searchQuery("o'neil & !x | y:* \\'"), "'o':* & 'neil':* & 'x':* & 'y':*");
    assert.equal(searchQuery('  !!! ... '), null);
  });
});
