import { DAY_SLOTS, WEEK_DAYS, defaultScheduleDays, type Schedule, type ScheduleDay } from '@leadforge/contracts';

export type ScheduleFormValues = {
  name: string;
  timezone: string;
  days: ScheduleDay[];
};

/** The last moment a day may end on: the half-hour slots stop at 11:30 PM. */
export const END_OF_DAY = '11:59 PM';
export const FROM_TIMES: readonly string[] = DAY_SLOTS;
export const TO_TIMES: readonly string[] = [...DAY_SLOTS.slice(1), END_OF_DAY];

/** The browser's own zone, the likeliest choice for a new schedule. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Seven days in week order: a schedule saved with fewer shows the missing ones off. */
export function formValuesOf(schedule: Schedule | null): ScheduleFormValues {
  if (!schedule) return { name: '', timezone: browserTimeZone(), days: defaultScheduleDays() };
  const defaults = defaultScheduleDays();
  return {
    name: schedule.name,
    timezone: schedule.timezone,
    days: WEEK_DAYS.map((day, index) => schedule.days.find((entry) => entry.day === day) ?? { ...defaults[index]!, enabled: false }),
  };
}
