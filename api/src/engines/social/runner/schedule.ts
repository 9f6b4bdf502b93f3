/**
 * The per-account pacing of the LinkedIn runner as pure functions: may this account perform this
 * action now, and if not, from when. The counts come from the database (the claim reads them with
 * the account's row locked, so they hold across workers); this module only decides:
 *
 * - the daily limit of each action, on the account's local day (its time zone), after the warm-up
 *   ramp — the same rule the account view shows (modules/linkedin-accounts/limits.ts); warm-up
 *   actions are counted apart and never checked here;
 * - the pending-invitation limit (connectLimit): invitations wait while as many are pending;
 * - a random human gap (minGap…maxGap) since the account's last action. As the mail scheduler's,
 *   the jitter is derived from the account and its last action, so every worker computes the
 *   same gap;
 * - working hours on the account's wall clock (days of the week, from/to minutes).
 *
 * On a test server's fast clock (`timeScale`, ../time-scale.ts) the gap and the re-checks are
 * divided by the scale; the limits' local day and the working hours stay on the wall clock.
 *
 * The wall-clock arithmetic (local days, DST, the next opening of a window) is the mail
 * scheduler's (engines/mail/outbound/limits.ts): the same rules, one implementation.
 */
import type { LinkedinActionLimits, LinkedinActionType, LinkedinWorkingHours } from '@leadforge/contracts';
import { effectiveLinkedinLimits, linkedinLocalDay, warmUpDayOf } from '../../../modules/linkedin-accounts/limits';
import { nextWindowOpening, requiredGapMs, sendingDay, type SendingWindow } from '../../mail/outbound/limits';
import { scaledMs } from '../time-scale';

const HOUR = 3_600_000;

/** When a wait nothing will end by itself (no working day, a pending limit) is looked at again. */
export const RECHECK_MS = HOUR;

/** RECHECK_MS on the runner's clock (divided by the test servers' time scale; see ../time-scale.ts). */
export function recheckMs(timeScale = 1): number {
  return scaledMs(RECHECK_MS, timeScale);
}

export type ActionOrigin = 'campaign' | 'inline' | 'warmup';

/** What the pacing needs of an account (a row of linkedin_accounts, parsed). */
export interface PacedAccount {
  id: number;
  timezone: string;
  workingHours: LinkedinWorkingHours;
  /** The daily limits the user set. */
  limits: LinkedinActionLimits;
  warmUp: boolean;
  warmUpStartedAt: Date | null;
  minGapSeconds: number;
  maxGapSeconds: number;
  connectLimit: number;
}

/** Today's limits after the warm-up ramp (the rule the account view shows: modules/linkedin-accounts/limits.ts). */
export function effectiveLimitsOf(account: Pick<PacedAccount, 'limits' | 'warmUp' | 'warmUpStartedAt'>, now: Date): LinkedinActionLimits {
  return effectiveLinkedinLimits(account.limits, warmUpDayOf(account.warmUp, account.warmUpStartedAt, now));
}

export function windowOf(account: Pick<PacedAccount, 'timezone' | 'workingHours'>): SendingWindow {
  return { timeZone: account.timezone, days: account.workingHours };
}

/** The account's local day (YYYY-MM-DD) at an instant: the key of its daily counters. */
export function localDayOf(account: Pick<PacedAccount, 'timezone'>, now: Date): string {
  return linkedinLocalDay(now, account.timezone);
}

/** The gap this account keeps after `lastActionAt`: min + jitter × (max − min). */
export function gapAfter(account: Pick<PacedAccount, 'id' | 'minGapSeconds' | 'maxGapSeconds'>, lastActionAt: Date): number {
  return requiredGapMs(
    { mailboxId: `linkedin:${account.id}`, minGapSeconds: account.minGapSeconds, maxGapSeconds: Math.max(account.minGapSeconds, account.maxGapSeconds) },
    lastActionAt,
  );
}

export interface PacingRequest {
  account: PacedAccount;
  action: LinkedinActionType;
  origin: ActionOrigin;
  /** Actions of this kind counted on the account's local day (warm-up ones left out). */
  usedToday: number;
  /** Invitations pending on the network plus those being sent now. */
  pending: number;
  lastActionAt: Date | null;
  now: Date;
  /**
   * The test servers' fast clock (CAMPAIGN_TIME_SCALE; 1, the default, is real time): the gap and
   * the re-checks are divided by it. Working hours and the local day are the account's wall clock
   * and are not.
   */
  timeScale?: number;
}

/** Why an action waits, as an error key the screens translate; null for the ordinary gap. */
export type WaitReason = 'linkedin_daily_limit_reached' | 'linkedin_pending_limit_reached' | 'linkedin_outside_working_hours' | null;

export type PacingDecision = { allowed: true } | { allowed: false; notBefore: Date; reason: WaitReason };

/**
 * May the account perform the action now? If not: the earliest instant at which the limit, the
 * gap and the working hours all allow it (assuming nothing else happens meanwhile), and the first
 * reason that stands in the way.
 */
export function decideAction(request: PacingRequest): PacingDecision {
  const { account, action, origin, usedToday, pending, lastActionAt, now, timeScale = 1 } = request;
  const recheck = recheckMs(timeScale);
  const window = windowOf(account);
  let candidate = now.getTime();
  let reason: WaitReason | undefined;
  const block = (until: number, why: WaitReason) => {
    if (until <= candidate) return;
    candidate = until;
    // The ordinary gap gives way to a reason worth showing.
    if (reason === undefined || (reason === null && why !== null)) reason = why;
  };

  if (origin !== 'warmup') {
    const limit = effectiveLimitsOf(account, now)[action];
    // The count starts again at the next local midnight (a limit of 0 waits there too: settings change).
    if (usedToday >= limit) block(sendingDay(now, account.timezone).end.getTime(), 'linkedin_daily_limit_reached');
    // Accepted invitations lower the figure only when the inbox is read: looked at again later.
    if (action === 'invite' && pending >= account.connectLimit) block(now.getTime() + recheck, 'linkedin_pending_limit_reached');
  }
  if (lastActionAt) block(lastActionAt.getTime() + scaledMs(gapAfter(account, lastActionAt), timeScale), null);
  const opening = nextWindowOpening(window, new Date(candidate));
  if (opening === null) return { allowed: false, notBefore: new Date(candidate + recheck), reason: 'linkedin_outside_working_hours' };
  block(opening.getTime(), 'linkedin_outside_working_hours');

  return reason === undefined ? { allowed: true } : { allowed: false, notBefore: new Date(candidate), reason };
}
