/**
 * How the runner runs without a timer, on the durable queue (pg-boss), as the mail dispatcher
 * does:
 *
 * - `linkedin-runner.dispatch`: one pass (runOnce), then its own next run at the moment an action
 *   is next due, at most a minute away; runs are keyed by a 5-second bucket so chains started by
 *   several wake-ups merge into one, and every enqueue adds a wake-up keyed by its action;
 * - `linkedin-runner.inbox`: every INBOX_POLL_MS a tick queues one poll per active account
 *   (keyed by account and tick, so a repeated tick adds nothing), then queues the next tick; on a
 *   test server's fast clock the period is divided by the time scale (inboxPollMs);
 * - `linkedin-runner.warmup`: every WARMUP_TICK_MS, the day's warm-up actions of warming accounts
 *   (idempotent per account, day and number, so the hourly tick only fills what is missing).
 *
 * Ticks are keyed by their slot, so the start-up kick of every API instance and the chains
 * themselves converge on one job per slot.
 */
import type { JobQueue, RegisterOptions } from '../../../jobs/queue';
import type { JobRegistrar } from '../../../jobs/registry';
import { scaledPeriodMs } from '../time-scale';
import type { LinkedinRunner } from './runner';

export const RUNNER_DISPATCH_JOB = 'linkedin-runner.dispatch';
export const RUNNER_INBOX_JOB = 'linkedin-runner.inbox';
export const RUNNER_WARMUP_JOB = 'linkedin-runner.warmup';

/** How often each active account's inbox is read. */
export const INBOX_POLL_MS = 5 * 60_000;
/** The shortest inbox period on a test server's fast clock: every account's poll is a job. */
export const INBOX_POLL_FLOOR_MS = 10_000;

/** The inbox period on the runner's clock: INBOX_POLL_MS divided by the time scale, at least INBOX_POLL_FLOOR_MS. */
export function inboxPollMs(timeScale = 1): number {
  return scaledPeriodMs(INBOX_POLL_MS, timeScale, INBOX_POLL_FLOOR_MS);
}
/** How often warming accounts get their day's harmless actions (when missing). */
export const WARMUP_TICK_MS = 60 * 60_000;

const BUCKET_MS = 5_000;
/** The longest wait between two dispatch runs: a resumed account, a lost wake-up, a lease to sweep. */
export const MAX_IDLE_MS = 60_000;

export interface InboxJobData {
  /** Absent: the tick, which queues the accounts' polls. */
  linkedinAccountId?: number;
  slot: number;
}

export interface TickJobData {
  slot: number;
}

export const wakeKey = (actionId: number) => `wake:${actionId}`;

/** Queues the next dispatch run for `dueAt` (null: nothing due), clamped to [1 s, MAX_IDLE_MS] from now. */
export async function scheduleNextDispatch(queue: JobQueue, dueAt: Date | null, now = Date.now()): Promise<void> {
  const target = Math.min(Math.max(dueAt?.getTime() ?? Number.POSITIVE_INFINITY, now + 1_000), now + MAX_IDLE_MS);
  const bucket = Math.ceil(target / BUCKET_MS);
  const startAfterSeconds = Math.max(1, Math.ceil((bucket * BUCKET_MS - now) / 1_000));
  await queue.enqueue(RUNNER_DISPATCH_JOB, {}, { idempotencyKey: `tick:${bucket}`, startAfterSeconds });
}

const slotOf = (periodMs: number, at: number) => Math.floor(at / periodMs);

async function queueTick(queue: JobQueue, name: string, periodMs: number, slot: number, now: number): Promise<void> {
  const startAfterSeconds = Math.max(0, Math.ceil(((slot * periodMs) - now) / 1_000));
  await queue.enqueue<TickJobData>(name, { slot }, { idempotencyKey: `tick:${slot}`, ...(startAfterSeconds > 0 ? { startAfterSeconds } : {}) });
}

/**
 * The start-up kick: a dispatch run now, and the current slot of the inbox and warm-up chains
 * (the inbox's on the runner's clock, `timeScale`).
 */
export async function startRunnerChains(queue: JobQueue, now = Date.now(), timeScale = 1): Promise<void> {
  const inboxPeriod = inboxPollMs(timeScale);
  await queue.enqueue(RUNNER_DISPATCH_JOB, {}, { idempotencyKey: `start:${Math.floor(now / MAX_IDLE_MS)}` });
  await queueTick(queue, RUNNER_INBOX_JOB, inboxPeriod, slotOf(inboxPeriod, now), now);
  await queueTick(queue, RUNNER_WARMUP_JOB, WARMUP_TICK_MS, slotOf(WARMUP_TICK_MS, now), now);
}

/** Every enqueue wakes a runner (one job per action, so none is lost to a merged key). */
export function wireRunnerQueue(runner: LinkedinRunner, queue: JobQueue | undefined): void {
  runner.onEnqueued(
    queue
      ? async (actionId) => {
          await queue.enqueue(RUNNER_DISPATCH_JOB, {}, { idempotencyKey: wakeKey(actionId) });
        }
      : undefined,
  );
}

/** A pass is bounded by the runner's budget (a minute) plus one slow action. */
const DISPATCH_OPTIONS: RegisterOptions = { concurrency: 1, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };
const TICK_OPTIONS: RegisterOptions = { concurrency: 1, retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 10 * 60 };
const POLL_OPTIONS: RegisterOptions = { concurrency: 2, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 5 * 60 };

/** Registers the runner's jobs; `runnerOf` answers this process's runner (made on first use). */
export function runnerJobsFor(runnerOf: (queue: JobQueue) => Promise<LinkedinRunner>): JobRegistrar {
  return async (queue) => {
    await queue.register(
      RUNNER_DISPATCH_JOB,
      async (job) => {
        const runner = await runnerOf(queue);
        let next: Date | null = null;
        try {
          const pass = await runner.runOnce(job.signal);
          next = pass.more ? new Date() : pass.nextDueAt;
        } finally {
          // Even after a failed pass the chain goes on; the failed run is retried by the queue too.
          await scheduleNextDispatch(queue, next);
        }
      },
      DISPATCH_OPTIONS,
    );

    await queue.register<InboxJobData>(
      RUNNER_INBOX_JOB,
      async (job) => {
        const runner = await runnerOf(queue);
        const { linkedinAccountId, slot } = job.data;
        if (linkedinAccountId !== undefined) {
          await runner.pollInbox(linkedinAccountId);
          return;
        }
        // The successor first, so the chain outlives a failing tick.
        const period = inboxPollMs(runner.timeScale);
        await queueTick(queue, RUNNER_INBOX_JOB, period, Math.max(slot + 1, slotOf(period, Date.now()) + 1), Date.now());
        for (const id of await runner.activeAccounts()) {
          await queue.enqueue<InboxJobData>(RUNNER_INBOX_JOB, { linkedinAccountId: id, slot }, { idempotencyKey: `poll:${id}:${slot}` });
        }
      },
      POLL_OPTIONS,
    );

    await queue.register<TickJobData>(
      RUNNER_WARMUP_JOB,
      async (job) => {
        const runner = await runnerOf(queue);
        await queueTick(queue, RUNNER_WARMUP_JOB, WARMUP_TICK_MS, Math.max(job.data.slot + 1, slotOf(WARMUP_TICK_MS, Date.now()) + 1), Date.now());
        await runner.queueWarmup();
      },
      TICK_OPTIONS,
    );
  };
}
