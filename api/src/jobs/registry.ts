/**
 * Every background job handler of the API, registered in one place so the embedded server and the
 * separate worker process (`worker.ts`) run exactly the same set: the `jobs` of every area in
 * `AREAS`.
 */
import type { PushEvent } from '@leadforge/contracts';
import type { AppConfig } from '../config';
import type { Database } from '../db/connection';
import { AREAS } from '../areas';
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

export async function registerAllJobs(queue: JobQueue, deps: JobDeps): Promise<void> {
  for (const area of AREAS) await area.jobs?.(queue, deps);
}
