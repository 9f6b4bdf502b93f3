/**
 * The crash test: a worker PROCESS is killed with SIGKILL in the middle of two jobs, and
 * another worker process then completes both, each exactly once (one side-effect row per job).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../db/connection';
import { createJobQueue, type JobQueue } from './queue';
import { createTestPostgres, silentLogger, waitFor, type TestPostgres } from './test-fixtures/databases';

const CRASH_JOB = 'test.crash';
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'crash-worker.ts');

function spawnWorker(databaseUrl: string, hang: boolean): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '', LOG_LEVEL: 'error', CRASH_TEST_HANG: hang ? '1' : '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

// Separate worker processes exist only on PostgreSQL (the embedded PGlite runs its jobs in the API
// process), so the pass of api/scripts/run-tests.mjs on the pglite store has nothing to run here.
const onPostgres = process.env.LEADFORGE_TEST_STORE !== 'pglite';

if (onPostgres) describe('a worker process killed mid-job', () => {
  let postgres: TestPostgres;
  let database: Database;
  let producer: JobQueue;
  let sql: pg.Pool;
  const children: ChildProcess[] = [];

  before(async () => {
    postgres = await createTestPostgres('lf_jobs_crash');
    sql = new pg.Pool({ connectionString: postgres.url, max: 2 });
    await sql.query('CREATE TABLE crash_effect (job_id uuid PRIMARY KEY, pid int NOT NULL)');
    await sql.query('CREATE TABLE crash_attempt (job_id uuid NOT NULL, pid int NOT NULL, retry_count int NOT NULL)');
    database = await openDatabase({ databaseUrl: postgres.url, poolMax: 2 });
    // The API side: declares the job with the same settings and enqueues, but runs no handler.
    producer = createJobQueue({ database, logger: silentLogger, runWorkers: false, superviseIntervalSeconds: 1 });
    await producer.register(CRASH_JOB, async () => assert.fail('the producer runs no handler'), {
      retryLimit: 3,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 3,
      concurrency: 2,
    });
    await producer.start();
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await producer.stop();
    await database.close();
    await sql.end();
    await postgres.drop();
  });

  it('lets another worker complete each interrupted job exactly once', async () => {
    const uncommitted = await producer.enqueue(CRASH_JOB, { mode: 'inside-transaction' });
    const committed = await producer.enqueue(CRASH_JOB, { mode: 'after-commit' });
    assert.ok(uncommitted && committed);

    const doomed = spawnWorker(postgres.url, true);
    children.push(doomed);
    // Both jobs are in the middle of their handler in the first worker.
    await waitFor(
      async () => {
        const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM crash_attempt WHERE pid = $1', [doomed.pid]);
        return rows[0]!.n === 2 ? true : undefined;
      },
      { timeoutMs: 60_000, what: 'the first worker to start both jobs' },
    );
    assert.ok(['active', 'retry'].includes((await producer.getJob(CRASH_JOB, uncommitted))?.state ?? ''), 'interrupted, not finished');
    doomed.kill('SIGKILL');
    assert.equal((await exited(doomed)).signal, 'SIGKILL');

    const rescuer = spawnWorker(postgres.url, false);
    children.push(rescuer);
    for (const id of [uncommitted, committed]) {
      await waitFor(
        async () => ((await producer.getJob(CRASH_JOB, id))?.state === 'completed' ? true : undefined),
        { timeoutMs: 60_000, what: `job ${id} to be completed by the second worker` },
      );
    }

    const effects = await sql.query<{ job_id: string; pid: number }>('SELECT job_id, pid FROM crash_effect ORDER BY job_id');
    assert.equal(effects.rows.length, 2, 'one side effect per job, no duplicates');
    const effectOf = (id: string) => effects.rows.filter((row) => row.job_id === id);
    assert.equal(effectOf(uncommitted).length, 1);
    assert.equal(effectOf(uncommitted)[0]!.pid, rescuer.pid, 'the killed transaction was rolled back, the rescuer wrote it');
    assert.equal(effectOf(committed).length, 1);
    assert.equal(effectOf(committed)[0]!.pid, doomed.pid, 'the committed effect was kept and not repeated');

    const attempts = await sql.query<{ job_id: string; pid: number; retry_count: number }>(
      'SELECT job_id, pid, retry_count FROM crash_attempt ORDER BY retry_count',
    );
    for (const id of [uncommitted, committed]) {
      const own = attempts.rows.filter((row) => row.job_id === id);
      assert.deepEqual(
        own.map((row) => [row.pid, row.retry_count]),
        [
          [doomed.pid, 0],
          [rescuer.pid, 1],
        ],
      );
      const job = await producer.getJob(CRASH_JOB, id);
      assert.equal(job?.retryCount, 1);
    }

    // The rescuer shuts down gracefully on SIGTERM.
    rescuer.kill('SIGTERM');
    assert.deepEqual(await exited(rescuer), { code: 0, signal: null });
  });
});
