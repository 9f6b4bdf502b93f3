import type { StatisticsPoint } from '@leadforge/contracts';
import { chartRows, hasActivity } from './daily-chart';

const point = (day: string, kind: StatisticsPoint['kind'], count: number): StatisticsPoint => ({ day, kind, count, unique: count });

describe('the daily chart rows', () => {
  it('keeps the chosen kinds in day order, named by their label', () => {
    const rows = chartRows([point('2026-03-02', 'sent', 4), point('2026-03-01', 'sent', 2), point('2026-03-01', 'opened', 1), point('2026-03-01', 'failed', 9)], ['sent', 'opened'], (kind) => kind.toUpperCase());
    expect(rows).toEqual([
      { day: '2026-03-01', series: 'SENT', value: 2 },
      { day: '2026-03-01', series: 'OPENED', value: 1 },
      { day: '2026-03-02', series: 'SENT', value: 4 },
    ]);
  });

  it('sees an all-zero range as no activity', () => {
    expect(hasActivity([point('2026-03-01', 'sent', 0)])).toBe(false);
    expect(hasActivity([point('2026-03-01', 'sent', 1)])).toBe(true);
  });
});
