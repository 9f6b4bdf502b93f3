/**
 * The warm-up pool's day over BENCH_MAILBOXES mailboxes (default 1,000) on 100 domains and three
 * providers, started over 30 days, for BENCH_DAYS simulated days (default 14) of the default ramp.
 * Prints tables; asserts nothing. Two parts (BENCH_ONLY=memory or BENCH_ONLY=database runs one):
 *
 *   pairing alone      plan.ts's planWarmupDay in memory, each day with the pairs of the last
 *                      seven days excluded: the pairing's own cost
 *   the planning pass  the scheduler's whole pass on a database (PostgreSQL by default,
 *                      BENCH_STORE=pglite for PGlite), one per day on a fake clock:
 *                      WarmupScheduler.planDay reads the pool, the last seven days' pairs, plans,
 *                      claims each mailbox's day and writes its rows in one transaction
 *   the queueing pass  the last day's mail handed to the real mail engine by
 *                      WarmupScheduler.queuePlanned in the job's batches of 200 (a note composed
 *                      in the owner's language, the mark, an outbound row each under its
 *                      idempotency key): mails (mail-engine jobs) per second
 *
 * Only the last day is queued for real (queueing 14 days would take most of the run); earlier
 * days' rows are set aside as queued, untimed, so the last day's pass finds only its own.
 * The server of this machine runs with autovacuum off, so each day's rows are ANALYZEd
 * (untimed) as autovacuum would after that many inserts. Goal: a day's planning pass ≤ 10 s.
 *
 *   pnpm --filter @leadforge/bench warmup-plan
 *   BENCH_MAILBOXES=200 BENCH_DAYS=3 BENCH_ONLY=database pnpm --filter @leadforge/bench warmup-plan
 *   BENCH_QUEUE_MAILS=10000 pnpm --filter @leadforge/bench warmup-plan    (queue only the first 10,000 of the last day)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RAMP, WARMUP_RULES, warmupDailyTarget } from '../contracts/src/rules/warmup';
import { pairKey, planWarmupDay, type PoolMailbox } from '../api/src/engines/warmup/plan';
import { WarmupScheduler, isoDay } from '../api/src/engines/warmup/scheduler';
import { TestClock, createMailbox, createOwner, openEngineDatabase, testCipher, testEngine } from '../api/src/engines/mail/outbound/engine-fixtures';

const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 14);
const ONLY = process.env.BENCH_ONLY;
process.env.LEADFORGE_TEST_STORE = process.env.BENCH_STORE ?? 'postgres';
const PROVIDERS = ['google', 'microsoft', 'smtp'];
const DOMAINS = 100;
/** Owners of the mailboxes (ten each): the notes are composed in their languages. */
const MAILBOXES_PER_OWNER = 10;
const LOCALES = ['en', 'es', 'pt', 'uk', 'zh'];
const DAY_MS = 86_400_000;
/** A Wednesday, five past midnight UTC: when the day's plan runs. */
const FIRST_DAY = new Date('2030-03-06T00:05:00Z');
const QUEUE_BATCH = 200;
/** Mails the queueing measurement hands over at most (default: all of the last day's). */
const QUEUE_MAILS = Number(process.env.BENCH_QUEUE_MAILS ?? Number.POSITIVE_INFINITY);

const load = () => os.loadavg()[0]!.toFixed(1);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function pairingAlone(): void {
  // Mailboxes start their warm-up on different days, as they are connected over time.
  const pool: (PoolMailbox & { firstDay: number })[] = Array.from({ length: MAILBOXES }, (_, index) => ({
    id: index + 1,
    domain: `domain${index % DOMAINS}.test`,
    provider: PROVIDERS[index % PROVIDERS.length]!,
    target: 0,
    firstDay: 1 - (index % 30),
  }));
  const history: { day: number; key: string }[] = [];
  console.log(`\nWarm-up pairing alone (plan.ts, in memory), ${MAILBOXES.toLocaleString('en')} mailboxes, ${DAYS} days, load average ${load()}\n`);
  console.log('| day | mails planned | shortfall | pairing |');
  console.log('|---:|---:|---:|---:|');
  let worst = 0;
  for (let day = 1; day <= DAYS; day += 1) {
    for (const mailbox of pool) mailbox.target = warmupDailyTarget(DEFAULT_RAMP, day - mailbox.firstDay + 1);
    const recent = new Set(history.filter((entry) => day - entry.day < WARMUP_RULES.pairCooldownDays).map((entry) => entry.key));
    const started = performance.now();
    const plan = planWarmupDay(pool, recent);
    const ms = performance.now() - started;
    worst = Math.max(worst, ms);
    for (const send of plan.sends) history.push({ day, key: pairKey(send.from, send.to) });
    const shortfall = [...plan.unmet.values()].reduce((sum, count) => sum + count, 0);
    console.log(`| ${day} | ${plan.sends.length.toLocaleString('en')} | ${shortfall.toLocaleString('en')} | ${seconds(ms)} |`);
  }
  console.log(`\nslowest day: ${seconds(worst)}`);
}

