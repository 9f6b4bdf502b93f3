import { adjustStartEnd, DAY_SLOTS, type CampaignMoment } from '@leadforge/contracts';

/** The 48 half-hour times a start or end may take ('12:00 AM' … '11:30 PM'). */
export const MOMENT_TIME_OPTIONS: readonly string[] = DAY_SLOTS;

export type MomentPair = { startAt: CampaignMoment | null; completeAt: CampaignMoment | null };

/**
 * A start or end just picked, with the other one shifted as document 1 §4 says: when the start
 * is not before the end on the same day, the value the user did not change moves to the
 * adjacent half-hour slot (rules/campaign-time.ts). The other keeps its time zone.
 */
export function pickMoment(current: MomentPair, changed: 'start' | 'end', value: CampaignMoment | null): MomentPair {
  const next: MomentPair = changed === 'start' ? { ...current, startAt: value } : { ...current, completeAt: value };
  if (!next.startAt || !next.completeAt) return next;
  const shifted = adjustStartEnd(next.startAt, next.completeAt, changed);
  return {
    startAt: { ...next.startAt, date: shifted.start.date, time: shifted.start.time },
    completeAt: { ...next.completeAt, date: shifted.end.date, time: shifted.end.time },
  };
}
