/**
 * Unibox figures of issue 16 on PostgreSQL: one user's mailbox of BENCH_MESSAGES synced messages
 * (default 100,000) in conversations of five, the p50/p95 of the first page of
 * POST /pipelines/api/unibox/thread-groups unfiltered and with text filters (a rare word, a common
 * word, part of an address), and of one conversation's messages. Prints a markdown table;
 * asserts nothing.
 *
 *   pnpm --filter @leadforge/bench unibox      (PostgreSQL at 127.0.0.1:5432, user postgres)
 *
 * The mail is written with generate_series in the shape the IMAP sync and the unibox's threading
 * leave it (mail_inbound, unibox_threads, unibox_thread_refs, unibox_message_states), since the
 * sync's own rate is bench/mail-imap.ts's figure. BENCH_KEEP_DB=1 keeps the database.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createBenchDatabase, dropBenchDatabase, sampleLatency, Session, startApi, stopApi } from './http-session';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const PER_THREAD = 5;
const SAMPLES = 40;
const WARM_UP = 5;
const PASSWORD = 'Bench-Password-2024!';
const U = '/pipelines/api/unibox';

/** Ten topics, a thousand rare words: "pricing" is in a tenth of the mail, "word417" in a thousandth. */
const TOPICS = ['pricing', 'demo', 'contract', 'renewal', 'invoice', 'meeting', 'proposal', 'trial', 'budget', 'roadmap'];

async function seedMailbox(databaseUrl: string, owner: { userId: number; accountId: number }, email: string): Promise<{ mailboxId: number; ms: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  try {
    const threads = Math.ceil(MESSAGES / PER_THREAD);
    // Not syncable (no IMAP host): the figures measure reading, not a sync running beside it.
    const mailboxId = (
      await db.query<{ id: number }>(`insert into email_accounts (account_id, user_id, email, sender_name) values ($1, $2, $3, 'Bench') returning id`, [
        owner.accountId,
        owner.userId,
        email,
      ])
    ).rows[0]!.id;
    await db.query('begin');
    const firstThread = (
      await db.query<{ id: string }>(
        `insert into unibox_threads (account_id, user_id, email_account_id, counterpart, subject_key, last_message_at)
         select $1, $2, $3, 'person' || g || '@company' || (g % 997) || '.test', 'about ' || ($5::text[])[1 + g % 10] || ' ' || g, now()
         from generate_series(1, $4) g
         returning id`,
        [owner.accountId, owner.userId, mailboxId, threads, TOPICS],
      )
    ).rows.reduce((min, row) => Math.min(min, Number(row.id)), Number.POSITIVE_INFINITY);
    // Message m belongs to thread (m - 1) / 5; the newest message is m = MESSAGES.
    await db.query(
      `insert into mail_inbound (account_id, user_id, email_account_id, folder, uid, message_id, in_reply_to, "references",
                                 from_address, from_name, to_addresses, subject, received_at, class, preview, text, size)
       select $1, $2, $3, 'INBOX', m, 'bench-' || m || '@bench.test',
              case when (m - 1) % 5 = 0 then null else 'bench-' || (m - 1) || '@bench.test' end,
              case when (m - 1) % 5 = 0 then '[]'::jsonb else jsonb_build_array('bench-' || (m - 1) || '@bench.test') end,
              'person' || t || '@company' || (t % 997) || '.test', 'Person ' || t, jsonb_build_array($4::text),
              case when (m - 1) % 5 = 0 then '' else 'Re: ' end || 'about ' || ($6::text[])[1 + t % 10] || ' ' || t,
              now() - (($5 - m) || ' minutes')::interval, 'other',
              'Thanks for the note on ' || ($6::text[])[1 + m % 10] || ', see word' || (m % 1000),
              'Hello, thanks for the note on ' || ($6::text[])[1 + m % 10] || '. A few lines of an ordinary answer follow here, '
                || 'with a rare word' || (m % 1000) || ' in it, and the usual closing words of a business mail. Regards, Person ' || t,
              2000
       from generate_series(1, $5) m, lateral (select (m - 1) / 5 + 1 as t) thread`,
      [owner.accountId, owner.userId, mailboxId, email, MESSAGES, TOPICS],
    );
    await db.query(
      `insert into unibox_message_states (inbound_id, thread_id, account_id, user_id, email_account_id, is_read)
       select i.id, $4 + (i.uid - 1) / 5, $1, $2, $3, i.uid % 3 <> 0
       from mail_inbound i where i.email_account_id = $3`,
      [owner.accountId, owner.userId, mailboxId, firstThread],
    );
    await db.query(
      `insert into unibox_thread_refs (email_account_id, message_id, thread_id)
       select $1, i.message_id, s.thread_id from mail_inbound i join unibox_message_states s on s.inbound_id = i.id
       where i.email_account_id = $1`,
      [mailboxId],
    );
    await db.query(
      `update unibox_threads t set last_message_at = last.at
       from (select s.thread_id, max(i.received_at) as at from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
             where s.email_account_id = $1 group by s.thread_id) last
       where t.id = last.thread_id`,
      [mailboxId],
    );
    await db.query('commit');
    for (const table of ['mail_inbound', 'unibox_threads', 'unibox_thread_refs', 'unibox_message_states']) await db.query(`vacuum analyze ${table}`);
    return { mailboxId, ms: performance.now() - started };
  } finally {
    await db.end();
  }
}

