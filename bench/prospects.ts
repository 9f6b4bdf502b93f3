/**
 * Prospects figures of issue 5 on PostgreSQL: with BENCH_PROSPECTS (default 1,000,000) prospects
 * of one user in 5 lists (generate-prospects.ts), the p50/p95 of the first page of
 * /prospects/list-prospects sorted by add_date, of a tag-filtered page, of a global name search,
 * and the CSV import rate of a 100,000-row file. Prints a markdown table; asserts nothing.
 *
 *   pnpm --filter @leadforge/bench prospects      (PostgreSQL at 127.0.0.1:5432, user postgres)
 *
 * BENCH_KEEP_DB=1 keeps the database afterwards; BENCH_DATABASE=<name> measures again on such a
 * kept database (its migrations are brought up to date, the prospects are not generated again);
 * BENCH_ONLY=import measures the import alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateProspects } from './generate-prospects';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.BENCH_PROSPECTS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SAMPLES = 40;
const WARM_UP = 5;
const LISTS = 5;
const CHUNK = 400_000;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

class Session {
  cookies = new Map<string, string>();
  constructor(readonly url: string) {}
  async call<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') {
      if (!this.cookies.get('lf_csrf')) await this.call('GET', '/auth/csrf');
      headers['x-csrf-token'] = this.cookies.get('lf_csrf')!;
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value) this.cookies.set(pair.slice(0, at).trim(), value);
      else this.cookies.delete(pair.slice(0, at).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

async function startApi(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...(process.env.BENCH_API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : []), '--import', 'tsx', path.join(here, 'api-server.ts')], {
    cwd: here,
    env: { ...process.env, NODE_ENV: 'production', BENCH_STORE: 'postgres', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

/**
 * The first calls on a large list start the background computation of its LinkedIn/duplicates
 * figures (seconds of CPU, redone at most every minute); the samples are taken once it is done,
 * so they measure the page itself. `figuresBusy` says whether one is still running.
 */
