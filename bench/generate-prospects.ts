/**
 * Creates many prospects for one user directly in PostgreSQL with generate_series (one INSERT …
 * SELECT per table: a million rows in well under a minute), spread over lists, with emails,
 * professional-network URLs, companies and a tag on a share of them, then VACUUM ANALYZE.
 *
 * Run alone: `pnpm --filter @leadforge/bench generate-prospects -- <database url> <user id> <count> <list ids…>`
 * (the user and lists must exist); bench/prospects.ts calls generateProspects() itself.
 */
import pg from 'pg';

const FIRST = ['maria', 'john', 'anna', 'david', 'olena', 'li', 'carlos', 'sofia', 'ahmed', 'emma', 'ivan', 'lucas', 'mei', 'noah', 'fatima', 'pedro', 'yuki', 'oliver', 'chloe', 'dmytro'];
const LAST = ['smith', 'garcia', 'kowalski', 'chen', 'muller', 'rossi', 'silva', 'ivanova', 'kim', 'novak', 'dubois', 'jensen', 'tanaka', 'lopez', 'brown', 'wilson', 'martin', 'nguyen', 'khan', 'petrenko'];

export interface GenerateOptions {
  userId: number;
  accountId: number;
  listIds: number[];
  count: number;
  /** A tag put on every 10th prospect (the tag-filter figure). */
  tagId: number;
}

export async function generateProspects(databaseUrl: string, options: GenerateOptions): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const first = `array[${FIRST.map((n) => `'${n}'`).join(',')}]`;
  const last = `array[${LAST.map((n) => `'${n}'`).join(',')}]`;
  try {
    const [{ base }] = (await client.query<{ base: number }>('select coalesce(max(id), 0)::int as base from prospects')).rows as [{ base: number }];
    await client.query(
      `insert into prospects (account_id, user_id, name, first_name, last_name, search_name, created_at, updated_at, source,
          social, social_norm, company_name, name_company_key, country, industry)
       select $1, $2, initcap(f) || ' ' || initcap(l) || ' ' || g, initcap(f), initcap(l), f || ' ' || l || ' ' || g,
          now() - make_interval(secs => $3 - g), now(), 'bench',
          case when g % 3 = 0 then 'https://linkedin.com/in/p' || g end,
          case when g % 3 = 0 then 'linkedin.com/in/p' || g end,
          'Company ' || (g % 5000),
          f || ' ' || l || ' ' || g || '|company ' || (g % 5000),
          (array['Ukraine','Germany','France','Spain','Brazil'])[1 + g % 5],
          (array['Internet','Banking','Retail','Education'])[1 + g % 4]
       from generate_series(1, $3::int) g,
            lateral (select (${first})[1 + g % ${FIRST.length}] as f, (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}] as l) n`,
      [options.accountId, options.userId, options.count],
    );
    const range = `p.id > ${base} and p.user_id = ${options.userId}`;
    const lists = `array[${options.listIds.join(',')}]`;
    await client.query(
      `insert into prospect_list_items (list_id, prospect_id, added_at)
       select (${lists})[1 + p.id % ${options.listIds.length}], p.id, p.created_at from prospects p where ${range}`,
    );
    await client.query(
      `insert into prospect_emails (prospect_id, account_id, email, status)
       select p.id, p.account_id, 'p' || p.id || '@example.test', (array['valid','not_valid','catch_all','unknown','not_verified'])[1 + p.id % 5]
       from prospects p where ${range} and p.id % 5 <> 0`,
    );
    await client.query(`insert into prospect_tags (prospect_id, tag_id) select p.id, $1 from prospects p where ${range} and p.id % 10 = 0`, [options.tagId]);
    // The steady state autovacuum reaches: statistics and the visibility map (index-only scans).
    for (const table of ['prospects', 'prospect_list_items', 'prospect_emails', 'prospect_tags']) await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
  return performance.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, userId, count, ...listIds] = process.argv.slice(2);
  if (!url || !userId || !count || listIds.length === 0) throw new Error('usage: generate-prospects <database url> <user id> <count> <list ids…>');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const user = (await client.query<{ account_id: number }>('select account_id from users where id = $1', [Number(userId)])).rows[0];
  const tag = (await client.query<{ id: number }>(`insert into user_tags (user_id, name) values ($1, 'bench') on conflict do nothing returning id`, [Number(userId)])).rows[0];
  await client.end();
  if (!user || !tag) throw new Error('user not found or bench tag exists');
  const ms = await generateProspects(url, { userId: Number(userId), accountId: user.account_id, listIds: listIds.map(Number), count: Number(count), tagId: tag.id });
  console.log(`${count} prospects in ${(ms / 1000).toFixed(1)} s`);
}
