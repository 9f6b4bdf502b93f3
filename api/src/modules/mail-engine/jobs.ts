/**
 * The dispatcher job, the same in the API process (embedded workers) and in worker.ts. It uses
 * the process's engine for the database: the one the API's services made, or one made here from
 * the same service composition when this process serves no HTTP (the worker).
 */
import type { JobRegistrar } from '../../jobs/registry';
import { servicesForJob } from '../../jobs/job-services';
import type { MailEngine } from '../../engines/mail/outbound/outbox';
import { DISPATCH_JOB, scheduleNextRun } from './dispatch';
import { existingMailEngine, wireQueue } from './module';

/** A pass is bounded by the engine's pass budget (a minute); this leaves room for its last sends. */
const DISPATCH_EXPIRE_SECONDS = 15 * 60;

export const registerMailEngineJobs: JobRegistrar = async (queue, deps) => {
  let engine: MailEngine | undefined;
  const engineOf = async (): Promise<MailEngine> => {
    if (!engine) {
      engine = existingMailEngine(deps.database.db) ?? (await servicesForJob(deps)).mailEngine.engine;
      // Messages queued from inside a job (a campaign step) wake a dispatcher too.
      wireQueue(engine, queue);
    }
    return engine;
  };
  await queue.register(
    DISPATCH_JOB,
    async (job) => {
      const sender = await engineOf();
      let next: Date | null = null;
      try {
        const pass = await sender.dispatch(job.signal);
        next = pass.more ? new Date() : pass.nextDueAt;
      } finally {
        // Even after a failed pass the chain goes on; the failed run is retried by the queue too.
        await scheduleNextRun(queue, next);
      }
    },
    { concurrency: 1, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: DISPATCH_EXPIRE_SECONDS },
  );
};
