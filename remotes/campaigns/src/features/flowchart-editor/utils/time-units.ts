/** The trigger window (minutes) and the delay (hours) as a number and a unit the user picks. */
import { TRIGGER_WINDOW_MINUTES_MAX, WAIT_HOURS_MAX } from '@leadforge/contracts';

export type WindowUnit = 'minutes' | 'hours' | 'days';
export type DelayUnit = 'hours' | 'days';

const MINUTES_PER: Record<WindowUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };
const HOURS_PER: Record<DelayUnit, number> = { hours: 1, days: 24 };

/** The largest unit that shows the minutes exactly (90 minutes stay minutes). */
export function windowParts(minutes: number | null): { value: number | null; unit: WindowUnit } {
  if (minutes === null || minutes <= 0) return { value: null, unit: 'days' };
  if (minutes % MINUTES_PER.days === 0) return { value: minutes / MINUTES_PER.days, unit: 'days' };
  if (minutes % MINUTES_PER.hours === 0) return { value: minutes / MINUTES_PER.hours, unit: 'hours' };
  return { value: minutes, unit: 'minutes' };
}

/** Minutes of a window, kept within 1 minute .. 30 days; null when no number is given. */
export function windowMinutes(value: number | null, unit: WindowUnit): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.min(TRIGGER_WINDOW_MINUTES_MAX, Math.max(1, Math.round(value * MINUTES_PER[unit])));
}

export function windowMaxIn(unit: WindowUnit): number {
  return Math.floor(TRIGGER_WINDOW_MINUTES_MAX / MINUTES_PER[unit]);
}

export function delayParts(hours: number | null): { value: number | null; unit: DelayUnit } {
  if (hours === null || hours <= 0) return { value: null, unit: 'days' };
  return hours % HOURS_PER.days === 0 ? { value: hours / HOURS_PER.days, unit: 'days' } : { value: hours, unit: 'hours' };
}

/** Hours of a delay, kept within 1 hour .. 90 days; null when no number is given. */
export function delayHours(value: number | null, unit: DelayUnit): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.min(WAIT_HOURS_MAX, Math.max(1, Math.round(value * HOURS_PER[unit])));
}

export function delayMaxIn(unit: DelayUnit): number {
  return Math.floor(WAIT_HOURS_MAX / HOURS_PER[unit]);
}
