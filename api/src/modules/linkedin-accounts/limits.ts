/**
 * The day-by-day figures of an account that the view and the runner must agree on: the account's
 * own day (its time zone's calendar date, the key of linkedin_daily_usage), the warm-up day and
 * the limits the warm-up ramp allows today (LINKEDIN_WARMUP: from `startShare` of the defaults on
 * day 1 up to the defaults on the last day; never above the account's own limits).
 */
import {
  LINKEDIN_ACTION_TYPES,
  LINKEDIN_DAILY_LIMITS,
  LINKEDIN_WARMUP,
  defaultLinkedinActionLimits,
  linkedinActionLimitsSchema,
  type LinkedinActionLimits,
} from '@leadforge/contracts';
import { sendingDay } from '../../engines/mail/outbound/limits';

const DAY_MS = 86_400_000;

/** The account's calendar day at `now` (YYYY-MM-DD in its time zone). */
export function linkedinLocalDay(now: Date, timeZone: string): string {
  return sendingDay(now, timeZone).date;
}

/** Day of the warm-up (1 on the day it started); null when warm-up is off. */
export function warmUpDayOf(warmUp: boolean, startedAt: Date | null, now: Date): number | null {
  if (!warmUp || !startedAt) return null;
  return Math.max(1, Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS) + 1);
}

/** The stored limits, read defensively: a missing or broken entry falls back to the default. */
export function storedLimits(value: unknown): LinkedinActionLimits {
  const parsed = linkedinActionLimitsSchema.partial().safeParse(value);
  return { ...defaultLinkedinActionLimits(), ...(parsed.success ? parsed.data : {}) };
}

/** Today's limits: the account's own, lowered by the warm-up ramp while it lasts. */
export function effectiveLinkedinLimits(limits: LinkedinActionLimits, warmUpDay: number | null): LinkedinActionLimits {
  if (warmUpDay === null || warmUpDay > LINKEDIN_WARMUP.days) return { ...limits };
  const progress = LINKEDIN_WARMUP.days > 1 ? (warmUpDay - 1) / (LINKEDIN_WARMUP.days - 1) : 1;
  const share = LINKEDIN_WARMUP.startShare + (1 - LINKEDIN_WARMUP.startShare) * progress;
  return Object.fromEntries(
    LINKEDIN_ACTION_TYPES.map((action) => [action, Math.min(limits[action], Math.round(LINKEDIN_DAILY_LIMITS[action].default * share))]),
  ) as LinkedinActionLimits;
}
