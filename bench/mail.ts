/**
 * Throughput of the sending engine (engines/mail/outbound) to a loopback SMTP sink with the
 * limits off, as a ratio to plain pooled nodemailer in the same run (goal ≥ 0.8×). Both send the
 * same messages over the same number of connections (one per mailbox); the engine also writes
 * each message's row before it is sent, claims it under a lease, marks it `sending` and records
 * the server's answer and the day's counter — the work that makes a send exactly once or
 * visibly unknown. The sink runs in a process of its own (mail-sink.ts), as a real server would.
 * Enqueueing is timed apart. Prints a table; asserts nothing (figures and their reading: README,
 * Performance).
 *
 *   pnpm --filter @leadforge/bench mail
 *   BENCH_MESSAGES=2000 BENCH_MAILBOXES=4 BENCH_STORE=pglite pnpm --filter @leadforge/bench mail
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  createMailbox,
  createOwner,
  openEngineDatabase,
  sendRawPooled,
  testCipher,
  testEngine,
} from '../api/src/engines/mail/outbound/engine-fixtures';
import type { OutboundMessage } from '../api/src/engines/mail/outbound/outbox';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
process.env.LEADFORGE_TEST_STORE = process.env.BENCH_STORE ?? 'postgres';

/** The sink in its own process (`mail-sink.ts`): the SMTP server's work does not share this event loop. */
async function startSink(): Promise<{ port: number; count(): Promise<number>; close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'mail-sink.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
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

const html = '<p>Hi there,</p><p>A short question about your roadmap for the third quarter.</p><p>Ann</p>';
const subject = 'A question about your roadmap';

const store = await openEngineDatabase();
const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-bench-mail-'));
const sink = await startSink();
try {
  const cipher = testCipher(dir);
  const owner = await createOwner(store.database);
  const mailboxes: number[] = [];
  for (let index = 0; index < MAILBOXES; index += 1) {
    mailboxes.push(await createMailbox(store.database, owner, cipher, { port: sink.port, dailyLimit: 1_000_000, minGapSeconds: 0, maxGapSeconds: 0 }));
  }
  const senders = mailboxes.map((id) => `sender${id}@sender.example`);
  // Limits off: no gap, no window, and no plan maximum on the day's count.
  const engine = testEngine({
    db: store.database.db,
    cipher,
    claimBatch: Number(process.env.BENCH_CLAIM_BATCH ?? 100),
    passBudgetMs: 10 * 60_000,
    idleMs: 60_000,
    planDailyMax: Number.MAX_SAFE_INTEGER,
  });

  async function rawRun(count: number): Promise<number> {
    const messages = Array.from({ length: count }, (_, index) => ({
      from: senders[index % MAILBOXES],
      to: `r${index}@recipient.example`,
      subject,
      html,
      text: 'Hi there,\n\nA short question about your roadmap for the third quarter.\n\nAnn',
    }));
    const started = performance.now();
    await sendRawPooled(sink.port, MAILBOXES, messages);
    return performance.now() - started;
  }

  async function engineRun(count: number, round: number): Promise<{ enqueueMs: number; sendMs: number }> {
    const enqueueStarted = performance.now();
    for (let index = 0; index < count; index += 1) {
      const message: OutboundMessage = {
        kind: 'campaign',
        owner,
        emailAccountId: mailboxes[index % MAILBOXES]!,
        to: `r${index}@recipient.example`,
        subject,
        html,
        campaign: { campaignId: round, recipientId: index + 1, step: 1 },
      };
      await engine.enqueue(message);
    }
    const enqueueMs = performance.now() - enqueueStarted;
    const started = performance.now();
    const pass = await engine.dispatch();
    if (pass.attempted !== count) throw new Error(`the engine attempted ${pass.attempted} of ${count}`);
    return { enqueueMs, sendMs: performance.now() - started };
  }

  // Warm both paths (connections, JIT, the database's plans) before measuring.
  await rawRun(100);
  await engineRun(100, 1_000_000);

  const rows: string[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const before = await sink.count();
    const rawMs = await rawRun(MESSAGES);
    const { enqueueMs, sendMs } = await engineRun(MESSAGES, round);
    if ((await sink.count()) - before !== 2 * MESSAGES) throw new Error('the sink did not receive every message');
    const raw = MESSAGES / (rawMs / 1000);
    const sent = MESSAGES / (sendMs / 1000);
    ratios.push(sent / raw);
    rows.push(
      `| ${round} | ${raw.toFixed(0)} | ${sent.toFixed(0)} | ${(sent / raw).toFixed(2)}× | ${(MESSAGES / (enqueueMs / 1000)).toFixed(0)} |`,
    );
  }
  ratios.sort((a, b) => a - b);

  console.log(`\nSending engine vs pooled nodemailer: ${MESSAGES} messages over ${MAILBOXES} mailboxes (one connection each) to a sink process, limits off, ${process.env.LEADFORGE_TEST_STORE}; load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  console.log('| round | nodemailer msg/s | engine msg/s | ratio | enqueue msg/s |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(`\nmedian ratio ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}× (goal ≥ 0.8×)`);

  await engine.close();
} finally {
  // The throw-away database and the sink go whatever happened.
  sink.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
