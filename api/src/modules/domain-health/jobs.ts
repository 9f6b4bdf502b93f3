/**
 * The daily re-check as a durable job (pg-boss), no timer: each run re-checks what is due
 * (service.recheckDue) and enqueues the next day's run for 03:00 UTC. Runs are keyed by their
 * day, so the chain and the kick every process gives at start-up (`kickDailyRun`) merge into one
 * run a day however many processes start; a chain broken by a run that failed for good is picked
 * up again at the next start-up, and the run after it re-checks what the broken one left.
 */
import type { JobQueue } from '../../jobs/queue';
import type { JobRegistrar } from '../../jobs/registry';
import { DomainHealthService } from './service';

export const DOMAIN_HEALTH_DAILY_JOB = 'domain-health.daily';

/** The hour (UTC) of the daily run. */
const RUN_HOUR_UTC = 3;
/** The start-up run waits this long, so a restart does not add DNS traffic to its busiest minute. */
const STARTUP_DELAY_SECONDS = 60;
/** A run re-checks domains one at a time, each within its DNS budget; an hour covers thousands. */
const RUN_EXPIRE_SECONDS = 60 * 60;

const dayKey = (date: Date) => `day:${date.toISOString().slice(0, 10)}`;

/** The next run: tomorrow at RUN_HOUR_UTC. */
export async function scheduleNextDailyRun(queue: JobQueue, now = new Date()): Promise<void> {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, RUN_HOUR_UTC));
  await queue.enqueue(DOMAIN_HEALTH_DAILY_JOB, {}, { idempotencyKey: dayKey(next), startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1_000)) });
}

/** Today's run, unless it is already queued or done (its key is today's). */
export async function kickDailyRun(queue: JobQueue, now = new Date()): Promise<void> {
  await queue.enqueue(DOMAIN_HEALTH_DAILY_JOB, {}, { idempotencyKey: dayKey(now), startAfterSeconds: STARTUP_DELAY_SECONDS });
}

export const registerDomainHealthJobs: JobRegistrar = async (queue, deps) => {
  const service = new DomainHealthService({ db: deps.database.db, config: deps.config, push: deps.push });
  await queue.register(
    DOMAIN_HEALTH_DAILY_JOB,
    async (job) => {
      try {
        const result = await service.recheckDue(job.signal);
        deps.logger.info({ job: job.id, ...result }, 'Domain health re-checked');
      } finally {
        // Even after a failed run the chain goes on; the failed run is retried by the queue too.
        await scheduleNextDailyRun(queue);
      }
    },
    { concurrency: 1, retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: RUN_EXPIRE_SECONDS },
  );
};
