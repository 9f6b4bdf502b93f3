import { addressedNames } from './mail-tracking';

describe('addressedNames', () => {
  it('splits a full name when no first name is stored', () => {
    expect(addressedNames('Ada Lovelace', null, null)).toEqual({ first: 'Ada', last: 'Lovelace' });
    expect(addressedNames('  Jean  Paul Sartre ', undefined, undefined)).toEqual({ first: 'Jean', last: 'Paul Sartre' });
    expect(addressedNames('Plato', null, null)).toEqual({ first: 'Plato', last: '' });
  });

  it('keeps stored first and last names', () => {
    expect(addressedNames('Dr Ada Lovelace', 'Ada', 'Lovelace')).toEqual({ first: 'Ada', last: 'Lovelace' });
    // A stored first name alone: the rest of the full name is not guessed as the last name.
    expect(addressedNames('Ada King Lovelace', 'Ada', null)).toEqual({ first: 'Ada', last: '' });
    expect(addressedNames('', null, 'Lovelace')).toEqual({ first: '', last: 'Lovelace' });
  });
});
