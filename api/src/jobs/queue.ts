/**
 * The one durable job queue every engine uses (sending, verification, imports, enrichment, IMAP
 * sync, warm-up), on pg-boss: jobs live in PostgreSQL tables, so they survive restarts, and the
 * same code runs on the embedded PGlite database (one process, no Redis) and on a PostgreSQL server
 * with separate worker processes (`api/src/worker.ts`).
 *
 * Guarantees the rest of the API can rely on:
 * - idempotency: an enqueue with an idempotencyKey already used for that job name creates nothing
 *   and answers null (the key is turned into the job's primary key, so it holds under concurrency);
 *   the key stays taken while the job row exists, whatever its state (pg-boss deletes finished
 *   jobs 7 days after completion by default);
 * - retries with exponential back-off after a thrown error, up to retryLimit;
 * - expiry: a job active for longer than expireInSeconds (its worker died or hung) goes back to the
 *   queue and is picked up by another worker; handlers therefore key their side effects on the job
 *   id (a unique constraint, or a write in one transaction with a check) so a re-run adds nothing;
 * - cancel: a cancelled job is never started again.
 */
import { createHash } from 'node:crypto';
import { PgBoss, fromPglite, type Job, type JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connection';

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface JobContext<T> {
  id: string;
  data: T;
  /** Aborted when the job expires or the worker shuts down; long handlers should stop early. */
  signal: AbortSignal;
  /** 0 on the first attempt, then 1, 2, … on retries. */
  retryCount: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

export interface RegisterOptions {
  /** Attempts after the first one before the job is marked failed. Default 5. */
  retryLimit?: number;
  /** Delay before the first retry; doubled (with jitter) per retry when retryBackoff. Default 5. */
  retryDelaySeconds?: number;
  /** Exponential back-off between retries. Default true. */
  retryBackoff?: boolean;
  /** Upper bound of the back-off delay. Default 1 hour. */
  retryDelayMaxSeconds?: number;
  /** How long one attempt may stay active before it is considered dead and retried. Default 15 min. */
  expireInSeconds?: number;
  /** Jobs of this name run at once in this process. Default 1. */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** The same key for the same job name never creates a second job. */
  idempotencyKey?: string;
  startAfterSeconds?: number;
  /** Higher runs first. */
  priority?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo<T = unknown> {
  id: string;
  name: string;
  state: JobState;
  data: T;
  retryCount: number;
  retryLimit: number;
  idempotencyKey: string | null;
  /** The handler's error of the last failed attempt, if any. */
  output: unknown;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

export interface JobQueue {
  register<T>(name: string, handler: JobHandler<T>, options?: RegisterOptions): Promise<void>;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  cancel(jobId: string): Promise<void>;
  getJob<T = unknown>(name: string, jobId: string): Promise<JobInfo<T> | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The job names registered so far. */
  readonly names: readonly string[];
}

export interface JobQueueOptions {
  database: Database;
  logger: JobLogger;
  /** PostgreSQL schema of the queue tables. Default `pgboss`. */
  schema?: string;
  /**
   * Run handlers in this process (default true). An API instance that leaves the work to
   * `worker.ts` still registers every job so the queues exist, but passes false.
   */
  runWorkers?: boolean;
  /** How often an idle worker looks for new jobs; new jobs also wake workers at once. Default 2. */
  pollingIntervalSeconds?: number;
  /** How often expired (dead-worker) jobs are swept back to the queue. Default 30. */
  superviseIntervalSeconds?: number;
  /** How long stop() waits for running handlers before failing them (they are retried). Default 30 s. */
  stopTimeoutMs?: number;
}

const DEFAULTS = {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 15 * 60,
  concurrency: 1,
} satisfies Required<RegisterOptions>;

interface Registration {
  name: string;
  handler: JobHandler<unknown>;
  options: Required<RegisterOptions>;
}

/**
 * A deterministic UUID (version 5 layout, SHA-1) for (job name, idempotency key): used as the job id,
 * so the second insert of the same key hits the primary key and pg-boss skips it.
 */
export function idempotentJobId(name: string, key: string): string {
  const bytes = createHash('sha1').update(`leadforge-job\u0000${name}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toJobInfo<T>(job: JobWithMetadata<T>): JobInfo<T> {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    data: job.data,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    idempotencyKey: job.singletonKey,
    output: job.output ?? null,
    createdOn: job.createdOn,
    startAfter: job.startAfter,
    startedOn: job.startedOn ?? null,
    completedOn: job.completedOn ?? null,
  };
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options;
  const schema = options.schema ?? 'pgboss';
  const runWorkers = options.runWorkers ?? true;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  /** Aborted when stop() begins (see the handler's signal). */
  const stopping = new AbortController();

  const common = {
    schema,
    // New jobs wake idle workers through LISTEN/NOTIFY; polling stays as the safety net.
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    // Expired jobs are swept in the monitor step, which pg-boss runs at most once per this interval.
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
  };
  let boss: PgBoss;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('createJobQueue: the embedded database handle is missing');
    // PGlite has a single connection, so the queue shares the application's handle.
    boss = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  } else {
    if (!database.databaseUrl) throw new Error('createJobQueue: a PostgreSQL connection string is required');
    boss = new PgBoss({ ...common, connectionString: database.databaseUrl, max: 5, application_name: 'leadforge-jobs' });
  }
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'Job queue error'));
  boss.on('warning', (warning: unknown) => logger.warn({ warning }, 'Job queue warning'));

  const registrations = new Map<string, Registration>();
  let started = false;

  async function declareQueue(registration: Registration): Promise<void> {
    const { name, options: o } = registration;
    const queueOptions = {
      retryLimit: o.retryLimit,
      retryDelay: o.retryDelaySeconds,
      retryBackoff: o.retryBackoff,
      // pg-boss accepts a ceiling only for exponential back-off.
      ...(o.retryBackoff ? { retryDelayMax: o.retryDelayMaxSeconds } : {}),
      expireInSeconds: o.expireInSeconds,
    };
    await boss.createQueue(name, { ...queueOptions, notify: true });
    // createQueue leaves an existing queue as it was; bring its settings in line with the code.
    await boss.updateQueue(name, { ...queueOptions, notify: true });
  }

  async function startWorker(registration: Registration): Promise<void> {
    const { name, handler, options: o } = registration;
    await boss.work<unknown>(
      name,
      {
        batchSize: 1,
        localConcurrency: o.concurrency,
        pollingIntervalSeconds,
        // NOTIFY only announces new jobs; retries and delayed jobs become due silently, so the
        // backstop poll must stay as frequent as the plain one (pg-boss would relax it to 30 s).
        notifyPollingIntervalSeconds: pollingIntervalSeconds,
      },
      async (jobs: Job<unknown>[]) => {
        for (const job of jobs) {
          try {
            await handler({ id: job.id, data: job.data, signal: AbortSignal.any([job.signal, stopping.signal]), retryCount: job.retryCount });
          } catch (error) {
            logger.warn({ err: error, job: job.id, name, retryCount: job.retryCount }, 'Job attempt failed');
            // pg-boss records the error as the attempt's output and schedules the retry.
            throw error;
          }
        }
      },
    );
  }

  async function activate(registration: Registration): Promise<void> {
    await declareQueue(registration);
    if (runWorkers) await startWorker(registration);
  }

  return {
    get names() {
      return [...registrations.keys()];
    },

    async register<T>(name: string, handler: JobHandler<T>, registerOptions: RegisterOptions = {}) {
      if (registrations.has(name)) throw new Error(`Job "${name}" is registered twice`);
      const registration: Registration = {
        name,
        handler: handler as JobHandler<unknown>,
        options: { ...DEFAULTS, ...registerOptions },
      };
      registrations.set(name, registration);
      if (started) await activate(registration);
    },

    async enqueue<T>(name: string, data: T, enqueueOptions: EnqueueOptions = {}) {
      if (!started) throw new Error(`Job "${name}" enqueued before the job queue started`);
      if (!registrations.has(name)) throw new Error(`Job "${name}" is not registered (see api/src/jobs/registry.ts)`);
      const { idempotencyKey, startAfterSeconds, priority } = enqueueOptions;
      return boss.send(name, (data ?? null) as object | null, {
        ...(idempotencyKey ? { id: idempotentJobId(name, idempotencyKey), singletonKey: idempotencyKey } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(priority !== undefined ? { priority } : {}),
      });
    },

    async cancel(jobId: string) {
      // The public API knows a job by its id alone; pg-boss needs the queue name too.
      const { rows } = await boss.getDb().executeSql(`SELECT name FROM ${schema}.job WHERE id = $1`, [jobId]);
      const name = (rows[0] as { name?: string } | undefined)?.name;
      if (!name) return;
      await boss.cancel(name, jobId);
    },

    async getJob<T = unknown>(name: string, jobId: string) {
      const [job] = await boss.findJobs<T>(name, { id: jobId });
      return job ? toJobInfo(job) : null;
    },

    async start() {
      if (started) return;
      await boss.start();
      started = true;
      try {
        for (const registration of registrations.values()) await activate(registration);
      } catch (error) {
        await this.stop();
        throw error;
      }
      logger.info({ jobs: [...registrations.keys()], runWorkers, backend: database.kind }, 'Job queue started');
    },

    async stop() {
      if (!started) return;
      started = false;
      // Long handlers (an IMAP session holds its connection for minutes) learn of the shutdown at
      // once; pg-boss alone aborts their signal only when its stop timeout has run out.
      stopping.abort();
      // Waits for running handlers; what is still running at the deadline is failed and retried.
      // The pool is closed only when the queue owns it (PostgreSQL); PGlite belongs to the app.
      await boss.stop({ graceful: true, timeout: stopTimeoutMs, close: true });
    },
  };
}
