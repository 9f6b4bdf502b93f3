/**
 * The real worker process (worker.ts `main`) plus one test job, `test.crash`, for the
 * kill-mid-job test. Its side effect is a row in crash_effect keyed by the job id, written in a
 * transaction; every attempt is logged in crash_attempt. With CRASH_TEST_HANG=1 the handler gets
 * stuck at the point the job data names, so the test can SIGKILL the process there:
 *   - `inside-transaction`: the effect is inserted but not committed (the kill rolls it back);
 *   - `after-commit`: the effect is committed, but the job is never acknowledged.
 */
import { main } from '../../worker';
import type { JobRegistrar } from '../registry';

export const CRASH_JOB = 'test.crash';
export type CrashMode = 'inside-transaction' | 'after-commit';

const hang = process.env.CRASH_TEST_HANG === '1';

const registerCrashJob: JobRegistrar = async (queue, deps) => {
  const pool = deps.database.pool;
  if (!pool) throw new Error('the crash test runs on PostgreSQL');
  await queue.register<{ mode: CrashMode }>(
    CRASH_JOB,
    async (job) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // The job id is the idempotency key of the side effect: a re-run after a crash that
        // happened after the commit adds nothing.
        await client.query('INSERT INTO crash_effect (job_id, pid) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING', [
          job.id,
          process.pid,
        ]);
        if (hang && job.data.mode === 'after-commit') await client.query('COMMIT');
        await pool.query('INSERT INTO crash_attempt (job_id, pid, retry_count) VALUES ($1, $2, $3)', [
          job.id,
          process.pid,
          job.retryCount,
        ]);
        if (hang) {
          // Stuck for good, deaf to the abort signal, like a worker wedged in a native call.
          await new Promise<never>(() => undefined);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    // Short expiry so the test does not wait long for the dead worker's claim to lapse.
    { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 3, concurrency: 2 },
  );
};

await main({ extraJobs: registerCrashJob, queueTuning: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 } });
