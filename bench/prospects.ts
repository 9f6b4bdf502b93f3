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
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { generateProspects } from './generate-prospects';
import { createBenchDatabase, databaseUrlOf, dropBenchDatabase, sampleLatency, Session, startApi, stopApi } from './http-session';

const COUNT = Number(process.env.BENCH_PROSPECTS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SAMPLES = 40;
const WARM_UP = 5;
const LISTS = 5;
const CHUNK = 400_000;

/**
 * The first calls on a large list start the background computation of its LinkedIn/duplicates
 * figures (seconds of CPU, redone at most every minute); the samples are taken once it is done,
 * so they measure the page itself. `figuresBusy` says whether one is still running.
 */
const latency = (call: () => Promise<unknown>, figuresBusy: () => Promise<boolean>) =>
  sampleLatency(call, { warmUp: WARM_UP, samples: SAMPLES, ready: async () => !(await figuresBusy()) });

const reuse = process.env.BENCH_DATABASE;
const { name, url: databaseUrl } = reuse ? { name: reuse, url: databaseUrlOf(reuse) } : await createBenchDatabase('prospects');
const PASSWORD = 'Bench-Password-2024!';
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
  await stopApi(child);
  // BENCH_KEEP_DB=1 keeps the database for EXPLAIN sessions; it is dropped otherwise.
  if (process.env.BENCH_KEEP_DB === '1' || reuse) console.error(`kept database ${name}`);
  else await dropBenchDatabase(name);
}
console.log(`load average at the end (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
console.log('| Figure | Result | | Goal |\n|---|---|---|---|');
console.log(rows.join('\n'));
