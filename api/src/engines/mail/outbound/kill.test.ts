/**
 * The kill test: a worker process (the real worker.ts with the mail engine's dispatcher
 * job) sends a message to an SMTP server that takes the whole body and keeps its answer; the
 * process is SIGKILLed while it waits for that answer, so the answer is never recorded. The
 * engine that runs next never sends the message again, and the row shows `unknown`.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../db/connection';
import { runMigrations } from '../../../db/migrate';
import { createJobQueue, type JobQueue } from '../../../jobs/queue';
import { createTestPostgres, silentLogger, type TestPostgres } from '../../../jobs/test-fixtures/databases';
import { DISPATCH_JOB, wakeKey } from '../../../modules/mail-engine/dispatch';
import {
  TEST_KEY,
  TestClock,
  createMailbox,
  createOwner,
  rowsOf,
  startRecordingServer,
  testCipher,
  testEngine,
  type RecordingServer,
} from './engine-fixtures';
import type { MailEngine } from './outbox';

const workerEntry = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..', 'worker.ts');

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

// A separate worker process exists only with PostgreSQL (PGlite runs its jobs in the API process).
const onPostgres = process.env.LEADFORGE_TEST_STORE !== 'pglite';

if (onPostgres)
  describe('a worker killed between the body and the answer', () => {
    let postgres: TestPostgres;
    let database: Database;
    let producer: JobQueue;
    let server: RecordingServer;
    let dir: string;
    const engines: MailEngine[] = [];
    let child: ChildProcess | undefined;
    let releaseAnswer: () => void = () => undefined;

    before(async () => {
      postgres = await createTestPostgres('lf_mail_kill');
      database = await openDatabase({ databaseUrl: postgres.url, poolMax: 4 });
      await runMigrations(database);
      dir = await mkdtemp(path.join(os.tmpdir(), 'lf-mail-kill-'));
      server = await startRecordingServer();
      // The server has the whole message and keeps its 250 until the test lets it go.
      const held = new Promise<void>((resolve) => {
        releaseAnswer = resolve;
      });
      server.onBody = () => held;
      // The API side: declares the dispatcher's queue and enqueues, but runs no handler.
      producer = createJobQueue({ database, logger: silentLogger, runWorkers: false });
      await producer.register(DISPATCH_JOB, async () => assert.fail('the producer runs no handler'));
      await producer.start();
    });

    after(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      releaseAnswer();
      for (const engine of engines) await engine.close();
      await producer?.stop();
      await server?.close();
      await database?.close();
      await postgres?.drop();
      await rm(dir, { recursive: true, force: true });
    });

    it('leaves the message unknown and never sends it again', async () => {
      const cipher = testCipher(dir);
      const owner = await createOwner(database);
      const mailbox = await createMailbox(database, owner, cipher, { port: server.port });
      const clock = new TestClock(new Date());
      const api = testEngine({ db: database.db, cipher, now: clock.now });
      engines.push(api);
      api.onEnqueued(async (outboundId) => {
        await producer.enqueue(DISPATCH_JOB, {}, { idempotencyKey: wakeKey(outboundId) });
      });
      const queued = await api.enqueue({ kind: 'single', owner, emailAccountId: mailbox, to: 'bob@recipient.example', subject: 'Once', text: 'Only once.' });
      if (queued.status !== 'queued') assert.fail('queued');

      child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
        env: { ...process.env, DATABASE_URL: postgres.url, REDIS_URL: '', LOG_LEVEL: 'error', DATA_DIR: dir, MAIL_SECRET_KEY: TEST_KEY },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await server.waitForCount(1);
      const [inFlight] = await rowsOf<{ state: string; claimed_by: string }>(database, sql`select state, claimed_by from mail_outbound where id = ${queued.outboundId}`);
      assert.equal(inFlight?.state, 'sending', 'committed as sending before the dialogue began');
      child.kill('SIGKILL');
      assert.equal((await exited(child)).signal, 'SIGKILL');
      releaseAnswer();

      // The engine that runs next (another process, after the lease has lapsed).
      const next = testEngine({ db: database.db, cipher, now: () => new Date(Date.now() + 11 * 60_000) });
      engines.push(next);
      await next.dispatch();
      await next.dispatch();
      const [row] = await rowsOf<{ state: string; attempts: number; last_error: string }>(
        database,
        sql`select state, attempts, last_error from mail_outbound where id = ${queued.outboundId}`,
      );
      assert.equal(row?.state, 'unknown');
      assert.equal(row?.attempts, 1);
      assert.match(row?.last_error ?? '', /may have been delivered/);
      assert.equal(server.received.length, 1, 'the server received the message exactly once');
      const [left] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from mail_outbound where state in ('queued', 'retry', 'claimed', 'sending')`);
      assert.equal(left?.n, 0, 'nothing left that could send it again');
    });
  });