async function latency(call: () => Promise<unknown>, figuresBusy: () => Promise<boolean>) {
  for (let i = 0; i < WARM_UP; i += 1) await call();
  while (await figuresBusy()) await new Promise((resolve) => setTimeout(resolve, 200));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const reuse = process.env.BENCH_DATABASE;
const name = reuse ?? `lf_bench_prospects_${randomBytes(4).toString('hex')}`;
const PASSWORD = 'Bench-Password-2024!';
if (!reuse) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${name}`;
const databaseUrl = dbUrl.toString();
const { child, url } = await startApi(databaseUrl);
const rows: string[] = [];
try {
  const session = new Session(url);
  const lists: number[] = [];
  let tag: { id: number };
  if (reuse) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const user = (await db.query<{ id: number; email: string }>(`select id, email from users where name = 'Bench User' order by id limit 1`)).rows[0]!;
    lists.push(...(await db.query<{ id: number }>(`select id from prospect_lists where user_id = $1 and name like 'Bench %' order by id`, [user.id])).rows.map((r) => r.id));
    tag = (await db.query<{ id: number }>(`select id from user_tags where user_id = $1 and name = 'bench'`, [user.id])).rows[0]!;
    // No API runs on the database now: claims of figures left by an earlier, stopped run go.
    await db.query('update prospect_stats_cache set computing_since = null');
    // Earlier import runs are removed so the import measures the same work again.
    await db.query(`delete from prospects where user_id = $1 and source <> 'bench'`, [user.id]);
    await db.query(`delete from prospect_lists where user_id = $1 and name = 'Import'`, [user.id]);
    // …and their dead rows vacuumed away, as autovacuum would between real imports.
    for (const table of ['prospects', 'prospect_list_items', 'prospect_emails', 'prospect_tags', 'prospect_companies', 'prospect_lists', 'prospect_owner_counts']) {
      await db.query(`vacuum analyze ${table}`);
    }
    await db.end();
    await session.call('POST', '/auth/login', { email: user.email, password: PASSWORD });
  } else {
    const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
    await session.call('POST', '/auth/register', { name: 'Bench User', email, password: PASSWORD });
    for (let i = 0; i < LISTS; i += 1) lists.push((await session.call<{ id: number }>('POST', '/lists/add', { type: 'prospect', name: `Bench ${i + 1}` })).id);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const user = (await db.query<{ id: number; account_id: number }>('select id, account_id from users where email = $1', [email])).rows[0]!;
    tag = (await db.query<{ id: number }>(`insert into user_tags (user_id, name) values ($1, 'bench') returning id`, [user.id])).rows[0]!;
    await db.end();

    console.error(`▶ generating ${COUNT.toLocaleString('en')} prospects`);
    const generateMs = await generateProspects(databaseUrl, { userId: user.id, accountId: user.account_id, listIds: lists, count: COUNT, tagId: tag.id });
    rows.push(`| generate ${COUNT.toLocaleString('en')} prospects (generate_series) | ${(generateMs / 1000).toFixed(1)} s | | |`);
  }

  const figuresDb = new pg.Client({ connectionString: databaseUrl });
  await figuresDb.connect();
  const figuresBusy = async () =>
    (await figuresDb.query<{ busy: boolean }>(`select exists (select 1 from prospect_stats_cache where computing_since is not null) as busy`)).rows[0]!.busy;
  const listId = lists[0]!;
  const figures: [string, string, () => Promise<unknown>][] = [
    [`list page, ${(COUNT / LISTS).toLocaleString('en')}-prospect list, add_date desc`, '≤ 50 ms', () => session.call('POST', '/prospects/list-prospects', { listId })],
    ['tag-filtered page of that list', '≤ 100 ms', () => session.call('POST', '/prospects/list-prospects', { listId, filter: { tags: [tag.id] } })],
    [`All contacts first page (${COUNT.toLocaleString('en')})`, '—', () => session.call('POST', '/prospects/list-prospects', { listId: null })],
    ['global name search "maria gar"', '≤ 150 ms', () => session.call('POST', '/prospects/search', { filters: { prospect_name: 'maria gar' } })],
  ];
  // BENCH_ONLY=import skips the latency figures (profiling the import alone).
  for (const [label, goal, call] of process.env.BENCH_ONLY === 'import' ? [] : figures) {
    console.error(`▶ ${label}`);
    const { p50, p95 } = await latency(call, figuresBusy);
    rows.push(`| ${label} | p50 ${p50.toFixed(1)} ms | p95 ${p95.toFixed(1)} ms | ${goal} |`);
  }

  await figuresDb.end();

  console.error(`▶ importing ${IMPORT_ROWS.toLocaleString('en')} CSV rows`);
  const importList = (await session.call<{ id: number }>('POST', '/lists/add', { type: 'prospect', name: 'Import' })).id;
  const csvLines = ['name,email,company,title,linkedin,tags'];
  for (let i = 0; i < IMPORT_ROWS; i += 1) csvLines.push(`Imported Person ${i},imported${i}@example.test,Firm ${i % 2000},Engineer,linkedin.com/in/imported-${i},csv`);
  const csv = `${csvLines.join('\n')}\n`;
  let importId: string | undefined;
  for (let index = 0; index * CHUNK < csv.length; index += 1) {
    const answer = await session.call<{ importId: string }>('POST', '/prospects/import/upload', { ...(importId ? { importId } : {}), listId: importList, chunk: csv.slice(index * CHUNK, (index + 1) * CHUNK), index });
    importId = answer.importId;
  }
  const started = performance.now();
  await session.call('POST', `/prospects/save/csv/${importId}`, { mapping: { name: 'name', email: 'email', company: 'company', title: 'position', linkedin: 'linkedin', tags: 'tags' }, duplicatePolicy: 'skip' });
  let report: { status: string; imported: number };
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    report = await session.call('GET', `/prospects/checkUpload/${importId}`);
  } while (report.status !== 'completed' && report.status !== 'failed');
  const seconds = (performance.now() - started) / 1000;
  rows.push(`| CSV import ${IMPORT_ROWS.toLocaleString('en')} rows (skip duplicates) | ${Math.round(report.imported / seconds).toLocaleString('en')} rows/s | ${seconds.toFixed(1)} s | ≥ 5,000 rows/s |`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  // BENCH_KEEP_DB=1 keeps the database for EXPLAIN sessions; it is dropped otherwise.
  if (process.env.BENCH_KEEP_DB === '1' || reuse) console.error(`kept database ${name}`);
  else {
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  }
}
console.log(`load average at the end (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
console.log('| Figure | Result | | Goal |\n|---|---|---|---|');
console.log(rows.join('\n'));
