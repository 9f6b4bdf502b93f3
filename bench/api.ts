/**
 * API benchmark (issue 3 "Tests and figures"): for embedded PGlite and for PostgreSQL in turn, starts
 * the API in a child process, signs a user up, and measures with autocannon (50 connections, ~10 s):
 * - GET /user-info signed in (goal: p95 < 20 ms on PostgreSQL),
 * - GET /team-info signed in (a list call: the team's members),
 * then the login latency (argon2id verification) over 30 sequential logins.
 * Prints a markdown table. Figures only: nothing here asserts a time.
 *
 *   pnpm --filter @leadforge/bench api                  both stores
 *   BENCH_STORES=postgres BENCH_SECONDS=5 pnpm --filter @leadforge/bench api
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { createBenchDatabase, dropBenchDatabase, percentile, Session, startApi, stopApi } from './http-session';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 30);
const STORES = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const PASSWORD = 'Correct-Horse-Battery-9';

interface Row {
  store: string;
  call: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
}

async function load(store: string, call: string, url: string, cookie: string): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `${url}${call.split(' ')[1]}`,
    method: 'GET',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { accept: 'application/json', cookie },
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    store,
    call,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors: errors + result.errors + result.timeouts,
  };
}

async function loginLatency(store: string, url: string, email: string): Promise<Row> {
  const times: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const session = new Session(url);
    await session.call('GET', '/auth/csrf');
    const started = performance.now();
    await session.call('POST', '/auth/login', { email, password: PASSWORD });
    times.push(performance.now() - started);
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  return {
    store,
    call: 'POST /auth/login (sequential)',
    rps: (1000 * times.length) / total,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: times.length,
    errors: 0,
  };
}

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const { name, url } = await createBenchDatabase('api');
  try {
    return await run(url);
  } finally {
    await dropBenchDatabase(name);
  }
}

async function benchStore(store: 'pglite' | 'postgres', databaseUrl?: string): Promise<Row[]> {
  console.error(`\n▶ ${store}: starting the API`);
  const { child, url } = await startApi(databaseUrl ?? null);
  try {
    const session = new Session(url);
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    await session.call('POST', '/auth/register', { name: 'Bench User', email, password: PASSWORD });
    const cookie = session.cookieHeader();
    // Warm-up: JIT, caches and the connection pool before the timed runs.
    await autocannon({ url: `${url}/user-info`, connections: 10, duration: 2, headers: { accept: 'application/json', cookie } });
    const rows: Row[] = [];
    for (const call of ['GET /user-info', 'GET /team-info']) {
      console.error(`  ${call}: ${CONNECTIONS} connections for ${SECONDS} s`);
      rows.push(await load(store, call, url, cookie));
    }
    console.error(`  login latency over ${LOGINS} logins`);
    rows.push(await loginLatency(store, url, email));
    return rows;
  } finally {
    await stopApi(child);
  }
}

const rows: Row[] = [];
for (const store of STORES) {
  if (store === 'postgres') rows.push(...(await withPostgresDatabase((databaseUrl) => benchStore('postgres', databaseUrl))));
  else rows.push(...(await benchStore('pglite')));
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
console.log(`\nAPI benchmark — ${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s per call, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| store | call | requests/s | p50 ms | p95 ms | p99 ms | 2xx responses | errors |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.store} | ${row.call} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.requests} | ${row.errors} |`);
}
