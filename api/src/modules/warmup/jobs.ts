/**
 * The warm-up pool's durable jobs (pg-boss), no timers:
 * - `warmup.plan`, one run a day keyed by its UTC day, chained to 00:05 UTC the next day and kicked
 *   at every start-up (so a day missed while nothing ran is planned when a process starts); it
 *   plans the day (engines/warmup/scheduler.ts) and wakes the queueing pass;
 * - `warmup.queue` hands the planned mail to the mail engine, a batch a pass, and queues the next
 *   pass while more waits.
 * - `warmup.receive`, every five minutes in a chain keyed by its slot (a first pass at start-up;
 *   on a test server's fast clock every RECEIVE_FLOOR_MS, engines/warmup/deps.ts):
 *   records where warm-up mail landed, updates health, throttle and pending (engines/warmup/
 *   health.ts), rescues mail from spam and sends the answers due (engines/warmup/receiving.ts).
 * All are safe to run twice or side by side: the plan claims each mailbox's day in its own
 * transaction, each mail and answer is queued under its send's idempotency key, and each
 * placement and rescue is written once per send.
 */
import { existingMailEngine } from '../mail-engine/module';
import { inboundSyncFor } from '../../engines/mail/inbound/sync';
import { runHealthPass } from '../../engines/warmup/health';
import { WarmupReceiver } from '../../engines/warmup/receiving';
import { WarmupScheduler } from '../../engines/warmup/scheduler';
import { warmupSecret } from '../../engines/warmup/secret';
import type { JobQueue } from '../../jobs/queue';
import { servicesForJob } from '../../jobs/job-services';
import type { JobDeps, JobRegistrar } from '../../jobs/registry';
import { scaledPeriodMs } from '../../engines/social/time-scale';

export const WARMUP_PLAN_JOB = 'warmup.plan';
export const WARMUP_QUEUE_JOB = 'warmup.queue';
export const WARMUP_RECEIVE_JOB = 'warmup.receive';
const RECEIVE_EVERY_MS = 5 * 60_000;
/** The fastest the receiving chain ticks on a fast clock: a pass reads, rescues and answers across the pool. */
const RECEIVE_FLOOR_MS = 5_000;

const PLAN_MINUTE_UTC = 5;
const STARTUP_DELAY_SECONDS = 30;
const QUEUE_BATCH = 200;

const dayKey = (date: Date) => `day:${date.toISOString().slice(0, 10)}`;

export async function scheduleNextPlan(queue: JobQueue, now = new Date()): Promise<void> {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, PLAN_MINUTE_UTC));
  await queue.enqueue(WARMUP_PLAN_JOB, {}, { idempotencyKey: dayKey(next), startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1_000)) });
}

/** The next receiving pass, at the start of the next slot (one per slot however many processes chain it). */
export async function scheduleNextReceive(queue: JobQueue, now = new Date(), timeScale = 1): Promise<void> {
  const period = scaledPeriodMs(RECEIVE_EVERY_MS, timeScale, RECEIVE_FLOOR_MS);
  const slot = Math.floor(now.getTime() / period) + 1;
  await queue.enqueue(WARMUP_RECEIVE_JOB, {}, { idempotencyKey: `slot:${period}:${slot}`, startAfterSeconds: Math.max(1, Math.ceil((slot * period - now.getTime()) / 1_000)) });
}

/**
 * Today's plan unless it is queued or done already, a queueing pass for what an interrupted run
 * left, and a receiving pass that starts the chain (whose own period is the job's clock).
 */
export async function kickWarmup(queue: JobQueue, now = new Date()): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  await queue.enqueue(WARMUP_PLAN_JOB, {}, { idempotencyKey: dayKey(now), startAfterSeconds: STARTUP_DELAY_SECONDS });
  await queue.enqueue(WARMUP_QUEUE_JOB, {}, { idempotencyKey: `start:${minute}`, startAfterSeconds: STARTUP_DELAY_SECONDS });
  await queue.enqueue(WARMUP_RECEIVE_JOB, {}, { idempotencyKey: `start:${minute}`, startAfterSeconds: STARTUP_DELAY_SECONDS });
}

interface WarmupEngines {
  scheduler: WarmupScheduler;
  receiver: WarmupReceiver;
}

async function enginesFor(deps: JobDeps): Promise<WarmupEngines> {
  const engine = existingMailEngine(deps.database.db) ?? (await servicesForJob(deps)).mailEngine.engine;
  const secret = warmupSecret(deps.config);
  const junk = inboundSyncFor({ db: deps.database.db, config: deps.config, logger: deps.logger });
  return {
    scheduler: new WarmupScheduler({ db: deps.database.db, mail: engine, secret, timeScale: deps.config.campaignTimeScale }),
    receiver: new WarmupReceiver({ db: deps.database.db, mail: engine, junk, secret, timeScale: deps.config.campaignTimeScale }),
  };
}

export const registerWarmupJobs: JobRegistrar = async (queue, deps) => {
  let engines: Promise<WarmupEngines> | undefined;
  const get = () => (engines ??= enginesFor(deps));
  await queue.register(
    WARMUP_PLAN_JOB,
    async (job) => {
      try {
        const report = await (await get()).scheduler.planDay();
        deps.logger.info({ job: job.id, ...report }, 'Warm-up day planned');
        // Keyed by this run, not by its day: a warm-up started later today is planned by another
        // run of the day, whose mail needs its own queueing pass.
        await queue.enqueue(WARMUP_QUEUE_JOB, {}, { idempotencyKey: `plan:${job.id}` });
      } finally {
        await scheduleNextPlan(queue);
      }
    },
    { concurrency: 1, retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  );
  await queue.register(
    WARMUP_QUEUE_JOB,
    async (job) => {
      const pass = await (await get()).scheduler.queuePlanned({ limit: QUEUE_BATCH });
      if (pass.more) await queue.enqueue(WARMUP_QUEUE_JOB, {}, { idempotencyKey: `more:${job.id}` });
    },
    { concurrency: 1, retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 },
  );
  await queue.register(
    WARMUP_RECEIVE_JOB,
    async (job) => {
      try {
        const { receiver } = await get();
        // Bounded passes: whatever is left waits for the next slot.
        for (let pass = 0; pass < 10 && (await receiver.recordPlacements()).more; pass += 1) {
          if (job.signal.aborted) break;
        }
        for (let pass = 0; pass < 10 && (await receiver.recordReplyPlacements()).more; pass += 1) {
          if (job.signal.aborted) break;
        }
        const health = await runHealthPass(deps.database.db);
        if (health.throttled || health.recovered || health.pending) deps.logger.info({ job: job.id, ...health }, 'Warm-up health changed');
        await receiver.rescueFromSpam();
        await receiver.sendDueReplies();
      } finally {
        await scheduleNextReceive(queue, new Date(), deps.config.campaignTimeScale);
      }
    },
    { concurrency: 1, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  );
};
