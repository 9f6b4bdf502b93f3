/**
 * Unibox figures of issue 16 on PostgreSQL: one user's mailbox of BENCH_MESSAGES synced messages
 * (default 100,000) in conversations of five, the p50/p95 of the first page of
 * POST /pipelines/api/unibox/thread-groups unfiltered and with text filters (a rare word, a common
 * word, part of an address), and of one conversation's messages; then, with a mailbox on a
 * loopback Dovecot (apt-get install -y dovecot-imapd) and a socket.io client as the open unibox,
 * the time from a message's arrival (APPEND done) to the unibox showing it: its push heard and the
 * refetched first page holding it, as the screen does (BENCH_LIVE_SAMPLES, one every 3 s).
 * BENCH_LINKEDIN_MESSAGES (default 10,000) LinkedIn messages of one account sit beside the mail, in
 * conversations of five filed by migration 0021's trigger, so the lists read both channels.
 * Prints a markdown table; asserts nothing.
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
import { startSmtpSubmissionPeer } from '../api/src/modules/email-accounts/test-peers';
import { connectClient } from '../api/src/realtime/test-fixtures/clients';
import { startImapPeer } from '../api/src/test-support/imap-peer';
import { createBenchDatabase, dropBenchDatabase, percentile, registerBenchUser, sampleLatency, type Session, startApi, stopApi } from './http-session';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const PER_THREAD = 5;
const SAMPLES = 40;
const WARM_UP = 5;
const LIVE_SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 10);
/** LinkedIn messages of one account beside the mail (conversations of five, every one answered). */
const LINKEDIN_MESSAGES = Number(process.env.BENCH_LINKEDIN_MESSAGES ?? 10_000);
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
    // Threaded above: nothing waits for the unibox (the trigger of migration 0020 queued every row).
    await db.query(`delete from unibox_unthreaded where email_account_id = $1`, [mailboxId]);
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

/** One LinkedIn account of the owner with LINKEDIN_MESSAGES stored messages, as the runner stores them. */
async function seedLinkedin(databaseUrl: string, owner: { userId: number; accountId: number }): Promise<{ linkedinAccountId: number; ms: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  try {
    const linkedinAccountId = (
      await db.query<{ id: number }>(
        `insert into linkedin_accounts (account_id, user_id, provider, name, state, working_hours, limits)
         values ($1, $2, 'sandbox', 'Bench LinkedIn', 'active', '[]'::jsonb, '{}'::jsonb) returning id`,
        [owner.accountId, owner.userId],
      )
    ).rows[0]!.id;
    // Message m is in conversation (m - 1) / 5; the other side writes every second message.
    await db.query(
      `insert into linkedin_messages (account_id, linkedin_account_id, network_message_id, thread_key, profile_url, profile_name,
                                      direction, kind, body, sent_at)
       select $1, $2, 'bench-li-' || m, 'thread-' || t, 'https://www.linkedin.com/in/person-' || t, 'Person ' || t,
              case when m % 2 = 0 then 'in' else 'out' end, 'message',
              'A LinkedIn note on ' || ($4::text[])[1 + m % 10] || ' with the rare word' || (m % 1000) || ' in it.',
              now() - (($3 - m) * 7 || ' minutes')::interval
       from generate_series(1, $3) m, lateral (select (m - 1) / 5 + 1 as t) thread`,
      [owner.accountId, linkedinAccountId, LINKEDIN_MESSAGES, TOPICS],
    );
    for (const table of ['linkedin_messages', 'unibox_linkedin_threads']) await db.query(`vacuum analyze ${table}`);
    return { linkedinAccountId, ms: performance.now() - started };
  } finally {
    await db.end();
  }
}

type ThreadPage = { items: { subject: string }[] };

