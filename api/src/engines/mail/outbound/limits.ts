/**
 * The per-mailbox sending scheduler as a pure function: may this mailbox send now, and if not,
 * from when. The counts come from the database (so the limits hold across worker processes); this
 * module only decides, and answers the earliest moment at which every limit is met at once:
 *
 * - daily cap (default 30, never above the plan's maximum) and the first-email daily limit, over
 *   the day in the window's time zone; warm-up mail is not counted (the caller leaves it out);
 * - a minimum gap with jitter (default 60–120 s) since the mailbox's last send. The jitter is
 *   derived from the mailbox and its last send time, so every worker computes the same gap;
 * - the sending window: days of the week and from/to times in an IANA time zone (the campaign's or
 *   the recipient's).
 *
 * Time-zone arithmetic uses Intl (the api has no date library): wall-clock readings come from
 * Intl.DateTimeFormat, and a wall-clock time is turned into an instant with the offset-fixing
 * method Luxon uses, which moves a time that a DST change skips (02:30 on a spring-forward night)
 * forward by the length of the gap. Window membership is always judged on the wall clock itself.
 */
import { createHash } from 'node:crypto';
import { MAILBOX_DEFAULTS, WEEK_DAYS, type WeekDay } from '@leadforge/contracts';

/** contracts' MAILBOX_DEFAULTS (what a new mailbox starts with), in the scheduler's terms. */
export const MAILBOX_LIMIT_DEFAULTS = {
  dailyCap: MAILBOX_DEFAULTS.dailyLimit,
  minGapSeconds: MAILBOX_DEFAULTS.minGapSeconds,
  maxGapSeconds: MAILBOX_DEFAULTS.maxGapSeconds,
} as const;

export const MINUTES_PER_DAY = 24 * 60;

export interface MailboxLimits {
  /** Seeds the gap jitter, so that two mailboxes sent at the same moment do not fall into step. */
  mailboxId: string;
  dailyCap: number;
  /** The plan's maximum; the effective cap is the lower of the two. */
  planDailyMax: number;
  minGapSeconds: number;
  maxGapSeconds: number;
  /** First emails of a sequence per day, null for no separate limit. */
  firstEmailDailyLimit: number | null;
}

export interface SendingWindowDay {
  day: WeekDay;
  /** Minutes after local midnight, 0…1440; a day whose `to` is not after `from` is closed. */
  from: number;
  to: number;
}

export interface SendingWindow {
  /** IANA name, e.g. Europe/Berlin. */
  timeZone: string;
  /** Open days; a day missing from the list is closed. */
  days: readonly SendingWindowDay[];
}

export interface MailboxUsage {
  /** Sends of the mailbox during the current day (sendingDay(now, window.timeZone)), warm-up excluded. */
  sentToday: number;
  /** Of those, first emails of a sequence. */
  firstEmailsSentToday: number;
  /** The mailbox's last send (any kind that should keep the gap), null if never. */
  lastSentAt: Date | null;
}

export interface ScheduleRequest {
  limits: MailboxLimits;
  window: SendingWindow;
  usage: MailboxUsage;
  /** Whether the message to send is the first of a sequence (the first-email limit applies). */
  isFirstEmail: boolean;
  now: Date;
}

export type BlockReason = 'daily_cap' | 'first_email_limit' | 'min_gap' | 'outside_window';

export type ScheduleDecision =
  | { allowed: true }
  | { allowed: false; notBefore: Date; reason: BlockReason }
  /** Nothing will ever change on its own: no open day in the window, or a cap of zero. */
  | { allowed: false; notBefore: null; reason: 'window_never_opens' | 'no_daily_allowance' };

