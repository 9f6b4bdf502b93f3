/**
 * How the dispatcher runs without a timer: a durable job (pg-boss) that sends what is due, then
 * enqueues its own next run for the moment something is next due (a message's not_before, a
 * lease to sweep), at most a minute away. Runs are keyed by a 5-second bucket of their start, so
 * the chains started by each wake-up merge into one instead of multiplying; every enqueue adds a
 * wake-up keyed by its message, so none waits for the next tick.
 */
import type { JobQueue } from '../../jobs/queue';

export const DISPATCH_JOB = 'mail-engine.dispatch';

/** Ticks are keyed by this bucket, so two chains aiming at the same moment become one job. */
const BUCKET_MS = 5_000;
/** The longest wait between two runs: paused mailboxes resumed, a lost wake-up, leases to sweep. */
export const MAX_IDLE_MS = 60_000;

export const wakeKey = (outboundId: number) => `wake:${outboundId}`;

/**
 * Enqueues the next run for `dueAt` (null: nothing due; `now` for "at once"), clamped to
 * [1 s, MAX_IDLE_MS] from now. The bucket is always after the current one, so a run never
 * collides with its own key.
 */
export async function scheduleNextRun(queue: JobQueue, dueAt: Date | null, now = Date.now()): Promise<void> {
  const target = Math.min(Math.max(dueAt?.getTime() ?? Number.POSITIVE_INFINITY, now + 1_000), now + MAX_IDLE_MS);
  const bucket = Math.ceil(target / BUCKET_MS);
  const startAfterSeconds = Math.max(1, Math.ceil((bucket * BUCKET_MS - now) / 1_000));
  await queue.enqueue(DISPATCH_JOB, {}, { idempotencyKey: `tick:${bucket}`, startAfterSeconds });
}
