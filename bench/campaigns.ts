/**
 * Throughput of the campaign executor (api/src/engines/campaign): one launched campaign of
 * BENCH_RECIPIENTS recipients (default 100,000) with a one-email sequence over BENCH_MAILBOXES
 * loopback mailboxes (default 50), limits lifted, on PostgreSQL. Three figures:
 *
 *   executor moves/s   ticks alone: each recipient enters the start block, then the email block
 *                      (prospect variables filled, sender rotated, the message queued in the mail engine)
 *   engine sends/s     the mail engine's dispatch of those messages to a sink process (its raw rate here)
 *   end-to-end/s       recipients from due to `done` (queued, sent, the send read back) over the whole run
 *
 * Prints a table; asserts nothing. A 100,000-recipient run takes many minutes, so each phase
 * reports its progress on stderr every few seconds (the table on stdout stays clean).
 *
 *   pnpm --filter @leadforge/bench campaigns
 *   BENCH_RECIPIENTS=10000 BENCH_MAILBOXES=10 pnpm --filter @leadforge/bench campaigns
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CampaignExecutorEngine } from '../api/src/engines/campaign/executor';
import {
  createLaunchedCampaign,
  oneEmailFlowchart,
  recipientsWithStatus,
  seedRecipients,
} from '../api/src/engines/campaign/test-fixtures';
import {
  createMailbox,
  createOwner,
  openEngineDatabase,
  testCipher,
  testEngine,
} from '../api/src/engines/mail/outbound/engine-fixtures';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 50);
process.env.LEADFORGE_TEST_STORE = process.env.BENCH_STORE ?? 'postgres';

/** The sink of bench/mail.ts in its own process, as a real mail server would be. */
async function startSink(): Promise<{ port: number; count(): Promise<number>; close(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'mail-sink.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const port = Number((await next()).replace('port ', ''));
  return {
    port,
    async count() {
      const answer = next();
      child.stdin!.write('count\n');
      return Number((await answer).replace('count ', ''));
    },
    close: () => child.stdin!.end(),
  };
}

/** Progress on stderr, at most every PROGRESS_MS per phase. */
const PROGRESS_MS = 5_000;
function progressOf(phase: string, total: number) {
  const started = performance.now();
  let shown = started;
  return (count: number) => {
    const now = performance.now();
    if (now - shown < PROGRESS_MS) return;
    shown = now;
    const rate = count / ((now - started) / 1000);
    process.stderr.write(`${phase}: ${count} of ${total} (${rate.toFixed(0)}/s, ${((now - started) / 1000).toFixed(0)} s)\n`);
  };
}

const store = await openEngineDatabase();
const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-bench-campaigns-'));
const sink = await startSink();
try {
  const db = store.database.db;
  const cipher = testCipher(dir);
  const owner = await createOwner(store.database);
  const mailboxes: number[] = [];
  for (let index = 0; index < MAILBOXES; index += 1) {
    mailboxes.push(
      await createMailbox(store.database, owner, cipher, {
        port: sink.port,
        dailyLimit: 1_000_000,
        minGapSeconds: 0,
        maxGapSeconds: 0,
      }),
    );
  }
  const startAt = new Date();
  const { campaignId } = await createLaunchedCampaign(store.database, owner, {
    flowchart: oneEmailFlowchart(),
    senders: mailboxes,
    recipients: [],
    options: { trackOpen: false, unsubscribeHeader: true },
    startAt,
  });
  // The recipients, as launch materialises them, in bulk.
  const seeded = performance.now();
  await seedRecipients(store.database, owner, campaignId, RECIPIENTS, startAt);
  const seedMs = performance.now() - seeded;

  const engine = testEngine({
    db,
    cipher,
    claimBatch: Number(process.env.BENCH_CLAIM_BATCH ?? 100),
    passBudgetMs: 60 * 60_000,
    idleMs: 60_000,
  });
  const executor = new CampaignExecutorEngine({ db, mail: engine, concurrency: Number(process.env.BENCH_CONCURRENCY ?? 4) });
  let settled = 0;
  let showSettled = (_count: number) => undefined as void;
  engine.onSettled((reports) => {
    settled += reports.length;
    showSettled(settled);
    return executor.messagesSettled(reports.map((report) => report.outboundId)).then(() => undefined);
  });

  const runStarted = performance.now();
  // 1. The executor alone: every recipient moves into the start block and the email block.
  let moves = 0;
  const movesStarted = performance.now();
  // Two moves per recipient: into the start block, then into the email block.
  const showMoves = progressOf('executor moves', 2 * RECIPIENTS);
  for (;;) {
    // Ticks of a few seconds (a worker's are a minute) so the progress shows; the cost of a tick's start is negligible.
    const tick = await executor.tick({ budgetMs: PROGRESS_MS });
    moves += tick.moved;
    showMoves(moves);
    if (tick.moved === 0) break;
  }
  const movesMs = performance.now() - movesStarted;

  // 2. The engine's dispatch of what the executor queued.
  const sendStarted = performance.now();
  showSettled = progressOf('engine sends', RECIPIENTS);
  const pass = await engine.dispatch();
  const sendMs = performance.now() - sendStarted;

  // 3. The executor reads the sends back and ends every sequence.
  const readStarted = performance.now();
  const showRead = progressOf('executor reads sends back', RECIPIENTS);
  let read = 0;
  for (;;) {
    const tick = await executor.tick({ budgetMs: PROGRESS_MS });
    read += tick.moved;
    showRead(read);
    if (tick.moved === 0) break;
  }
  const readMs = performance.now() - readStarted;
  const totalMs = performance.now() - runStarted;

  const done = { n: await recipientsWithStatus(store.database, campaignId, 'done') };
  const received = await sink.count();
  await engine.close();

  const rate = (count: number, ms: number) => (count / (ms / 1000)).toFixed(0);
  console.log(
    `\nCampaign executor: ${RECIPIENTS} recipients, one email each, over ${MAILBOXES} mailboxes to a sink process, limits lifted, ${process.env.LEADFORGE_TEST_STORE}; load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log('| phase | count | seconds | per second |');
  console.log('|---|---:|---:|---:|');
  console.log(`| seed recipients (bulk SQL) | ${RECIPIENTS} | ${(seedMs / 1000).toFixed(1)} | ${rate(RECIPIENTS, seedMs)} |`);
  console.log(`| executor moves (start + email queued) | ${moves} | ${(movesMs / 1000).toFixed(1)} | ${rate(moves, movesMs)} |`);
  console.log(
    `| engine sends (raw dispatch) | ${pass.attempted} | ${(sendMs / 1000).toFixed(1)} | ${rate(pass.attempted, sendMs)} |`,
  );
  console.log(`| executor reads sends back (→ done) | ${done!.n} | ${(readMs / 1000).toFixed(1)} | ${rate(done!.n, readMs)} |`);
  console.log(`| end to end (due → done) | ${done!.n} | ${(totalMs / 1000).toFixed(1)} | ${rate(done!.n, totalMs)} |`);
  console.log(`\nsink received ${received}; recipients done ${done!.n} of ${RECIPIENTS}`);
} finally {
  sink.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
