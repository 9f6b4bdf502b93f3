/**
 * The warm-up's own rules (issue 17), shared by the API's planner and the screens that explain
 * them: the daily ramp of one mailbox and the health read off where its warm-up mail landed.
 *
 * - Ramp: the target on warm-up day d (1 = the first day) is min(start + increase × (d − 1),
 *   ceiling), defaults 10 / 1 / 40; while the mailbox also runs a campaign it sends at most
 *   WARMUP_RULES.campaignDayCap warm-up mails (its reputation is spent on real mail that day).
 * - Health over the last WARMUP_RULES.healthWindowDays days, from at least
 *   WARMUP_RULES.healthMinSamples placed mails (inbox or spam; fewer: not known yet): good below
 *   5 % in spam, ok below 10 %, bad from 10 %; any bounce of warm-up mail is bad, since a warm-up
 *   partner's address exists. A bad mailbox is throttled back to its start volume until its
 *   health is good or ok again, or until WARMUP_RULES.throttleLiftDays days pass without a bad
 *   verdict (warmupThrottleAfter says why).
 */
import { FREE_PLAN_NAME, TRIAL_PLAN_NAME } from '../constants';
import type { WarmupHealth } from '../warmup';

export const WARMUP_RULES = {
  startVolume: 10,
  dailyIncrease: 1,
  ceiling: 40,
  /** Share of received warm-up mail answered, in per cent. */
  replyRate: 30,
  campaignDayCap: 5,
  /** No pair of mailboxes exchanges warm-up mail again within this many days. */
  pairCooldownDays: 7,
  healthWindowDays: 7,
  healthMinSamples: 20,
  /** Spam share (per cent) below which health is good, and below which it is ok. */
  goodBelowSpamPercent: 5,
  okBelowSpamPercent: 10,
  /** A throttle lifts after this many days without a bad verdict, even while health is not known. */
  throttleLiftDays: 7,
  /** The pool is too small to look like real correspondence below this many mailboxes (the screens warn). */
  poolMinimum: 5,
} as const;

export interface RampSettings {
  startVolume: number;
  dailyIncrease: number;
  ceiling: number;
}

export const DEFAULT_RAMP: RampSettings = {
  startVolume: WARMUP_RULES.startVolume,
  dailyIncrease: WARMUP_RULES.dailyIncrease,
  ceiling: WARMUP_RULES.ceiling,
};

/**
 * Warm-up mails to send on warm-up day `day` (1-based; day 0 or less sends nothing). `throttled`:
 * the mailbox's health went bad, so it is back at its start volume until it recovers.
 */
export function warmupDailyTarget(ramp: RampSettings, day: number, options: { runsCampaign?: boolean; throttled?: boolean } = {}): number {
  if (!Number.isFinite(day) || day < 1) return 0;
  const start = Math.max(0, Math.floor(ramp.startVolume));
  const ceiling = Math.max(0, Math.floor(ramp.ceiling));
  const ramped = options.throttled ? start : start + Math.max(0, Math.floor(ramp.dailyIncrease)) * (Math.floor(day) - 1);
  const target = Math.min(ramped, ceiling);
  return options.runsCampaign ? Math.min(target, WARMUP_RULES.campaignDayCap) : target;
}

export interface PlacementCounts {
  inbox: number;
  spam: number;
  bounces: number;
}

/** The health of the window's placements, or null while too few mails were placed to tell. */
export function warmupHealthOf(counts: PlacementCounts): WarmupHealth | null {
  if (counts.bounces > 0) return 'bad';
  const placed = counts.inbox + counts.spam;
  if (placed < WARMUP_RULES.healthMinSamples) return null;
  const spamPercent = (counts.spam / placed) * 100;
  if (spamPercent < WARMUP_RULES.goodBelowSpamPercent) return 'good';
  if (spamPercent < WARMUP_RULES.okBelowSpamPercent) return 'ok';
  return 'bad';
}

const DAY_MS = 86_400_000;

/**
 * The throttle after a health verdict: when it is held from (the last bad verdict), or null when
 * the mailbox is not throttled. A bad verdict throttles the mailbox, and each further bad verdict
 * moves the throttle on to `now`; good or ok lifts it at once; a verdict that is not known lifts
 * it once WARMUP_RULES.throttleLiftDays days have passed since the last bad one.
 *
 * Why the last rule: a throttled mailbox sends its start volume, and at a start volume of 1 or 2
 * that is 7–14 mails a week, under the WARMUP_RULES.healthMinSamples placed mails health needs.
 * Its health then stays "not known" for good, so waiting for good or ok would hold the throttle
 * for ever. A week without a bad verdict is a week at the start volume with no bounce (a bounce is
 * bad however few mails were placed) and no spam share high enough to be judged; the ramp resumes
 * where its days stand, and if the mailbox still lands in spam, the larger volume soon gives
 * enough samples to judge it bad and throttle it again.
 */
export function warmupThrottleAfter(health: WarmupHealth | null, throttledAt: Date | null, now: Date): Date | null {
  if (health === 'bad') return now;
  if (health === 'good' || health === 'ok' || throttledAt === null) return null;
  return now.getTime() - throttledAt.getTime() >= WARMUP_RULES.throttleLiftDays * DAY_MS ? null : throttledAt;
}

/** What a plan allows the warm-up: mailboxes warming up at once (null: any number) and the highest ramp ceiling. */
export interface WarmupPlanLimits {
  maxMailboxes: number | null;
  maxCeiling: number;
}

/**
 * The warm-up each plan allows. The free plan warms two mailboxes up to the default ceiling (a
 * taste of it, not a free reputation service for many domains); the trial five; paid plans any
 * number, up to a ceiling of 80 a day (beyond that warm-up mail stops looking like one person's
 * correspondence). A plan that has ended counts as the free plan, as for the mailboxes' daily cap.
 */
export const WARMUP_PLAN_LIMITS: Readonly<Record<string, WarmupPlanLimits>> = {
  [FREE_PLAN_NAME]: { maxMailboxes: 2, maxCeiling: WARMUP_RULES.ceiling },
  [TRIAL_PLAN_NAME]: { maxMailboxes: 5, maxCeiling: 60 },
};
export const PAID_WARMUP_PLAN_LIMITS: WarmupPlanLimits = { maxMailboxes: null, maxCeiling: 80 };

export function warmupPlanLimits(plan: { name: string; expired: boolean }): WarmupPlanLimits {
  if (plan.expired) return WARMUP_PLAN_LIMITS[FREE_PLAN_NAME]!;
  return WARMUP_PLAN_LIMITS[plan.name] ?? PAID_WARMUP_PLAN_LIMITS;
}
