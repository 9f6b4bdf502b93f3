/**
 * Campaign date and time rules of document 1 §4 and §5: dates written 'YYYY-MM-DD h:mm AM/PM',
 * clock times on half-hour slots (48 a day), and the start/end shifting.
 */
import { TIME_SLOTS } from '../constants';

export interface CampaignDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** 0…23 */
  hours: number;
  minutes: number;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (1[0-2]|0?[1-9]):([0-5]\d) ?(AM|PM)$/i;
const CLOCK = /^(1[0-2]|0?[1-9]):([0-5]\d) ?(AM|PM)$/i;

function to24(hour12: number, meridiem: string): number {
  const pm = meridiem.toUpperCase() === 'PM';
  return (hour12 % 12) + (pm ? 12 : 0);
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Parses 'YYYY-MM-DD h:mm AM/PM'; null for anything else, including impossible dates. */
export function parseCampaignDateTime(value: string): CampaignDateTime | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, ampm] = match as unknown as [string, string, string, string, string, string, string];
  if (!isCalendarDate(Number(y), Number(mo), Number(d))) return null;
  return { date: `${y}-${mo}-${d}`, hours: to24(Number(h), ampm), minutes: Number(mi) };
}

/** Writes 24-hour hours and minutes as 'h:mm AM/PM'. */
export function formatClockTime(hours: number, minutes: number): string {
  const meridiem = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${meridiem}`;
}

export function formatCampaignDateTime(value: CampaignDateTime): string {
  return `${value.date} ${formatClockTime(value.hours, value.minutes)}`;
}

/** Half-hour slot (0…47) of an 'h:mm AM/PM' time; minutes round down to the slot. Null if not a time. */
export function timeToSlot(time: string): number | null {
  const match = CLOCK.exec(time.trim());
  if (!match) return null;
  const hours = to24(Number(match[1]), match[3] as string);
  return hours * 2 + Math.floor(Number(match[2]) / TIME_SLOTS.minutes);
}

export function slotToTime(slot: number): string {
  if (!Number.isInteger(slot) || slot < 0 || slot >= TIME_SLOTS.perDay) throw new RangeError(`slot out of range: ${slot}`);
  return formatClockTime(Math.floor(slot / 2), (slot % 2) * TIME_SLOTS.minutes);
}

/** Every slot of a day, 12:00 AM … 11:30 PM. */
export const DAY_SLOTS: readonly string[] = Array.from({ length: TIME_SLOTS.perDay }, (_, slot) => slotToTime(slot));

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

export interface DateAndTime {
  date: string;
  /** 'h:mm AM/PM' */
  time: string;
}

/**
 * When the start is not before the end on the same day, the value the user did not change moves
 * to the adjacent half-hour slot: after a start change the end becomes start + 30 min, after an
 * end change the start becomes end − 30 min. Past midnight the moved value crosses to the next
 * (or previous) day, so the result is always start < end.
 */
export function adjustStartEnd(
  start: DateAndTime,
  end: DateAndTime,
  changed: 'start' | 'end',
): { start: DateAndTime; end: DateAndTime } {
  const startSlot = timeToSlot(start.time);
  const endSlot = timeToSlot(end.time);
  if (startSlot === null || endSlot === null || start.date !== end.date || startSlot < endSlot) return { start, end };
  if (changed === 'start') {
    const next = startSlot + 1;
    return next < TIME_SLOTS.perDay
      ? { start, end: { date: start.date, time: slotToTime(next) } }
      : { start, end: { date: addDays(start.date, 1), time: slotToTime(0) } };
  }
  const previous = endSlot - 1;
  return previous >= 0
    ? { start: { date: end.date, time: slotToTime(previous) }, end }
    : { start: { date: addDays(end.date, -1), time: slotToTime(TIME_SLOTS.perDay - 1) }, end };
}
