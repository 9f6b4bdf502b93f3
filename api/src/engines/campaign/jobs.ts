/**
 * The executor's durable job (pg-boss), run like the mail dispatcher: each tick moves what is
 * due, then enqueues its own next run for the moment the next recipient is due (at most a
 * minute away, so new opens and replies are read within a minute even when no listener heard
 * them). Runs are keyed by a 2-second bucket, so the chains started by wake-ups merge into one;
 * a wake-up (launch, resume, a send settled, a reply read) asks for a run at once.
 */
import type { JobQueue } from '../../jobs/queue';

export const CAMPAIGN_TICK_JOB = 'campaign-executor.tick';

const BUCKET_MS = 2_000;
/** The longest wait between two ticks. */
export const MAX_IDLE_MS = 60_000;
/** A tick is bounded by its pass budget (a minute); this leaves room for its last moves. */
export const TICK_EXPIRE_SECONDS = 10 * 60;

/** Enqueues the next tick for `dueAt` (null: nothing due), clamped to [1 s, MAX_IDLE_MS] from now. */
export async function scheduleNextTick(queue: JobQueue, dueAt: Date | null, now = Date.now()): Promise<void> {
  const target = Math.min(Math.max(dueAt?.getTime() ?? Number.POSITIVE_INFINITY, now + 1_000), now + MAX_IDLE_MS);
  const bucket = Math.ceil(target / BUCKET_MS);
  const startAfterSeconds = Math.max(1, Math.ceil((bucket * BUCKET_MS - now) / 1_000));
  await queue.enqueue(CAMPAIGN_TICK_JOB, {}, { idempotencyKey: `tick:${bucket}`, startAfterSeconds });
}

/** A tick as soon as possible; wake-ups of the same second become one job. */
export async function wakeTick(queue: JobQueue, reason: string, now = Date.now()): Promise<void> {
  await queue.enqueue(CAMPAIGN_TICK_JOB, {}, { idempotencyKey: `wake:${reason}:${Math.floor(now / 1_000)}` });
}
