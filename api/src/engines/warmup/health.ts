/**
 * Health and throttle of the warm-up pool (issue 17), a durable pass of the receiving job:
 * - bounces of warm-up mail are marked on their sends (a warm-up partner's address exists, so a
 *   bounce says something about the sender);
 * - each mailbox's health is read with contracts `warmupHealthOf` over its last
 *   WARMUP_RULES.healthWindowDays days as a sender (good < 5 % in spam, ok < 10 %, bad from 10 %
 *   or after any bounce; unknown below 20 placed mails). Going bad throttles it back to its start
 *   volume (the planner reads `throttled_at`), and each later bad verdict holds the throttle from
 *   then; recovering to good or ok lifts it, and so do 7 days without a bad verdict while health
 *   cannot be known (contracts `warmupThrottleAfter`: at a start volume of 1–2 a throttled mailbox
 *   never places the 20 mails health needs, so it would otherwise stay throttled for ever);
 * - warm-up status follows the mailbox: credentials that fail (reconnect, error) or a paused
 *   mailbox make the warm-up pending with the reason, and it resumes when the mailbox works.
 */
import { WARMUP_RULES, warmupHealthOf, warmupThrottleAfter } from '@leadforge/contracts';
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
  const bounces = await repo.markBounces(db, since, now);
  let throttled = 0;
  let recovered = 0;
  for (const row of await repo.placementCounts(db, since)) {
    const health = warmupHealthOf({ inbox: Number(row.inbox), spam: Number(row.spam), bounces: Number(row.bounces) });
    const before = row.throttled_at === null ? null : new Date(row.throttled_at);
    const after = warmupThrottleAfter(health, before, now);
    if (before === null && after !== null) throttled += 1;
    if (before !== null && after === null) recovered += 1;
    const throttledAt = after?.getTime() === before?.getTime() ? undefined : after;
    if (health !== row.health || throttledAt !== undefined) await repo.setHealth(db, Number(row.id), { health, throttledAt });
  }
  const status = await repo.followMailboxStatus(db);
  return { bounces, throttled, recovered, ...status };
}
