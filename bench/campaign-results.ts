/**
 * Campaign page figures of issue 15 on PostgreSQL: one campaign of BENCH_RECIPIENTS (default
 * 100,000) recipients with a year of daily statistics and the moves of a five-block flowchart,
 * written with generate_series; then the p50/p95 of the recipients table (first page, a sorted
 * page, a filtered page, a deep page, a search, the "select all" count) and of the statistics
 * calls (campaign-totals, flowchart, daily, recipients per status) over HTTP, and the time of a
 * whole CSV export. Prints a markdown table; asserts nothing.
 *
 *   pnpm --filter @leadforge/bench campaign-results    (PostgreSQL at 127.0.0.1:5432, user postgres)
 *
 * BENCH_KEEP_DB=1 keeps the database afterwards (for EXPLAIN sessions).
 */
import os from 'node:os';
import pg from 'pg';
import { createBenchDatabase, dropBenchDatabase, registerBenchUser, sampleLatency, startApi, stopApi } from './http-session';

const COUNT = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARM_UP = 5;
const PASSWORD = 'Bench-Password-2024!';

const latency = (call: () => Promise<unknown>) => sampleLatency(call, { warmUp: WARM_UP, samples: SAMPLES });

/**
 * The campaign, written the way launch and the executor leave it: prospects with an address,
 * their recipients spread over the statuses, counters and blocks of a running campaign, one move
 * row per block entered, and the daily per-block counters of a year.
 */