const { name, url: databaseUrl } = await createBenchDatabase('unibox');
const { child, url } = await startApi(databaseUrl);
const rows: string[] = [];
try {
  const session = new Session(url);
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  await session.call('POST', '/auth/register', { name: 'Bench User', email, password: PASSWORD });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const user = (await db.query<{ id: number; account_id: number }>('select id, account_id from users where email = $1', [email])).rows[0]!;
  await db.end();

  console.error(`▶ writing ${MESSAGES.toLocaleString('en')} messages`);
  const seeded = await seedMailbox(databaseUrl, { userId: user.id, accountId: user.account_id }, `inbox-${email}`);
  rows.push(`| write ${MESSAGES.toLocaleString('en')} messages in ${Math.ceil(MESSAGES / PER_THREAD).toLocaleString('en')} conversations (generate_series) | ${(seeded.ms / 1000).toFixed(1)} s | | |`);

  const list = (body: object) => () => session.call<{ items: { id: number }[]; total: number }>('POST', `${U}/thread-groups`, { page: 1, ...body });
  const newest = (await list({})()).items[0]!.id;
  const figures: [string, string, () => Promise<unknown>][] = [
    ['conversations, first page, no filter', '—', list({})],
    ['text filter, a rare word ("word417", 0.1 % of the mail)', '≤ 100 ms', list({ text: 'word417' })],
    ['text filter, a common word ("pricing", 10 % of the mail)', '≤ 100 ms', list({ text: 'pricing' })],
    ['text filter, part of an address ("company42.")', '≤ 100 ms', list({ text: 'company42.' })],
    ["one conversation's messages", '—', () => session.call('GET', `${U}/thread-groups/${newest}/messages`)],
  ];
  for (const [label, goal, call] of figures) {
    console.error(`▶ ${label}`);
    const { p50, p95 } = await sampleLatency(call, { warmUp: WARM_UP, samples: SAMPLES });
    rows.push(`| ${label} | p50 ${p50.toFixed(1)} ms | p95 ${p95.toFixed(1)} ms | ${goal} |`);
  }
} finally {
  await stopApi(child);
  if (process.env.BENCH_KEEP_DB === '1') console.error(`kept database ${name}`);
  else await dropBenchDatabase(name);
}
console.log(`\nUnibox on PostgreSQL, ${MESSAGES.toLocaleString('en')} messages of one mailbox; load average at the end (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
console.log('| Figure | Result | | Goal |\n|---|---|---|---|');
console.log(rows.join('\n'));
