/**
 * The sending window as the edit form shows it (one set of days sharing one from–to, in one time
 * zone) and as the list sums it up. The contract allows a different time on each day; a window
 * saved that way elsewhere opens with its first day's times and is summed up day by day.
 */
import { WEEK_DAYS, type SendingWindowSetting, type WeekDay } from '@leadforge/contracts';

const MINUTES_PER_DAY = 1_440;
/** The choices of the from/to pickers: every half hour, midnight to midnight. */
const STEP_MINUTES = 30;

/** A new window: working days, office hours. */
export const DEFAULT_WINDOW = { days: ['mon', 'tue', 'wed', 'thu', 'fri'] as WeekDay[], from: 9 * 60, to: 17 * 60 };

export type WindowFormValues = {
  /** Off: the mailbox may send at any time of day. */
  limited: boolean;
  days: WeekDay[];
  from: number;
  to: number;
  timeZone: string;
};

/** 540 → "09:00"; the end of the day is "24:00". */
export function minutesToTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Every half hour from 00:00 to 24:00, with a saved time that falls between them kept as it is. */
export function timeChoices(keep: readonly number[] = []): number[] {
  const steps = Array.from({ length: MINUTES_PER_DAY / STEP_MINUTES + 1 }, (_, index) => index * STEP_MINUTES);
  return [...new Set([...steps, ...keep])].sort((a, b) => a - b);
}

export function windowToForm(window: SendingWindowSetting | null, fallbackTimeZone: string): WindowFormValues {
  if (!window) return { limited: false, ...DEFAULT_WINDOW, timeZone: fallbackTimeZone };
  const first = window.days[0];
  return {
    limited: true,
    days: WEEK_DAYS.filter((day) => window.days.some((open) => open.day === day)),
    from: first?.from ?? DEFAULT_WINDOW.from,
    to: first?.to ?? DEFAULT_WINDOW.to,
    timeZone: window.timeZone,
  };
}

export function formToWindow(values: WindowFormValues): SendingWindowSetting | null {
  if (!values.limited) return null;
  return {
    timeZone: values.timeZone,
    days: WEEK_DAYS.filter((day) => values.days.includes(day)).map((day) => ({ day, from: values.from, to: values.to })),
  };
}

export type WindowSpan = {
  /** First and last day of a run of consecutive days with the same hours (the same day when alone). */
  firstDay: WeekDay;
  lastDay: WeekDay;
  from: string;
  to: string;
};

/**
 * The open days grouped into runs of consecutive days with the same hours, Monday first:
 * Mon–Fri 09:00–17:00, Sat 10:00–14:00. An empty list means the window never opens.
 */
export function windowSpans(window: SendingWindowSetting): WindowSpan[] {
  const byDay = new Map(window.days.map((open) => [open.day, open]));
  const spans: WindowSpan[] = [];
  let previous: WeekDay | null = null;
  for (const day of WEEK_DAYS) {
    const open = byDay.get(day);
    if (!open) {
      previous = null;
      continue;
    }
    const from = minutesToTime(open.from);
    const to = minutesToTime(open.to);
    const last = spans.at(-1);
    if (previous !== null && last && last.lastDay === previous && last.from === from && last.to === to) last.lastDay = day;
    else spans.push({ firstDay: day, lastDay: day, from, to });
    previous = day;
  }
  return spans;
}
