import { STATISTICS_RANGE_DAYS_MAX } from '@leadforge/contracts';
import { clampRange, lastDays } from './date-range';

describe('the dashboard period', () => {
  it('covers the last 30 days up to today by default, both ends included', () => {
    expect(lastDays(new Date('2026-03-31T22:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(lastDays(new Date('2026-03-31T22:00:00Z'), 7)).toEqual({ from: '2026-03-25', to: '2026-03-31' });
  });

  it('puts reversed ends in order and shortens a range longer than the API allows', () => {
    expect(clampRange({ from: '2026-03-10', to: '2026-03-01' })).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    const long = clampRange({ from: '2020-01-01', to: '2026-03-01' });
    const days = (Date.parse(long.to) - Date.parse(long.from)) / 86_400_000 + 1;
    expect(days).toBe(STATISTICS_RANGE_DAYS_MAX);
    expect(long.to).toBe('2026-03-01');
  });
});
