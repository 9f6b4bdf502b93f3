/**
 * Campaign schedules (campaign_schedules: a time zone and, per weekday, sending hours written
 * 'h:mm AM/PM') read as the mail engine's sending window, so a delay lands inside the sending days
 * and hours with the same time-zone arithmetic (DST included) the engine uses for mailboxes.
 */
import { WEEK_DAYS, type WeekDay } from '@leadforge/contracts';
import { MINUTES_PER_DAY, nextWindowOpening, type SendingWindow } from '../mail/outbound/limits';

const CLOCK = /^(1[0-2]|0?[1-9]):([0-5]\d) ?(AM|PM)$/i;

/** Minutes after midnight of an 'h:mm AM/PM' time; null when it is not one. */
export function clockMinutes(time: string): number | null {
  const match = CLOCK.exec(time.trim());
  if (!match) return null;
  const hours = (Number(match[1]) % 12) + ((match[3] as string).toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

export interface ScheduleRow {
  timezone: string;
  days: unknown;
}

interface ScheduleDay {
  day: WeekDay;
  enabled: boolean;
  from: string;
  to: string;
}

function isScheduleDay(value: unknown): value is ScheduleDay {
  if (typeof value !== 'object' || value === null) return false;
  const day = value as Record<string, unknown>;
  return (
    typeof day.day === 'string' &&
    (WEEK_DAYS as readonly string[]).includes(day.day) &&
    typeof day.from === 'string' &&
    typeof day.to === 'string' &&
    day.enabled !== false
  );
}

/**
 * The schedule as a sending window: enabled days only; an end of 12:00 AM after a later start
 * means midnight at the end of the day. A schedule without any open day gives a window that never
 * opens (the launch checks refuse such a schedule; a later edit leaves recipients waiting).
 */
export function scheduleWindow(schedule: ScheduleRow): SendingWindow {
  const days = Array.isArray(schedule.days) ? schedule.days.filter(isScheduleDay) : [];
  return {
    timeZone: schedule.timezone,
    days: days.flatMap((day) => {
      const from = clockMinutes(day.from);
      let to = clockMinutes(day.to);
      if (from === null || to === null) return [];
      if (to === 0 && from > 0) to = MINUTES_PER_DAY;
      return to > from ? [{ day: day.day, from, to }] : [];
    }),
  };
}

/**
 * The first instant at or after `at` inside the schedule; `at` itself without a schedule. Null
 * when the schedule never opens (or its time zone is unknown).
 */
export function withinSchedule(window: SendingWindow | null, at: Date): Date | null {
  if (!window) return at;
  try {
    return nextWindowOpening(window, at);
  } catch {
    return null;
  }
}
