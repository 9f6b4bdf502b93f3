/** The dashboard's date range: UTC calendar days, both ends included, at most STATISTICS_RANGE_DAYS_MAX days. */
import { STATISTICS_DEFAULT_RANGE_DAYS, STATISTICS_RANGE_DAYS_MAX } from '@leadforge/contracts';

export type DayRange = { from: string; to: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The last `days` days up to today (the default: the last 30). */
export function lastDays(today: Date, days: number = STATISTICS_DEFAULT_RANGE_DAYS): DayRange {
  const to = isoDay(today);
  return { from: addDays(to, -(days - 1)), to };
}

export const RANGE_PRESETS = [7, 30, 90] as const;

/** A picked range made valid: ends in order, and no longer than the API allows (the start moves). */
export function clampRange(range: DayRange): DayRange {
  const [from, to] = range.from <= range.to ? [range.from, range.to] : [range.to, range.from];
  const earliest = addDays(to, -(STATISTICS_RANGE_DAYS_MAX - 1));
  return { from: from < earliest ? earliest : from, to };
}
