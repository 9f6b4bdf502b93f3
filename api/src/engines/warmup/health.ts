/**
 * Health and throttle of the warm-up pool (issue 17), a durable pass of the receiving job:
 * - bounces of warm-up mail are marked on their sends (a warm-up partner's address exists, so a
 *   bounce says something about the sender);
 * - each mailbox's health is read with contracts `warmupHealthOf` over its last
 *   WARMUP_RULES.healthWindowDays days as a sender (good < 5 % in spam, ok < 10 %, bad from 10 %
 *   or after any bounce; unknown below 20 placed mails). Going bad throttles it back to its start
 *   volume (the planner reads `throttled_at`); recovering to good or ok lifts the throttle;
 * - warm-up status follows the mailbox: credentials that fail (reconnect, error) or a paused
 *   mailbox make the warm-up pending with the reason, and it resumes when the mailbox works.
 */
import { WARMUP_RULES, warmupHealthOf } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import * as repo from './repository';

const DAY_MS = 86_400_000;

export interface HealthPassReport {
  bounces: number;
  throttled: number;
  recovered: number;
  pending: number;
  resumed: number;
}

export async function runHealthPass(db: Db, now: Date = new Date()): Promise<HealthPassReport> {
  const since = new Date(now.getTime() - (WARMUP_RULES.healthWindowDays - 1) * DAY_MS).toISOString().slice(0, 10);
  const bounces = await repo.markBounces(db, since);
  let throttled = 0;
  let recovered = 0;
  for (const row of await repo.placementCounts(db, since)) {
    const health = warmupHealthOf({ inbox: Number(row.inbox), spam: Number(row.spam), bounces: Number(row.bounces) });
    let throttledAt: Date | null | undefined;
    if (health === 'bad' && !row.throttled) {
      throttledAt = now;
      throttled += 1;
    } else if ((health === 'good' || health === 'ok') && row.throttled) {
      throttledAt = null;
      recovered += 1;
    }
    if (health !== row.health || throttledAt !== undefined) await repo.setHealth(db, Number(row.id), { health, throttledAt });
  }
  const status = await repo.followMailboxStatus(db);
  return { bounces, throttled, recovered, ...status };
}
