/**
 * The production job worker: a separate process that runs every registered job handler against the
 * PostgreSQL server (DATABASE_URL) and sends its pushes to browsers through Redis (REDIS_URL) and
 * whichever API instance holds their socket. Scale by starting more of them; pg-boss hands each job
 * to one worker, and a job whose worker died is retried elsewhere once it expires.
 *
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… pnpm --filter @leadforge/api worker
 */
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/connection';
import { runMigrations } from './db/migrate';
import { createJobQueue, type JobLogger, type JobQueue } from './jobs/queue';
import { registerAllJobs, type JobDeps, type JobRegistrar, type PushTarget } from './jobs/registry';
import { createPushPublisher } from './realtime/push-publisher';

export interface RunningWorker {
  queue: JobQueue;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  config: AppConfig;
  logger: JobLogger;
  /** Extra handlers next to the registry's (used by the crash-recovery test). */
  extraJobs?: JobRegistrar;
  /** Overrides of the queue's timing, for tests. */
  queueTuning?: { pollingIntervalSeconds?: number; superviseIntervalSeconds?: number };
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const { config, logger } = options;
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: required by the worker process. The embedded default (PGlite) runs its jobs inside the API process; a separate worker needs a PostgreSQL server shared with the API.',
    ]);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 5 });
  // The worker may start before any API instance; the migrations serialise on an advisory lock.
  await runMigrations(database);

  let push: PushTarget & { close(): Promise<void> };
  if (config.redisUrl) {
    push = createPushPublisher({ redisUrl: config.redisUrl, logger });
  } else {
    logger.warn('REDIS_URL is not set: pushes raised by jobs in this worker cannot reach browsers and are logged instead');
    const drop = (target: string) => (_id: number, event: { type: string }) =>
      logger.warn({ target, type: event.type }, 'Push not delivered: the worker has no REDIS_URL');
    push = { emitToUser: drop('user'), emitToTeam: drop('team'), close: async () => undefined };
  }

  const queue = createJobQueue({ database, logger, runWorkers: true, ...options.queueTuning });
  const deps: JobDeps = { database, logger, push, config };
  await registerAllJobs(queue, deps);
  if (options.extraJobs) await options.extraJobs(queue, deps);
  await queue.start();
  logger.info({ jobs: queue.names }, 'Worker started');

  let stopping: Promise<void> | undefined;
  return {
    queue,
    stop() {
      stopping ??= (async () => {
        await queue.stop();
        await push.close();
        await database.close();
      })();
      return stopping;
    },
  };
}

/** Starts the worker and stops it gracefully (running jobs finish) on SIGTERM or SIGINT. */
export async function main(options: Partial<WorkerOptions> = {}): Promise<void> {
  let config: AppConfig;
  try {
    config = options.config ?? loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = options.logger ?? pino({ level: config.logLevel, name: 'worker' });
  let worker: RunningWorker;
  try {
    worker = await startWorker({ ...options, config, logger });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'Worker stopping: waiting for running jobs');
    worker.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Worker did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