async function generate(databaseUrl: string, owner: { userId: number; accountId: number }): Promise<{ campaignId: number; ms: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const blocks = ['start', 'e1', 'd1', 't1', 'e2', 'e3', 'g1'];
  const flowchart = {
    operators: blocks.map((id, index) => ({ block: { id, type: id === 'start' ? 'start' : 'email' }, position: { x: 0, y: index * 120 } })),
    links: [],
  };
  const campaignId = (
    await db.query<{ id: number }>(
      `insert into campaigns (account_id, user_id, title, status, active_version, flowchart, launched_at)
       values ($1, $2, 'Bench campaign', 'active', 1, $3, now() - interval '365 days') returning id`,
      [owner.accountId, owner.userId, JSON.stringify(flowchart)],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into prospects (account_id, user_id, name, search_name, source)
     select $1, $2, 'Bench Person ' || g, 'bench person ' || g, 'bench' from generate_series(1, $3) g`,
    [owner.accountId, owner.userId, COUNT],
  );
  // Statuses in the proportions of a campaign well under way.
  await db.query(
    `insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, provider, status, node_id,
                                      sent, open, click, reply, contacted, interest_level, definition_version, next_run_at, goals)
     select $1, $2, p.id, p.name, 'person' || p.id || '@bench' || (p.id % 50) || '.test',
            (array['gmail', 'outlook', 'other'])[1 + p.id % 3],
            case when p.id % 10 < 5 then 'active' when p.id % 10 = 5 then 'processing' when p.id % 10 = 6 then 'done'
                 when p.id % 10 = 7 then 'reply' when p.id % 10 = 8 then 'bounce' else 'pause' end,
            (array['e1', 'd1', 't1', 'e2', 'e3'])[1 + p.id % 5],
            1 + p.id % 3, p.id % 4, p.id % 7 / 5, case when p.id % 10 = 7 then 1 else 0 end, true,
            case when p.id % 13 = 0 then 'interested' end, 1, now() + (p.id % 1000) * interval '1 minute',
            case when p.id % 17 = 0 then '["Booked"]'::jsonb else '[]'::jsonb end
       from prospects p where p.user_id = $3`,
    [campaignId, owner.accountId, owner.userId],
  );
  await db.query(
    `insert into campaign_recipient_steps (campaign_id, recipient_id, node_id, epoch, state)
     select r.campaign_id, r.id, b.node_id, b.epoch, 'done'
       from campaign_recipients r
       cross join lateral unnest(array['start', 'e1', 'd1', 't1', 'e2', 'e3']) with ordinality as b(node_id, epoch)
      where r.campaign_id = $1 and b.epoch <= 1 + r.id % 6`,
    [campaignId],
  );
  await db.query(
    `insert into campaign_daily_stats (campaign_id, day, node_id, kind, count, unique_count)
     select $1, current_date - d, n.node_id, k.kind, 50 + (d * 7 + length(n.node_id) * 13) % 200, 40 + (d * 3) % 150
       from generate_series(0, 364) d
       cross join unnest(array['', 'e1', 'e2', 'e3']) n(node_id)
       cross join unnest(array['sent', 'opened', 'clicked', 'replied', 'auto_replied', 'bounced', 'unsubscribed']) k(kind)`,
    [campaignId],
  );
  for (const table of ['campaign_recipients', 'campaign_recipient_steps', 'campaign_daily_stats', 'prospects']) await db.query(`vacuum analyze ${table}`);
  const ms = performance.now() - started;
  await db.end();
  return { campaignId, ms };
}

const { name, url: databaseUrl } = await createBenchDatabase('campaign_results');
const { child, url } = await startApi(databaseUrl);
const rows: string[] = [];
try {
  const { session, userId, accountId } = await registerBenchUser(url, databaseUrl, PASSWORD);

  console.error(`▶ generating a campaign of ${COUNT.toLocaleString('en')} recipients`);
  const { campaignId, ms } = await generate(databaseUrl, { userId, accountId });
  rows.push(`| generate ${COUNT.toLocaleString('en')} recipients, their moves and a year of daily stats | ${(ms / 1000).toFixed(1)} s | | |`);

  const recipients = (query: Record<string, string>) =>
    session.call('GET', `/pipelines/api/recipients?${new URLSearchParams({ campaignId: String(campaignId), ...query }).toString()}`);
  const filter = (value: object) => JSON.stringify(value);
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const figures: [string, string, () => Promise<unknown>][] = [
    ['recipients table, first page (10, added order)', '≤ 100 ms', () => recipients({})],
    ['recipients table sorted by opens desc', '≤ 100 ms', () => recipients({ sortField: 'open', sortOrder: 'desc' })],
    ['recipients table sorted by name, page 2', '≤ 100 ms', () => recipients({ sortField: 'prospect', page: '2' })],
    ['recipients table filtered status reply + opens 1+', '≤ 100 ms', () => recipients({ filter: filter({ status: ['reply'], open: '1+' }) })],
    ['recipients table filtered at block e2', '≤ 100 ms', () => recipients({ filter: filter({ flowchart_block: { blockId: 'e2', mode: 'at' } }) })],
    ['recipients table page 500 (offset 4,990)', '≤ 100 ms', () => recipients({ page: '500' })],
    ['recipients table search "person 4242"', '≤ 100 ms', () => recipients({ filter: filter({ search: 'person 4242' }) })],
    ['recipients count (select all), active', '≤ 100 ms', () => session.call('POST', '/pipelines/api/recipients/count', { campaignId, filter: { status: ['active'] } })],
    ['statistics campaign-totals', '≤ 100 ms', () => session.call('GET', `/pipelines/api/statistics/campaign-totals/${campaignId}`)],
    ['statistics flowchart (per block)', '≤ 100 ms', () => session.call('GET', `/pipelines/api/statistics/flowchart/${campaignId}`)],
    ['statistics daily, last 30 days', '≤ 100 ms', () => session.call('GET', `/pipelines/api/statistics/daily/${campaignId}?from=${monthAgo}&to=${today}`)],
    ['statistics recipients per status', '≤ 100 ms', () => session.call('GET', `/pipelines/api/statistics/recipients/${campaignId}`)],
    ['dashboard summary tables, a year', '—', () => session.call('POST', '/pipelines/api/dashboard/summary/tables', { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: today })],
  ];
  for (const [label, goal, call] of figures) {
    console.error(`▶ ${label}`);
    const { p50, p95 } = await latency(call);
    rows.push(`| ${label} | p50 ${p50.toFixed(1)} ms | p95 ${p95.toFixed(1)} ms | ${goal} |`);
  }
  console.error('▶ CSV export');
  const started = performance.now();
  const csv = await session.call<string>('GET', `/pipelines/api/statistics/exports/${campaignId}`);
  const seconds = (performance.now() - started) / 1000;
  const lines = csv.split('\n').length - 2;
  rows.push(`| CSV export of ${lines.toLocaleString('en')} recipients (streamed) | ${seconds.toFixed(2)} s | ${Math.round(lines / seconds).toLocaleString('en')} rows/s | — |`);
} finally {
  await stopApi(child);
  if (process.env.BENCH_KEEP_DB === '1') console.error(`kept database ${name}`);
  else await dropBenchDatabase(name);
}
console.log(`load average at the end (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
console.log('| Figure | Result | | Goal |\n|---|---|---|---|');
console.log(rows.join('\n'));
