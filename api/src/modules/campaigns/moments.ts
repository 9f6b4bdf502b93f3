/** Campaign start and end moments ({date, time, timeZone}) as instants, and the 48-slot shifting on save. */
import { adjustStartEnd, parseCampaignDateTime, type CampaignMoment } from '@leadforge/contracts';

/** Offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock moment names in its time zone; null for an unreadable one. */
export function momentToDate(moment: CampaignMoment): Date | null {
  const parsed = parseCampaignDateTime(`${moment.date} ${moment.time}`);
  if (!parsed) return null;
  const [y, m, d] = parsed.date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, parsed.hours, parsed.minutes);
  try {
    // Twice: the offset at the first guess may differ from the offset at the answer (DST edges).
    const first = wall - zoneOffsetMs(wall, moment.timeZone);
    return new Date(wall - zoneOffsetMs(first, moment.timeZone));
  } catch {
    return null;
  }
}

/**
 * The 48-slot rule of document 1 §4 (rules/campaign-time.ts) applied on save: when start and
 * end fall on the same day with the start not before the end, the one the user did not change
 * moves to the adjacent half-hour slot.
 */
export function shiftStartEnd(
  startAt: CampaignMoment | null,
  completeAt: CampaignMoment | null,
  changed: 'start' | 'end',
): { startAt: CampaignMoment | null; completeAt: CampaignMoment | null } {
  if (!startAt || !completeAt) return { startAt, completeAt };
  const adjusted = adjustStartEnd({ date: startAt.date, time: startAt.time }, { date: completeAt.date, time: completeAt.time }, changed);
  return {
    startAt: { ...startAt, date: adjusted.start.date, time: adjusted.start.time },
    completeAt: { ...completeAt, date: adjusted.end.date, time: adjusted.end.time },
  };
}
