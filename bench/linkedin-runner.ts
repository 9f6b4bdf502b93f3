/**
 * Throughput of the LinkedIn action runner (engines/social/runner) against the sandbox network
 * with the limits off: no gap, every hour open, daily limits out of reach. Every action is a row
 * written before the network is asked, claimed under a lease with FOR UPDATE SKIP LOCKED and the
 * account row locked, reserved on the day's counter, marked running, performed on the sandbox
 * (which reads the person and, for invitations and messages, writes what they will do) and
 * recorded — the work that makes an action exactly once or visibly unknown. Enqueueing is timed
 * apart; one runner and then two side by side. Prints a table; asserts nothing.
 *
 *   pnpm --filter @leadforge/bench linkedin-runner
 *   BENCH_ACTIONS=2000 BENCH_ACCOUNTS=8 BENCH_STORE=pglite pnpm --filter @leadforge/bench linkedin-runner
 */
import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LinkedinActionType } from '@leadforge/contracts';
import type { LinkedinRunner } from '../api/src/engines/social/runner/runner';
import {
  TestClock,
  createLinkedinAccount,
  createOwner,
  openRunnerDatabase,
  recordingNetwork,
  sandboxPeople,
  testCipher,
  testRunner,
} from '../api/src/engines/social/runner/test-fixtures';

const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 2_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
process.env.LEADFORGE_TEST_STORE = process.env.BENCH_STORE ?? 'postgres';

/** The largest limit an account can hold (the limits schema's ceiling): out of reach in a bench. */
const OFF = 100_000;
const MIX: LinkedinActionType[] = ['visit', 'visit', 'like', 'follow', 'invite'];

const store = await openRunnerDatabase();
const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-bench-linkedin-'));
try {
  const cipher = testCipher(dir);
  const owner = await createOwner(store.database);
  const clock = new TestClock(new Date('2030-06-03T10:00:00Z'));
  const accounts: number[] = [];
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const account = await createLinkedinAccount(store.database, owner, cipher, {
      limits: { visit: OFF, like: OFF, follow: OFF, invite: OFF, message: OFF, in_mail: OFF },
      // Limits off: the pending limit too (no invitation is accepted while the bench runs).
      connectLimit: OFF,
      minGapSeconds: 0,
      maxGapSeconds: 0,
    });
    accounts.push(account.id);
  }
  const network = recordingNetwork(store.database, { acceptRate: 0.5, replyRate: 0 });
  const runnerOf = (workerId: string) => testRunner(store.database, cipher, network, { now: clock.now, claimBatch: 100, passBudgetMs: 10 * 60_000, workerId });

  async function enqueueAll(runner: LinkedinRunner, round: number, count: number): Promise<number> {
    const people = sandboxPeople(`bench-${round}`, count);
    const started = performance.now();
    for (let index = 0; index < count; index += 1) {
      await runner.enqueue({
        owner,
        linkedinAccountId: accounts[index % ACCOUNTS]!,
        action: MIX[index % MIX.length]!,
        profileUrl: people[index]!,
        origin: 'campaign',
        campaign: { campaignId: round, recipientId: index + 1, step: 1 },
      });
    }
    return performance.now() - started;
  }

  async function run(runners: LinkedinRunner[], count: number): Promise<number> {
    const before = network.calls.length;
    const started = performance.now();
    const passes = await Promise.all(runners.map((runner) => runner.runOnce()));
    const elapsed = performance.now() - started;
    const performed = passes.reduce((sum, pass) => sum + pass.performed, 0);
    if (performed !== count || network.calls.length - before !== count) throw new Error(`performed ${performed} of ${count}`);
    return elapsed;
  }

  // Warm the paths (connections, JIT, the database's plans) before measuring.
  const warm = runnerOf('bench-warm');
  await enqueueAll(warm, 1_000_000, 100);
  await run([warm], 100);

  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const width of [1, 2]) {
      const runners = Array.from({ length: width }, (_, index) => runnerOf(`bench-${round}-${width}-${index}`));
      const campaign = round * 10 + width;
      const enqueueMs = await enqueueAll(runners[0]!, campaign, ACTIONS);
      const runMs = await run(runners, ACTIONS);
      rows.push(`| ${round} | ${width} | ${(ACTIONS / (runMs / 1000)).toFixed(0)} | ${(ACTIONS / (enqueueMs / 1000)).toFixed(0)} |`);
    }
  }

  console.log(`\nLinkedIn runner on the sandbox network: ${ACTIONS} actions (visits, likes, follows, invitations) over ${ACCOUNTS} accounts, limits off, ${process.env.LEADFORGE_TEST_STORE}; load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  console.log('| round | runners | actions/s | enqueue actions/s |');
  console.log('|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
