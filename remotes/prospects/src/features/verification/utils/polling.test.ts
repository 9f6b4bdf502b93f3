import { POLLING } from '@leadforge/contracts';
import { tagCreationRefetchInterval, verificationRefetchInterval, withoutEmailRefetchInterval } from './polling';

describe('polling of document 2 §7.11', () => {
  it('re-polls verification every 10 s while an email is in progress or greylisted', () => {
    expect(verificationRefetchInterval(['valid', 'greylist'])).toBe(POLLING.verificationMs);
    expect(verificationRefetchInterval(['in_progress'])).toBe(10_000);
    expect(verificationRefetchInterval(['valid', 'not_valid', null])).toBe(false);
  });

  it('polls the without-email count every 8 s until it is no longer -1', () => {
    expect(withoutEmailRefetchInterval(-1)).toBe(8_000);
    expect(withoutEmailRefetchInterval(0)).toBe(false);
    expect(withoutEmailRefetchInterval(42)).toBe(false);
  });

  it('polls a tag creation every 10 s until it is done', () => {
    expect(tagCreationRefetchInterval('in_progress')).toBe(10_000);
    expect(tagCreationRefetchInterval('done')).toBe(false);
    expect(tagCreationRefetchInterval(null)).toBe(false);
  });
});