async function onDatabase(): Promise<void> {
  const store = await openEngineDatabase();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-bench-warmup-'));
  const clock = new TestClock(FIRST_DAY);
  const engine = testEngine({ db: store.database.db, cipher: testCipher(dir), now: clock.now });
  try {
    const { db } = store.database;
    // Plain SQL through the store's own handle (the bench package does not depend on drizzle).
    const raw: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> } = store.database.pool ?? store.database.pglite!;
    const query = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await raw.query(text, params)).rows as T[];
    const cipher = testCipher(dir);
    const setUp = performance.now();
    let owner: Awaited<ReturnType<typeof createOwner>> | undefined;
    for (let index = 0; index < MAILBOXES; index += 1) {
      if (index % MAILBOXES_PER_OWNER === 0) {
        owner = await createOwner(store.database);
        await query('insert into user_settings (user_id, locale) values ($1, $2)', [owner.userId, LOCALES[(index / MAILBOXES_PER_OWNER) % LOCALES.length]]);
      }
      await createMailbox(store.database, owner!, cipher, { port: 2525, email: `box${index + 1}@domain${index % DOMAINS}.test`, senderName: `Box ${index + 1}` });
    }
    // The providers in turn, IMAP on, and each warm-up on the default ramp, started over 30 days.
    await query(
      `with numbered as (select id, row_number() over (order by id) - 1 as n from email_accounts)
       update email_accounts e set imap_host = '127.0.0.1', provider = ($1::text[])[n % 3 + 1]
       from numbered where numbered.id = e.id`,
      [PROVIDERS],
    );
    await query(
      `insert into warmup_mailboxes (email_account_id, account_id, user_id, status, start_volume, daily_increase, ceiling, reply_rate, days_warmed, started_at)
       select id, account_id, user_id, 'active', $1, $2, $3, $4, (row_number() over (order by id) - 1) % 30, $5::timestamptz
       from email_accounts`,
      [DEFAULT_RAMP.startVolume, DEFAULT_RAMP.dailyIncrease, DEFAULT_RAMP.ceiling, WARMUP_RULES.replyRate, FIRST_DAY.toISOString()],
    );
    await query('analyze');
    process.stderr.write(`set up ${MAILBOXES} mailboxes in ${seconds(performance.now() - setUp)}\n`);

    const scheduler = new WarmupScheduler({ db, mail: engine, secret: Buffer.from('a warm-up bench secret of at least thirty-two bytes'), now: clock.now });
    const storeName = process.env.LEADFORGE_TEST_STORE === 'postgres' ? 'PostgreSQL' : 'PGlite';
    console.log(`\nWarm-up planning pass (WarmupScheduler.planDay) on ${storeName}, ${MAILBOXES.toLocaleString('en')} mailboxes, ${DAYS} days, load average ${load()}\n`);
    console.log('| day | senders | mails planned | shortfall | planning pass | load |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    let worst = 0;
    for (let day = 1; day <= DAYS; day += 1) {
      clock.set(new Date(FIRST_DAY.getTime() + (day - 1) * DAY_MS));
      const started = performance.now();
      const report = await scheduler.planDay();
      const ms = performance.now() - started;
      worst = Math.max(worst, ms);
      console.log(
        `| ${day} | ${report.senders.toLocaleString('en')} | ${report.planned.toLocaleString('en')} | ${report.unmet.toLocaleString('en')} | ${seconds(ms)} | ${load()} |`,
      );
      if (day < DAYS) await query(`update warmup_sends set state = 'queued' where day = $1::date and state = 'planned'`, [report.day]);
      await query('analyze warmup_sends');
      await query('analyze warmup_mailboxes');
    }
    console.log(`\nslowest planning pass: ${seconds(worst)} (goal ≤ 10 s)`);

    const [{ n: waiting }] = (await query<{ n: number }>(`select count(*)::int as n from warmup_sends where state = 'planned'`)) as [{ n: number }];
    const started = performance.now();
    let queued = 0;
    let passes = 0;
    for (;;) {
      const pass = await scheduler.queuePlanned({ limit: QUEUE_BATCH });
      queued += pass.queued + pass.skipped;
      passes += 1;
      if (passes % 25 === 0) process.stderr.write(`queued ${queued} of ${waiting} (${(queued / ((performance.now() - started) / 1000)).toFixed(0)}/s)\n`);
      if (!pass.more || queued >= QUEUE_MAILS) break;
    }
    const ms = performance.now() - started;
    console.log(
      `\nqueueing pass of day ${DAYS} (${isoDay(clock.now())}): ${queued.toLocaleString('en')} of ${waiting.toLocaleString('en')} mails handed to the mail engine in ${passes} batches of ${QUEUE_BATCH}, ${seconds(ms)}: ${(queued / (ms / 1000)).toFixed(0)} mails/s, load average ${load()}`,
    );
  } finally {
    await engine.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (ONLY !== 'database') pairingAlone();
if (ONLY !== 'memory') await onDatabase();
