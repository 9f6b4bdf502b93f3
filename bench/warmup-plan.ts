/**
 * The warm-up pool's daily planning pass (api/src/engines/warmup/plan.ts) over BENCH_MAILBOXES
 * mailboxes (default 1,000) on 100 domains and three providers, for BENCH_DAYS simulated days
 * (default 14) of the default ramp, each day with the pairs of the last seven days excluded.
 * Prints each day's planning time, mails planned and shortfall; asserts nothing. Goal: a day's
 * pass ≤ 10 s.
 *
 *   pnpm --filter @leadforge/bench warmup-plan
 */
import os from 'node:os';
import { DEFAULT_RAMP, WARMUP_RULES, warmupDailyTarget } from '../contracts/src/rules/warmup';
import { pairKey, planWarmupDay, type PoolMailbox } from '../api/src/engines/warmup/plan';

const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 14);
const PROVIDERS = ['google', 'microsoft', 'smtp'];

// Mailboxes start their warm-up on different days, as they are connected over time.
const pool: (PoolMailbox & { firstDay: number })[] = Array.from({ length: MAILBOXES }, (_, index) => ({
  id: index + 1,
  domain: `domain${index % 100}.test`,
  provider: PROVIDERS[index % PROVIDERS.length]!,
  target: 0,
  firstDay: 1 - (index % 30),
}));

const history: { day: number; key: string }[] = [];
console.log(`\nWarm-up planning, ${MAILBOXES.toLocaleString('en')} mailboxes, ${DAYS} days, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| day | mails planned | shortfall | planning |');
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
  console.log(`| ${day} | ${plan.sends.length.toLocaleString('en')} | ${shortfall.toLocaleString('en')} | ${(ms / 1000).toFixed(2)} s |`);
}
console.log(`\nslowest day: ${(worst / 1000).toFixed(2)} s (goal ≤ 10 s)`);
