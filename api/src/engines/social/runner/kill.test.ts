/**
 * The runner's kill test: a real runner process (kill-child.ts) claims an invitation and hands it
 * to a network that takes it and never answers; the process is SIGKILLed while it waits, so the
 * answer is never recorded. The runner that runs next (another process, once the lease lapsed)
 * never performs the invitation again: it shows as unknown, stays counted against the day's
 * invitations, and the account goes on with its other actions.
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
import { createTestPostgres, type TestPostgres } from '../../../jobs/test-fixtures/databases';
import { TEST_KEY } from '../../mail/outbound/engine-fixtures';
import type { CredentialCipher } from '../../mail/secrets/credentials';
import type { ReachedMessage } from './kill-child';
import type { LinkedinOutcomeEvent } from './runner';
import {
  TestClock,
  actionsOf,
  createLinkedinAccount,
  createOwner,
  recordingNetwork,
  rowsOf,
  sandboxPeople,
  testCipher,
  testRunner,
  type Owner,
} from './test-fixtures';

const childEntry = path.join(path.dirname(new URL(import.meta.url).pathname), 'kill-child.ts');

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** The child's word that an action reached its network (or its death before that). */
const reachedNetwork = (child: ChildProcess) =>
  new Promise<ReachedMessage['reached']>((resolve, reject) => {
    child.once('message', (message) => resolve((message as ReachedMessage).reached));
    child.once('exit', (code, signal) => reject(new Error(`the runner process ended (${code ?? signal}) before the network was asked`)));
  });

// Two processes share a database only on PostgreSQL (PGlite is one process's own).
const onPostgres = process.env.LEADFORGE_TEST_STORE !== 'pglite';

if (onPostgres)
  describe('a LinkedIn runner process killed while the network has the action', () => {
    let postgres: TestPostgres;
    let database: Database;
    let dir: string;
    let cipher: CredentialCipher;
    let owner: Owner;
    let child: ChildProcess | undefined;

    before(async () => {
      postgres = await createTestPostgres('lf_li_kill');
      database = await openDatabase({ databaseUrl: postgres.url, poolMax: 4 });
      await runMigrations(database);
      dir = await mkdtemp(path.join(os.tmpdir(), 'lf-li-kill-'));
      cipher = testCipher(dir);
      owner = await createOwner(database);
    });

    after(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await database?.close();
      await postgres?.drop();
      await rm(dir, { recursive: true, force: true });
    });

    it('never sends the invitation again: it shows as unknown and stays counted', async () => {
      const account = await createLinkedinAccount(database, owner, cipher);
      const [held, other] = sandboxPeople('killed-runner-process', 2);
      const network = recordingNetwork(database);
      const campaign = (recipientId: number) => ({ campaignId: 9_100, recipientId, step: 1 });
      // The API side queues the invitation; the runner process takes it.
      const api = testRunner(database, cipher, network, { workerId: 'runner-api' });
      await api.enqueue({ owner, linkedinAccountId: account.id, action: 'invite', profileUrl: held!, content: 'Hello', origin: 'campaign', campaign: campaign(1) });

      child = spawn(process.execPath, ['--import', 'tsx', childEntry], {
        env: { ...process.env, DATABASE_URL: postgres.url, DATA_DIR: dir, MAIL_SECRET_KEY: TEST_KEY, LINKEDIN_WORKER_ID: 'runner-killed', LOG_LEVEL: 'error' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      assert.deepEqual(await reachedNetwork(child), { action: 'invite', profileUrl: held });
      const [inFlight] = await actionsOf(database, [account.id]);
      assert.deepEqual([inFlight?.state, inFlight?.claimed_by], ['running', 'runner-killed'], 'committed as running before the network was asked');
      child.kill('SIGKILL');
      assert.equal((await exited(child)).signal, 'SIGKILL');

      // The runner that runs next, in this process, once the perform lease has lapsed.
      const clock = new TestClock(new Date(Date.now() + 11 * 60_000));
      const next = testRunner(database, cipher, network, { now: clock.now, workerId: 'runner-next' });
      const outcomes: LinkedinOutcomeEvent[] = [];
      next.onOutcome((event) => void outcomes.push(event));
      await next.enqueue({ owner, linkedinAccountId: account.id, action: 'visit', profileUrl: other!, origin: 'campaign', campaign: campaign(2) });
      await next.runOnce();
      await next.runOnce();

      const rows = await actionsOf(database, [account.id]);
      const invite = rows.find((row) => row.profile_url === held)!;
      assert.deepEqual([invite.state, invite.reason, invite.attempts], ['failed', 'linkedin_action_outcome_unknown', 1]);
      assert.equal(network.calls.filter((call) => call.request.profileUrl === held).length, 0, 'only the killed process ever sent it');
      assert.equal(rows.find((row) => row.profile_url === other)?.state, 'done', 'the account goes on with its other actions');
      assert.deepEqual(
        outcomes.map((event) => [event.outcome, event.reason, event.profileUrl]),
        [
          ['unknown', 'linkedin_action_outcome_unknown', held],
          ['done', null, other],
        ],
      );
      // It may have happened, so it stays counted against the day's invitations.
      const [usage] = await rowsOf<{ n: number }>(
        database,
        sql`select coalesce(sum(count), 0)::int as n from linkedin_daily_usage where linkedin_account_id = ${account.id} and action = 'invite'`,
      );
      assert.equal(usage?.n, 1);
    });
  });