// ─── Wall-clock arithmetic ────────────────────────────────────────────────────────────────────

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface WallClock extends CalendarDate {
  /** Minutes after midnight, with seconds as a fraction. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RangeError(`unknown time zone: ${JSON.stringify(timeZone)}`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallParts(instantMs: number, timeZone: string): WallClock & { second: number; hour: number; minute: number } {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const hour = values.hour ?? 0;
  const minute = values.minute ?? 0;
  const second = values.second ?? 0;
  return {
    year: values.year ?? 1970,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour,
    minute,
    second,
    minuteOfDay: hour * 60 + minute + second / 60,
  };
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
function offsetAt(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  const wall = wallParts(wholeSecond, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - wholeSecond;
}

/** The instant a wall-clock time of a date names; a time skipped by DST moves forward by the gap. */
function instantOf(date: CalendarDate, minuteOfDay: number, timeZone: string): number {
  const localAsUtc = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay);
  const firstOffset = offsetAt(localAsUtc, timeZone);
  let guess = localAsUtc - firstOffset;
  const secondOffset = offsetAt(guess, timeZone);
  if (secondOffset === firstOffset) return guess;
  guess -= secondOffset - firstOffset;
  const thirdOffset = offsetAt(guess, timeZone);
  if (thirdOffset === secondOffset) return guess;
  return localAsUtc - Math.min(secondOffset, thirdOffset);
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function weekDayOf(date: CalendarDate): WeekDay {
  // getUTCDay: 0 is Sunday; WEEK_DAYS starts on Monday.
  return WEEK_DAYS[(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7] as WeekDay;
}

const isoDate = (date: CalendarDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/**
 * The day `now` falls in, in a time zone: its date and its bounds (23 or 25 hours long on a DST
 * change). The caller counts the mailbox's sends in [start, end) for `usage`.
 */
export function sendingDay(now: Date, timeZone: string): { date: string; start: Date; end: Date } {
  const today = wallParts(now.getTime(), timeZone);
  return {
    date: isoDate(today),
    start: new Date(instantOf(today, 0, timeZone)),
    end: new Date(instantOf(addDays(today, 1), 0, timeZone)),
  };
}

// ─── The window ───────────────────────────────────────────────────────────────────────────────

function openHours(window: SendingWindow, day: WeekDay): SendingWindowDay | null {
  const entry = window.days.find((candidate) => candidate.day === day);
  return entry && entry.to > entry.from ? entry : null;
}

/** Whether an instant is inside the window, read on the window's wall clock. */
export function isInWindow(window: SendingWindow, at: Date): boolean {
  const wall = wallParts(at.getTime(), window.timeZone);
  const hours = openHours(window, weekDayOf(wall));
  return hours !== null && wall.minuteOfDay >= hours.from && wall.minuteOfDay < hours.to;
}

/** A DST change can skip a day's window entirely; two weeks covers any such day and every weekday. */
const WINDOW_SEARCH_DAYS = 14;

/** The first instant at or after `from` inside the window, or null if the window never opens. */
export function nextWindowOpening(window: SendingWindow, from: Date): Date | null {
  if (isInWindow(window, from)) return from;
  const start = wallParts(from.getTime(), window.timeZone);
  for (let offset = 0; offset <= WINDOW_SEARCH_DAYS; offset += 1) {
    const date = addDays(start, offset);
    const hours = openHours(window, weekDayOf(date));
    if (!hours) continue;
    const opening = instantOf(date, hours.from, window.timeZone);
    // An opening already past is today's closed window; one a DST gap pushed past `to` does not exist.
    if (opening > from.getTime() && isInWindow(window, new Date(opening))) return new Date(opening);
  }
  return null;
}

/**
 * Where the window's open stretch holding `at` (an instant inside the window) closes, at most
 * `limitMs` ahead: the day's closing time, or on through midnight when the next day opens at once.
 */
export function windowStretchEnd(window: SendingWindow, at: Date, limitMs: number): Date {
  const cap = at.getTime() + limitMs;
  let date: CalendarDate = wallParts(at.getTime(), window.timeZone);
  let end = at.getTime();
  // A stretch through midnight goes on to the next day; two days' turns reach any cap of a day.
  for (let turn = 0; turn < 3 && end < cap; turn += 1) {
    const hours = openHours(window, weekDayOf(date));
    if (!hours) break;
    const closing = instantOf(date, hours.to, window.timeZone);
    if (closing <= end) break;
    end = closing;
    date = addDays(date, 1);
    if (hours.to < 1_440 || (openHours(window, weekDayOf(date))?.from ?? 1) > 0) break;
  }
  return new Date(Math.min(end, cap));
}

// ─── The decision ─────────────────────────────────────────────────────────────────────────────

/** The gap this mailbox must keep after `lastSentAt`: min + jitter × (max − min), the same for every caller. */
export function requiredGapMs(
  limits: Pick<MailboxLimits, 'mailboxId' | 'minGapSeconds' | 'maxGapSeconds'>,
  lastSentAt: Date,
): number {
  const digest = createHash('sha256').update(`${limits.mailboxId}\0${lastSentAt.getTime()}`).digest();
  const fraction = digest.readUInt32BE(0) / 2 ** 32;
  return Math.round((limits.minGapSeconds + fraction * (limits.maxGapSeconds - limits.minGapSeconds)) * 1000);
}

function validate({ limits, window, usage, now }: ScheduleRequest): void {
  const wholeAtLeastZero = (value: number | null, name: string) => {
    if (value !== null && (!Number.isInteger(value) || value < 0))
      throw new RangeError(`${name} must be a whole number ≥ 0, got ${value}`);
  };
  wholeAtLeastZero(limits.dailyCap, 'dailyCap');
  wholeAtLeastZero(limits.planDailyMax, 'planDailyMax');
  wholeAtLeastZero(limits.firstEmailDailyLimit, 'firstEmailDailyLimit');
  wholeAtLeastZero(usage.sentToday, 'sentToday');
  wholeAtLeastZero(usage.firstEmailsSentToday, 'firstEmailsSentToday');
  if (!(limits.minGapSeconds >= 0 && limits.maxGapSeconds >= limits.minGapSeconds)) {
    throw new RangeError(`the gap must satisfy 0 ≤ min ≤ max, got ${limits.minGapSeconds}–${limits.maxGapSeconds} s`);
  }
  for (const day of window.days) {
    if (!WEEK_DAYS.includes(day.day)) throw new RangeError(`unknown week day: ${JSON.stringify(day.day)}`);
    if (!(day.from >= 0 && day.to <= MINUTES_PER_DAY))
      throw new RangeError(`window hours of ${day.day} must lie within 0…${MINUTES_PER_DAY} minutes`);
  }
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a date');
  formatterFor(window.timeZone);
}

/**
 * May the mailbox send now? If not: the earliest instant at which the caps, the gap and the window
 * all allow it (assuming nothing else is sent meanwhile), and the first limit that stands in the way.
 */
export function decideSend(request: ScheduleRequest): ScheduleDecision {
  validate(request);
  const { limits, window, usage, isFirstEmail, now } = request;
  const cap = Math.min(limits.dailyCap, limits.planDailyMax);
  if (cap === 0 || (isFirstEmail && limits.firstEmailDailyLimit === 0))
    return { allowed: false, notBefore: null, reason: 'no_daily_allowance' };

  let candidate = now.getTime();
  let reason: BlockReason | null = null;
  const block = (until: number, why: BlockReason) => {
    if (until <= candidate) return;
    candidate = until;
    reason ??= why;
  };

  // The counts are today's; from the next local midnight they start again at zero.
  const tomorrow = () => sendingDay(now, window.timeZone).end.getTime();
  if (usage.sentToday >= cap) block(tomorrow(), 'daily_cap');
  else if (isFirstEmail && limits.firstEmailDailyLimit !== null && usage.firstEmailsSentToday >= limits.firstEmailDailyLimit) {
    block(tomorrow(), 'first_email_limit');
  }
  if (usage.lastSentAt) block(usage.lastSentAt.getTime() + requiredGapMs(limits, usage.lastSentAt), 'min_gap');
  const opening = nextWindowOpening(window, new Date(candidate));
  if (opening === null) return { allowed: false, notBefore: null, reason: 'window_never_opens' };
  block(opening.getTime(), 'outside_window');

  return reason === null ? { allowed: true } : { allowed: false, notBefore: new Date(candidate), reason };
}
