import { dkimStatusOf, isDkimSelector } from './dkim';

describe('the DKIM key status', () => {
  it('is unset without a key, unverified until its record is found, then verified', () => {
    expect(dkimStatusOf(null)).toBe('unset');
    expect(dkimStatusOf({ verifiedAt: null })).toBe('unverified');
    expect(dkimStatusOf({ verifiedAt: '2026-11-25T10:00:00.000Z' })).toBe('verified');
  });
});

describe('a DKIM selector as typed', () => {
  it('is accepted as the server takes it: one DNS label, case and surrounding spaces ignored', () => {
    for (const value of ['lf1', 'LF1', ' mail-2024 ', 'a', 'x'.repeat(63)]) expect(isDkimSelector(value)).toBe(true);
  });

  it('is refused with other characters, a hyphen at either end, or more than 63 characters', () => {
    for (const value of ['', 'has_underscore', 'dot.ted', '-lead', 'trail-', 'x'.repeat(64), 'ключ'])
      expect(isDkimSelector(value)).toBe(false);
  });
});
