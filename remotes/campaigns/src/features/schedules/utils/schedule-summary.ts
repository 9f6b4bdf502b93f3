import type { ScheduleDay } from '@leadforge/contracts';

/** Consecutive enabled days with the same hours, e.g. [['mon','fri','9:00 AM','5:00 PM'], ['sat','sat',…]]. */
export interface DayRun {
  first: ScheduleDay['day'];
  last: ScheduleDay['day'];
  from: string;
  to: string;
}

/** Groups a schedule's enabled days into runs for a one-line summary ("Mon–Fri 9:00 AM–5:00 PM"). */
export function dayRuns(days: readonly ScheduleDay[]): DayRun[] {
  const runs: DayRun[] = [];
  let previousIndex = -2;
  days.forEach((day, index) => {
    const last = runs[runs.length - 1];
    if (!day.enabled) return;
    if (last && previousIndex === index - 1 && last.from === day.from && last.to === day.to) last.last = day.day;
    else runs.push({ first: day.day, last: day.day, from: day.from, to: day.to });
    previousIndex = index;
  });
  return runs;
}
