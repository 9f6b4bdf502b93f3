/**
 * Profile reads outside the action queue (the finder's social-url imports, the inline message's
 * connection check). Opening a profile is a visit to the network — the person sees it in "who
 * viewed my profile", and the network counts it — so each read takes one visit of the account's
 * day, the same counter (linkedin_daily_usage) the runner's claims reserve campaign visits on.
 *
 * The reservation is taken under the account's row lock before the network is asked (so a read
 * and a claim never both take the last visit), and handed back only when the network refused
 * before anything was read; a read that answered, even "no such profile", stays counted.
 */
import type { LinkedinActionType } from '@leadforge/contracts';
import type { Db, DbOrTx } from '../../../db/types';
import { linkedinLocalDay } from '../../../modules/linkedin-accounts/limits';
import { sendingDay } from '../../mail/outbound/limits';
import * as repo from './repository';
import { effectiveLimitsOf, localDayOf } from './schedule';

const VISIT: LinkedinActionType = 'visit';

export type VisitReservation =
  | { kind: 'reserved'; linkedinAccountId: number; day: string }
  | { kind: 'refused'; reason: 'linkedin_account_not_active' }
  /** Today's visits are used up: the count starts again at `notBefore`, the account's next local midnight. */
  | { kind: 'refused'; reason: 'linkedin_daily_limit_reached'; notBefore: Date };

/** The account's day; an unreadable time zone counts on UTC's (the screens show the same). */
function dayOf(account: repo.RunnerAccountRow, now: Date): string {
  try {
    return localDayOf(account, now);
  } catch {
    return linkedinLocalDay(now, 'UTC');
  }
}

/** When the account's day after `now` begins (UTC's when its time zone cannot be read). */
function nextDayOf(account: repo.RunnerAccountRow, now: Date): Date {
  try {
    return sendingDay(now, account.timezone).end;
  } catch {
    return sendingDay(now, 'UTC').end;
  }
}

/**
 * Takes one visit of today's limit (after the warm-up ramp) for a profile read; refused when the
 * account is not active or today's visits are used up. The read keeps the runner's human gap:
 * the account's last action moves to now.
 */
export async function reserveVisit(db: Db, linkedinAccountId: number, now: Date): Promise<VisitReservation> {
  return db.transaction(async (tx) => {
    const account = await repo.lockActiveAccount(tx, linkedinAccountId);
    if (!account) return { kind: 'refused', reason: 'linkedin_account_not_active' } as const;
    const day = dayOf(account, now);
    const used = (await repo.usageOn(tx, [{ linkedinAccountId, day }])).find((row) => row.action === VISIT)?.count ?? 0;
    if (used >= effectiveLimitsOf(account, now)[VISIT]) return { kind: 'refused', reason: 'linkedin_daily_limit_reached', notBefore: nextDayOf(account, now) } as const;
    await repo.addUsage(tx, linkedinAccountId, day, VISIT, 1);
    await repo.setLastActionAt(tx, linkedinAccountId, now);
    return { kind: 'reserved', linkedinAccountId, day } as const;
  });
}

/** Hands a visit back: the network refused before the profile was read. */
export async function releaseVisit(db: DbOrTx, reservation: Extract<VisitReservation, { kind: 'reserved' }>): Promise<void> {
  await repo.addUsage(db, reservation.linkedinAccountId, reservation.day, VISIT, -1);
}
