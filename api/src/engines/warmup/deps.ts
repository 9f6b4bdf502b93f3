/**
 * What the warm-up pool's passes (scheduler.ts, receiving.ts) are built from, and their fast clock.
 *
 * On a test server (CAMPAIGN_TIME_SCALE, the campaigns' and the LinkedIn runner's clock; refused
 * in production by config.ts) a journey watches a warm-up's day within a minute: the spread of the
 * day's mail over the rest of its window, and the wait before an answer, are divided by the scale.
 * The day itself is not: the ramp, the 7-day pair cooldown and the daily plan keep calendar days,
 * as the LinkedIn runner keeps working hours and daily limits (a journey works within one day).
 */
import type { Db } from '../../db/types';
import type { EnqueueResult, OutboundMessage } from '../mail/outbound/outbox';
import { scaledMs, timeScaleOf } from '../social/time-scale';

export interface WarmupEngineDeps {
  db: Db;
  mail: { enqueue(message: OutboundMessage): Promise<EnqueueResult> };
  /** The mark's HMAC key (token.ts). */
  secret: Buffer;
  now?: () => Date;
  random?: () => number;
  /** The test servers' fast clock; 1 (the default) is real time. */
  timeScale?: number;
}

/** The parts every pass reads the same way: its clock, its chance and its scale. */
export function warmupClock(deps: WarmupEngineDeps): { now: () => Date; random: () => number; scaled: (ms: number) => number } {
  const scale = timeScaleOf(deps.timeScale);
  return { now: deps.now ?? (() => new Date()), random: deps.random ?? Math.random, scaled: (ms) => scaledMs(ms, scale) };
}
