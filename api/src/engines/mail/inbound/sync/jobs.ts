/**
 * The IMAP sync's job handlers, for the mail-engine area's `jobs` (the API process's embedded
 * workers and `worker.ts` alike register them through the area list).
 */
import type { JobDeps, JobRegistrar } from '../../../../jobs/registry';
import { inboundSyncFor, type InboundSync } from './engine';
import { INBOUND_SESSION_JOB, SESSION_JOB_OPTIONS, runSessionJob, type SessionJobData } from './scheduling';

/** Registers the session job of `sync` (tests pass their own engine). */
export function inboundJobsFor(sync: (deps: JobDeps) => InboundSync): JobRegistrar {
  return async (queue, deps) => {
    const engine = sync(deps);
    await queue.register<SessionJobData>(INBOUND_SESSION_JOB, (job) => runSessionJob(engine, queue, job), SESSION_JOB_OPTIONS);
  };
}

export const registerInboundJobs: JobRegistrar = inboundJobsFor((deps) =>
  inboundSyncFor({ db: deps.database.db, config: deps.config, logger: deps.logger, push: deps.push }),
);
