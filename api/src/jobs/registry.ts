/**
 * Every background job handler of the API, registered in one place so the embedded server and the
 * separate worker process (`worker.ts`) run exactly the same set. An area module exports a
 * `register<Area>Jobs(queue, deps)` function and adds it to JOB_REGISTRARS below.
 */
import type { PushEvent } from '@leadforge/contracts';
import type { AppConfig } from '../config';
import type { Database } from '../db/connection';
import { registerFinderJobs } from '../modules/finder/jobs';
import { registerMailJobs } from '../modules/mail/jobs';
import { registerProspectsJobs } from '../modules/prospects/jobs';
import { registerVerificationJobs } from '../modules/verification/jobs';
import type { JobLogger, JobQueue } from './queue';

/** Where a job sends its pushes: the realtime module in an API process, the Redis emitter in a worker. */
export interface PushTarget {
  emitToUser(userId: number, event: PushEvent): void;
  emitToTeam(teamId: number, event: PushEvent): void;
}

export interface JobDeps {
  database: Database;
  logger: JobLogger;
  push: PushTarget;
  config: AppConfig;
}

export type JobRegistrar = (queue: JobQueue, deps: JobDeps) => Promise<void>;

/** One entry per area that has background work (mail.send, verification, imports, …). */
export const JOB_REGISTRARS: readonly JobRegistrar[] = [
  registerMailJobs,
  registerVerificationJobs,
  registerFinderJobs,
  registerProspectsJobs,
];

export async function registerAllJobs(queue: JobQueue, deps: JobDeps): Promise<void> {
  for (const register of JOB_REGISTRARS) await register(queue, deps);
}
