/**
 * Named sending schedules (document 1 §3 "Schedule": id, name, timezone, days, campaignList;
 * document 2 §7.5 "Schedules: getList, timezoneList, save, delete {scheduleId}"). A campaign picks
 * one in its sending options; the executor sends only on its enabled days, between their hours,
 * on the schedule's own clock.
 */
import * as z from './zod';
import { WEEK_DAYS, scheduleDaySchema, scheduleSchema, type WeekDay } from './campaigns';
import { okResponseSchema } from './common';
import { isTimeZoneName } from './email-accounts';
import type { ErrorKey } from './errors';
import { recordIdSchema, timeZoneNameSchema } from './fields';
import { timeZoneSchema } from './general';
import { defineRoute } from './http';

export const SCHEDULE_NAME_MAX = 100;

export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

/** A new schedule's days: Monday to Friday, 9 AM to 5 PM; the weekend off. */
export function defaultScheduleDays(): ScheduleDay[] {
  return WEEK_DAYS.map((day: WeekDay) => ({ day, enabled: day !== 'sat' && day !== 'sun', from: '9:00 AM', to: '5:00 PM' }));
}

const CLOCK = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/;

/** Minutes since midnight of an 'h:mm AM/PM' clock time; null for anything else. */
export function clockMinutes(time: string): number | null {
  const match = CLOCK.exec(time);
  if (!match) return null;
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

export type ScheduleIssueKey = Extract<ErrorKey, 'schedule_no_days' | 'schedule_hours_invalid'>;
export interface ScheduleIssue {
  key: ScheduleIssueKey;
  /** Dotted path of the offending field (`days`, `days.2.to`). */
  field: string;
}

/**
 * What keeps a schedule from being saved, checked on both sides: it must send on at least one
 * day, and each enabled day must end after it starts (a disabled day's hours do not matter).
 */
export function scheduleIssues(days: readonly ScheduleDay[]): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (!days.some((day) => day.enabled)) issues.push({ key: 'schedule_no_days', field: 'days' });
  days.forEach((day, index) => {
    if (!day.enabled) return;
    const from = clockMinutes(day.from);
    const to = clockMinutes(day.to);
    if (from === null || to === null || from >= to) issues.push({ key: 'schedule_hours_invalid', field: `days.${index}.to` });
  });
  return issues;
}

export const scheduleTimeZoneSchema = timeZoneNameSchema.refine(isTimeZoneName, { message: 'an IANA time zone such as Europe/Berlin' });

export const saveScheduleBodySchema = z
  .object({
    /** Absent: a new schedule; present: the caller's schedule to change. */
    id: recordIdSchema.optional(),
    name: z.string().trim().min(1).max(SCHEDULE_NAME_MAX),
    timezone: scheduleTimeZoneSchema,
    days: z
      .array(scheduleDaySchema.strict())
      .max(WEEK_DAYS.length)
      .refine((days) => new Set(days.map((day) => day.day)).size === days.length, { message: 'each day once' }),
  })
  .strict();
export type SaveScheduleBody = z.input<typeof saveScheduleBodySchema>;

export const deleteScheduleBodySchema = z.object({ scheduleId: recordIdSchema }).strict();

export const schedulesRoutes = {
  listSchedules: defineRoute({
    id: 'schedules.getList',
    method: 'GET',
    path: '/schedules/getList',
    response: z.object({ items: z.array(scheduleSchema) }),
    summary: 'The caller’s sending schedules by name, each with the campaigns that use it',
  }),
  scheduleTimeZones: defineRoute({
    id: 'schedules.timezoneList',
    method: 'GET',
    path: '/schedules/timezoneList',
    response: z.object({ timeZones: z.array(timeZoneSchema) }),
    summary: 'IANA time zones with their current offsets, for a schedule',
  }),
  saveSchedule: defineRoute({
    id: 'schedules.save',
    method: 'POST',
    path: '/schedules/save',
    body: saveScheduleBodySchema,
    response: z.object({ schedule: scheduleSchema }),
    errors: ['schedule_no_days', 'schedule_hours_invalid', 'not_found'],
    summary: 'Creates a schedule, or changes one (campaigns on it send by the new hours from then on)',
  }),
  deleteSchedule: defineRoute({
    id: 'schedules.delete',
    method: 'POST',
    path: '/schedules/delete',
    body: deleteScheduleBodySchema,
    response: okResponseSchema,
    errors: ['schedule_in_use', 'not_found'],
    summary: 'Deletes a schedule no active or paused campaign and no warm-up that is on uses (draft and finished campaigns, stopped warm-ups lose it)',
  }),
};
