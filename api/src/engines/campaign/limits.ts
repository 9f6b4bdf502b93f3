/**
 * A campaign's own sending rules on top of each mailbox's (the mail engine's limits.ts):
 *
 * - dailyLimit / firstEmailDailyLimit (-1: none): how many emails, and how many first emails
 *   (new people contacted), the campaign hands to the mail engine per day of its schedule's time
 *   zone (UTC without a schedule). Counted by the day the message may leave (its not-before), in
 *   `campaign_daily_sends`, reserved by a conditional upsert so executors side by side never pass
 *   a limit.
 * - campaignPriority / recipientsPriority (-1: none) order due messages in the mail engine when
 *   campaigns share a mailbox whose limits cannot send everything: a higher campaign priority goes
 *   first; within a campaign, recipientsPriority is how strongly follow-ups go before first emails
 *   (100: follow-ups always first, 0: new recipients always first, 50: neither).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { sendingDay } from '../mail/outbound/limits';
import { rowsOf } from './repository';

export interface CampaignLimits {
  dailyLimit: number;
  firstEmailDailyLimit: number;
  campaignPriority: number;
  recipientsPriority: number;
}

const whole = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) ? value : fallback;

/** The limits of a campaign's stored options (defaults of document 2 §9: -1, none). */
export function campaignLimitsOf(options: Record<string, unknown>): CampaignLimits {
  return {
    dailyLimit: whole(options.dailyLimit, -1),
    firstEmailDailyLimit: whole(options.firstEmailDailyLimit, -1),
    campaignPriority: whole(options.campaignPriority, -1),
    recipientsPriority: whole(options.recipientsPriority, -1),
  };
}

export const hasDailyLimits = (limits: CampaignLimits): boolean => limits.dailyLimit >= 0 || limits.firstEmailDailyLimit >= 0;

/** Priority bands: campaign priority major (× 1,000), recipients' minor (0–100). */
const CAMPAIGN_PRIORITY_BAND = 1_000;

/** The mail engine's claim priority of one campaign email (outbox.ts orders due mail by it, highest first). */
export function messagePriority(limits: CampaignLimits, isFirstEmail: boolean): number {
  const major = (Math.min(100, Math.max(-1, limits.campaignPriority)) + 1) * CAMPAIGN_PRIORITY_BAND;
  const share = Math.min(100, limits.recipientsPriority);
  const minor = share < 0 ? 0 : isFirstEmail ? 100 - share : share;
  return major + minor;
}

/** The campaign's sending day of an instant and when that day ends, in the schedule's time zone. */
export function campaignDay(timeZone: string | null, at: Date): { date: string; end: Date } {
  try {
    const day = sendingDay(at, timeZone ?? 'UTC');
    return { date: day.date, end: day.end };
  } catch {
    const day = sendingDay(at, 'UTC');
    return { date: day.date, end: day.end };
  }
}

/**
 * Reserves one email (a first email when `first`) on the campaign's day; false when a limit is
 * reached. One statement: the insert for the day's first email, else an update guarded by the
 * limits (a row another executor holds is waited for, then re-checked).
 */
export async function reserveDailySend(
  db: DbOrTx,
  campaignId: number,
  day: string,
  first: boolean,
  limits: CampaignLimits,
): Promise<boolean> {
  const daily = limits.dailyLimit;
  const firsts = first ? limits.firstEmailDailyLimit : -1;
  const rows = await rowsOf<{ reserved: number }>(
    db,
    sql`insert into campaign_daily_sends as d (campaign_id, day, emails, first_emails)
        select ${campaignId}, ${day}::date, 1, ${first ? 1 : 0}
        where (${daily}::int < 0 or ${daily}::int >= 1) and (${firsts}::int < 0 or ${firsts}::int >= 1)
        on conflict (campaign_id, day) do update set emails = d.emails + 1, first_emails = d.first_emails + excluded.first_emails
          where (${daily}::int < 0 or d.emails < ${daily}::int) and (${firsts}::int < 0 or d.first_emails < ${firsts}::int)
        returning 1 as reserved`,
  );
  return rows.length > 0;
}

/** Gives back a reservation whose message was not queued (suppressed, or queued before by a replay). */
export async function releaseDailySend(db: DbOrTx, campaignId: number, day: string, first: boolean): Promise<void> {
  await db.execute(
    sql`update campaign_daily_sends set emails = greatest(emails - 1, 0),
          first_emails = greatest(first_emails - ${first ? 1 : 0}, 0)
        where campaign_id = ${campaignId} and day = ${day}::date`,
  );
}