/** A new mailbox on loopback servers, synced; then LIVE_SAMPLES messages from arrival to the open unibox's list. */
async function liveArrival(session: Session, url: string): Promise<string> {
  const address = `live-${randomBytes(4).toString('hex')}@bench.test`;
  const imapPassword = 'Live-Mailbox-Password-1';
  const smtp = await startSmtpSubmissionPeer({ [address]: imapPassword });
  const imap = await startImapPeer({ users: { [address]: { password: imapPassword } } });
  const socket = await connectClient(url, session.cookieHeader());
  try {
    const raw = (subject: string) =>
      [`From: Live Sender <sender@prospect.test>`, `To: <${address}>`, `Subject: ${subject}`, `Message-ID: <${subject.replace(/\W/g, '')}.${Date.now()}@prospect.test>`, `Date: ${new Date().toUTCString()}`, '', 'A new message.', ''].join('\r\n');
    await imap.append(address, 'INBOX', raw('Before the first sync'));
    const created = await session.call<{ account: { id: number } }>('POST', '/email-account/create', {
      email: address,
      senderName: 'Live Bench',
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: imapPassword },
      imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
    });
    const connected = performance.now();
    const firstPage = () => session.call<ThreadPage>('POST', `${U}/thread-groups`, { emailAccountIds: [created.account.id] });
    while ((await firstPage()).items.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const firstSyncMs = performance.now() - connected;

    const times: number[] = [];
    for (let sample = 0; sample < LIVE_SAMPLES; sample += 1) {
      // Mail arrives while the session idles, not on the heels of the last pass.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const subject = `Live message ${sample}`;
      await imap.append(address, 'INBOX', raw(subject));
      const arrived = performance.now();
      // What the open screen does: on each push, fetch the first page again until it holds the message.
      for (;;) {
        await socket.nextPush(30_000);
        if ((await firstPage()).items[0]?.subject === subject) break;
      }
      times.push(performance.now() - arrived);
    }
    times.sort((a, b) => a - b);
    return [
      `| a mailbox connected → its first conversation listed (sync picks it up) | ${(firstSyncMs / 1000).toFixed(1)} s | | |`,
      `| new message, arrival → in the open unibox's list (push + refetch) | median ${percentile(times, 50).toFixed(0)} ms | worst ${times[times.length - 1]!.toFixed(0)} ms of ${times.length} | ≤ 5 s |`,
    ].join('\n');
  } finally {
    socket.close();
    await imap.stop();
    await smtp.close();
  }
}

const { name, url: databaseUrl } = await createBenchDatabase('unibox');
const { child, url } = await startApi(databaseUrl, { MAIL_ALLOW_PRIVATE: '127.0.0.0/8' });
const rows: string[] = [];
try {
  const { session, email, userId, accountId } = await registerBenchUser(url, databaseUrl, PASSWORD);

  console.error(`▶ writing ${MESSAGES.toLocaleString('en')} messages`);
  const seeded = await seedMailbox(databaseUrl, { userId, accountId }, `inbox-${email}`);
  rows.push(`| write ${MESSAGES.toLocaleString('en')} messages in ${Math.ceil(MESSAGES / PER_THREAD).toLocaleString('en')} conversations (generate_series) | ${(seeded.ms / 1000).toFixed(1)} s | | |`);

  console.error(`▶ writing ${LINKEDIN_MESSAGES.toLocaleString('en')} LinkedIn messages`);
  const linkedin = await seedLinkedin(databaseUrl, { userId, accountId });
  rows.push(
    `| write ${LINKEDIN_MESSAGES.toLocaleString('en')} LinkedIn messages in ${Math.ceil(LINKEDIN_MESSAGES / PER_THREAD).toLocaleString('en')} conversations (one insert; the trigger files them) | ${(linkedin.ms / 1000).toFixed(1)} s | | |`,
  );

  const list = (body: object) => () => session.call<{ items: { id: number }[]; total: number }>('POST', `${U}/thread-groups`, { page: 1, ...body });
  const newest = (await list({})()).items[0]!.id;
  const figures: [string, string, () => Promise<unknown>][] = [
    ['conversations, first page, no filter', '—', list({})],
    ['text filter, a rare word ("word417", 0.1 % of the mail)', '≤ 100 ms', list({ text: 'word417' })],
    ['text filter, a common word ("pricing", 10 % of the mail)', '≤ 100 ms', list({ text: 'pricing' })],
    ['text filter, part of an address ("company42.")', '≤ 100 ms', list({ text: 'company42.' })],
    ['LinkedIn account only, first page', '—', list({ linkedinAccountIds: [linkedin.linkedinAccountId] })],
    ["one conversation's messages", '—', () => session.call('GET', `${U}/thread-groups/${newest}/messages`)],
  ];
  for (const [label, goal, call] of figures) {
    console.error(`▶ ${label}`);
    const { p50, p95 } = await sampleLatency(call, { warmUp: WARM_UP, samples: SAMPLES });
    rows.push(`| ${label} | p50 ${p50.toFixed(1)} ms | p95 ${p95.toFixed(1)} ms | ${goal} |`);
  }

  rows.push(await liveArrival(session, url));
} finally {
  await stopApi(child);
  if (process.env.BENCH_KEEP_DB === '1') console.error(`kept database ${name}`);
  else await dropBenchDatabase(name);
}
console.log(`\nUnibox on PostgreSQL, ${MESSAGES.toLocaleString('en')} messages of one mailbox and ${LINKEDIN_MESSAGES.toLocaleString('en')} LinkedIn messages; load average at the end (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
console.log('| Figure | Result | | Goal |\n|---|---|---|---|');
console.log(rows.join('\n'));
