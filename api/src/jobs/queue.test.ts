import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type Database } from '../db/connection';
import { createJobQueue, idempotentJobId, type JobQueue, type JobQueueOptions } from './queue';
import { createTempDir, createTestPostgres, silentLogger, waitFor } from './test-fixtures/databases';

type Kind = 'pglite' | 'postgres';

interface Backend {
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function prepareBackend(kind: Kind): Promise<Backend> {
  if (kind === 'pglite') {
    const temp = await createTempDir('lf-jobs');
    return { open: () => openDatabase({ pgliteDataDir: temp.dir }), cleanup: temp.remove };
  }
  const postgres = await createTestPostgres('lf_jobs_test');
  return { open: () => openDatabase({ databaseUrl: postgres.url, poolMax: 2 }), cleanup: postgres.drop };
}

function makeQueue(database: Database, extra: Partial<JobQueueOptions> = {}): JobQueue {
  return createJobQueue({
    database,
    logger: silentLogger,
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
    stopTimeoutMs: 1_000,
    ...extra,
  });
}

async function waitForState(queue: JobQueue, name: string, id: string, state: string) {
  return waitFor(
    async () => {
      const job = await queue.getJob(name, id);
      return job?.state === state ? job : undefined;
    },
    { what: `job ${id} to be ${state}` },
  );
}

// api/scripts/run-tests.mjs runs every file once per store (LEADFORGE_TEST_STORE); run alone, both.
const storeChoice = process.env.LEADFORGE_TEST_STORE;
const kinds: Kind[] = storeChoice === 'pglite' || storeChoice === 'postgres' ? [storeChoice] : ['pglite', 'postgres'];

for (const kind of kinds) {
  describe(`durable job queue on ${kind}`, () => {
    let backend: Backend;
    before(async () => {
      backend = await prepareBackend(kind);
    });
    after(async () => {
      await backend.cleanup();
    });

    it('keeps an enqueued job across a restart and runs it afterwards', async () => {
      const first = await backend.open();
      // An instance that only enqueues (like an API process whose workers run elsewhere).
      const producer = makeQueue(first, { runWorkers: false });
      await producer.register('test.restart', async () => assert.fail('the producer runs no handler'));
      await producer.start();
      const id = await producer.enqueue('test.restart', { value: 42 });
      assert.ok(id);
      await producer.stop();
      await first.close();

      const second = await backend.open();
      const consumer = makeQueue(second);
      const seen: unknown[] = [];
      await consumer.register<{ value: number }>('test.restart', async (job) => {
        seen.push(job.data);
      });
      await consumer.start();
      try {
        const done = await waitForState(consumer, 'test.restart', id, 'completed');
        assert.deepEqual(seen, [{ value: 42 }]);
        assert.equal(done.retryCount, 0);
      } finally {
        await consumer.stop();
        await second.close();
      }
    });

    it('creates one job per idempotency key, even under concurrent enqueues', async () => {
      const database = await backend.open();
      const queue = makeQueue(database);
      const runs: string[] = [];
      await queue.register<{ to: string }>('test.idempotent', async (job) => {
        runs.push(job.data.to);
      });
      await queue.start();
      try {
        const ids = await Promise.all(
          Array.from({ length: 5 }, () => queue.enqueue('test.idempotent', { to: 'a' }, { idempotencyKey: 'invite:7' })),
        );
        const created = ids.filter((id): id is string => id !== null);
        assert.equal(created.length, 1, 'exactly one of the concurrent enqueues creates the job');
        assert.equal(created[0], idempotentJobId('test.idempotent', 'invite:7'));
        await waitForState(queue, 'test.idempotent', created[0]!, 'completed');
        // The key stays used after completion: a late duplicate is still refused.
        assert.equal(await queue.enqueue('test.idempotent', { to: 'a' }, { idempotencyKey: 'invite:7' }), null);
        const other = await queue.enqueue('test.idempotent', { to: 'b' }, { idempotencyKey: 'invite:8' });
        assert.ok(other);
        const done = await waitForState(queue, 'test.idempotent', other, 'completed');
        assert.equal(done.idempotencyKey, 'invite:8');
        assert.deepEqual(runs.sort(), ['a', 'b']);
      } finally {
        await queue.stop();
        await database.close();
      }
    });

    it('retries a failing job with growing back-off delays, then completes it', async () => {
      const database = await backend.open();
      const queue = makeQueue(database);
      const attempts: Array<{ at: number; retryCount: number }> = [];
      await queue.register(
        'test.flaky',
        async (job) => {
          attempts.push({ at: Date.now(), retryCount: job.retryCount });
          if (job.retryCount < 2) throw new Error(`provider unavailable (attempt ${job.retryCount + 1})`);
        },
        { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
      );
      await queue.start();
      try {
        const id = await queue.enqueue('test.flaky', {});
        assert.ok(id);
        const done = await waitForState(queue, 'test.flaky', id, 'completed');
        assert.equal(done.retryCount, 2);
        assert.deepEqual(attempts.map((attempt) => attempt.retryCount), [0, 1, 2]);
        // Back-off: retryDelay × (2^n/2 + jitter·2^n/2) → at least 1 s, then at least 2 s.
        const firstGap = attempts[1]!.at - attempts[0]!.at;
        const secondGap = attempts[2]!.at - attempts[1]!.at;
        assert.ok(firstGap >= 900, `first retry waited ${firstGap} ms`);
        assert.ok(secondGap >= 1_900, `second retry waited ${secondGap} ms`);
      } finally {
        await queue.stop();
        await database.close();
      }
    });

    it('marks a job failed once its retries are used up', async () => {
      const database = await backend.open();
      const queue = makeQueue(database);
      await queue.register(
        'test.broken',
        async () => {
          throw new Error('always broken');
        },
        { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
      );
      await queue.start();
      try {
        const id = await queue.enqueue('test.broken', {});
        assert.ok(id);
        const failed = await waitForState(queue, 'test.broken', id, 'failed');
        assert.equal(failed.retryCount, 1);
        assert.match(JSON.stringify(failed.output), /always broken/);
      } finally {
        await queue.stop();
        await database.close();
      }
    });

    it('cancels a queued job so it never runs, while later jobs still do', async () => {
      const database = await backend.open();
      const queue = makeQueue(database);
      const runs: number[] = [];
      await queue.register<{ n: number }>('test.cancel', async (job) => {
        runs.push(job.data.n);
      });
      await queue.start();
      try {
        const cancelled = await queue.enqueue('test.cancel', { n: 1 }, { startAfterSeconds: 2 });
        assert.ok(cancelled);
        await queue.cancel(cancelled);
        assert.equal((await queue.getJob('test.cancel', cancelled))?.state, 'cancelled');
        // A job due later than the cancelled one would have been: once it ran, the cancelled one
        // had its chance and was skipped.
        const later = await queue.enqueue('test.cancel', { n: 2 }, { startAfterSeconds: 3 });
        assert.ok(later);
        await waitForState(queue, 'test.cancel', later, 'completed');
        assert.deepEqual(runs, [2]);
        assert.equal((await queue.getJob('test.cancel', cancelled))?.state, 'cancelled');
        // Cancelling an unknown id is a no-op, and getJob answers null for it.
        await queue.cancel('00000000-0000-4000-8000-000000000000');
        assert.equal(await queue.getJob('test.cancel', '00000000-0000-4000-8000-000000000000'), null);
      } finally {
        await queue.stop();
        await database.close();
      }
    });

    it('refuses to enqueue an unregistered job name', async () => {
      const database = await backend.open();
      const queue = makeQueue(database);
      await queue.start();
      try {
        await assert.rejects(queue.enqueue('test.unknown', {}), /not registered/);
      } finally {
        await queue.stop();
        await database.close();
      }
    });
  });
}
