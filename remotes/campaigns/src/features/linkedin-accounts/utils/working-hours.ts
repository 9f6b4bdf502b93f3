/**
 * Working hours as the settings drawer holds them (one row per weekday: on or off, from, to) and
 * as the API takes them (only the days the account works, in minutes of the day).
 */
import { LINKEDIN_ACCOUNT_DEFAULTS, WEEK_DAYS, type LinkedinWorkingHours, type WeekDay } from '@leadforge/contracts';

const MINUTES_PER_DAY = 1_440;
/** The choices of the from/to pickers: every half hour, midnight to midnight. */
const STEP_MINUTES = 30;

export type DayHours = { on: boolean; from: number; to: number };
export type WeekHours = Record<WeekDay, DayHours>;

/** 540 → "09:00"; the end of the day is "24:00". */
export function minutesToTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Every half hour from 00:00 to 24:00, with saved times that fall between them kept as they are. */
export function timeChoices(keep: readonly number[] = []): number[] {
  const steps = Array.from({ length: MINUTES_PER_DAY / STEP_MINUTES + 1 }, (_, index) => index * STEP_MINUTES);
  return [...new Set([...steps, ...keep])].sort((a, b) => a - b);
}

/** A day off keeps the default hours, so switching it on starts from office hours. */
export function weekHoursOf(hours: LinkedinWorkingHours): WeekHours {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const saved = hours.find((entry) => entry.day === day);
      return [day, saved ? { on: true, from: saved.from, to: saved.to } : { on: false, from: LINKEDIN_ACCOUNT_DEFAULTS.workingFrom, to: LINKEDIN_ACCOUNT_DEFAULTS.workingTo }];
    }),
  ) as WeekHours;
}

export function workingHoursOf(week: WeekHours): LinkedinWorkingHours {
  return WEEK_DAYS.filter((day) => week[day]?.on).map((day) => ({ day, from: week[day].from, to: week[day].to }));
}
