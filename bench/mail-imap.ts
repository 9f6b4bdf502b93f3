/**
 * IMAP sync figures of the mail engine (engines/mail/inbound/sync) against Dovecot on loopback
 * (api/src/test-support/imap-peer.ts; apt-get install -y dovecot-imapd):
 *
 * 1. the first sync of a 10,000-message INBOX (the 42 fixture messages of the classifier,
 *    replies, bounces, out-of-office answers in five languages, each copy with its own
 *    Message-ID): every message downloaded as a stream, parsed, classified against the outbound
 *    table, stored with its effects. Messages/s.
 * 2. one new message from its arrival (APPEND done) to the classified event, with the session in
 *    IDLE (goal ≤ 5 s): median and worst of BENCH_IDLE_SAMPLES messages, one every 3 s so that
 *    each finds the session idling, as mail does.
 *
 *   pnpm --filter @leadforge/bench mail-imap                         # PGlite in memory
 *   BENCH_STORE=postgres pnpm --filter @leadforge/bench mail-imap    # a throw-away database on 127.0.0.1:5432
 *   BENCH_MESSAGES=10000 BENCH_IDLE_SAMPLES=10 …
 */
import os from 'node:os';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const IDLE_SAMPLES = Number(process.env.BENCH_IDLE_SAMPLES ?? 10);
const STORE = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite';
const USER = 'bench';
const PASSWORD = 'bench-imap-password';

// The test world reads the store when it is imported.
process.env.LEADFORGE_TEST_STORE = STORE;
const { startImapPeer } = await import('../api/src/test-support/imap-peer');
const { fixture, fixtureNames, nextEvent, startSyncWorld, withMessageId } = await import('../api/src/engines/mail/inbound/sync/test-world');

const names = fixtureNames();
const sources = names.map((name) => fixture(name));
const inbox = Array.from({ length: MESSAGES }, (_, index) => withMessageId(sources[index % sources.length]!, `bench.${index}@mail.bench.test`));
const bytes = inbox.reduce((sum, raw) => sum + raw.length, 0);

const peer = await startImapPeer({ users: { [USER]: { password: PASSWORD, folders: { INBOX: inbox } } }, folders: ['Junk'] });
const world = await startSyncWorld(peer);
try {
  const mailbox = await world.mailbox({ imapUser: USER, password: PASSWORD });
  const outboundId = await world.sent(mailbox, {
    messageId: 'bench.thread@leadforge.test',
    to: 'pat@prospect.test',
    subject: 'Hello Pat',
    sentAt: new Date(Date.now() - 86_400_000),
    campaignId: 1,
    recipientId: 1,
    step: 1,
  });
  const engine = world.engine();

  // 1. The first sync of the whole mailbox.
  const started = performance.now();
  const report = await engine.syncMailbox(mailbox.id);
  const seconds = (performance.now() - started) / 1000;

  // 2. New messages while the session idles.
  const stop = new AbortController();
  const session = engine.watchMailbox(mailbox.id, { signal: stop.signal });
  let counter = 0;
  const reply = () => {
    counter += 1;
    return [
      'From: Pat Prospect <pat@prospect.test>',
      `To: ${USER}@leadforge.test`,
      'Subject: Re: Hello Pat',
      `Message-ID: <idle.${counter}.${Date.now()}@prospect.test>`,
      'In-Reply-To: <bench.thread@leadforge.test>',
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Sounds good, answer ${counter}.`,
      '',
    ].join('\r\n');
  };
  // The session's first pass (nothing new) is over once it has heard of this one.
  const warm = nextEvent(engine, (event) => event.outboundId === outboundId);
  await peer.append(USER, 'INBOX', reply());
  await warm;

  const latencies: number[] = [];
  for (let sample = 0; sample < IDLE_SAMPLES; sample += 1) {
    // Mail arrives while the session idles, not on the heels of the last pass.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const heard = nextEvent(engine, (event) => event.outboundId === outboundId);
    await peer.append(USER, 'INBOX', reply());
    const arrived = performance.now();
    const event = await heard;
    if (event.class !== 'reply') throw new Error(`expected a reply, got ${event.class}`);
    latencies.push(performance.now() - arrived);
  }
  stop.abort();
  await session;

  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = {
    store: STORE,
    cpus: os.cpus().length,
    firstSync: {
      messages: MESSAGES,
      megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
      stored: report.stored,
      seconds: Number(seconds.toFixed(2)),
      messagesPerSecond: Math.round(report.stored / seconds),
    },
    idleArrivalToEventMs: {
      samples: sorted.length,
      median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      worst: Math.round(sorted.at(-1) ?? 0),
      goal: 5_000,
    },
  };
  console.log(JSON.stringify(figures, null, 2));
  console.log('');
  console.log('| IMAP sync (Dovecot on loopback, %s) | figure |', STORE);
  console.log('|---|---|');
  console.log(`| first sync of ${MESSAGES.toLocaleString('en')} messages (${figures.firstSync.megabytes} MB) | ${figures.firstSync.messagesPerSecond} messages/s (${figures.firstSync.seconds} s) |`);
  console.log(`| new message, arrival → classified event (IDLE) | median ${figures.idleArrivalToEventMs.median} ms, worst ${figures.idleArrivalToEventMs.worst} ms of ${sorted.length} (goal ≤ 5 s) |`);
} finally {
  try {
    await world.close();
  } finally {
    await peer.stop();
  }
}
