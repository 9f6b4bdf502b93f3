/**
 * The loopback world of the warm-up's 14-day test (world.test.ts): a pool of mailboxes that send
 * through the real mail engine to a loopback SMTP server, which files each message it accepts into
 * the recipient's Dovecot mailbox (INBOX or the \Junk special-use folder, as the test's `place`
 * decides) by IMAP APPEND before it answers 250; the real IMAP sync reads them back and the real
 * warm-up passes (plan, queue, placement, health, rescue, answers) run on a clock the test moves.
 *
 * Nothing here waits on wall-clock time: a send returns once the server answered, and the server
 * answers once the message is in Dovecot; each pass is awaited. The APPEND carries the world's
 * clock as the message's internal date, which is what the sync stores as its arrival (and what
 * answers are timed from).
 */
import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { rowsOf } from '../../modules/prospects/sql-helpers';
import { startImapPeer, type ImapPeer } from '../../test-support/imap-peer';
import { startSyncWorld, type SyncWorld } from '../mail/inbound/sync/test-world';
import type { InboundSync } from '../mail/inbound/sync/engine';
import { TestClock, headerOf, startRecordingServer, testEngine, type RecordingServer } from '../mail/outbound/engine-fixtures';
import type { MailEngine } from '../mail/outbound/outbox';
import { runHealthPass } from './health';
import { WarmupReceiver } from './receiving';
import { WarmupScheduler, type DayPlanReport } from './scheduler';
import { WARMUP_HEADER, readWarmupToken } from './token';

const PASSWORD = 'world-pass';
/** IMAP sessions the world opens at once (syncs of the mailboxes that received mail). */
const SYNC_PARALLEL = 6;
const FIRST_NAMES = ['Ana', 'Ben', 'Chloé', 'Dmytro', 'Erin', 'Fátima', 'Gus', 'Hao'];

export interface WorldMailbox {
  id: number;
  accountId: number;
  userId: number;
  /** The Dovecot user. */
  user: string;
  email: string;
  /** Index of its domain (`d<n>.test`). */
  domain: number;
}

export type Folder = 'INBOX' | 'Junk';

/** A message the loopback server accepted and filed. */
export interface Delivery {
  at: Date;
  from: string;
  to: string;
  user: string;
  folder: Folder;
  messageId: string;
  /** The warm-up send its mark names (a note's, or the note an answer answers), null without a valid mark. */
  sendId: number | null;
  inReplyTo: string | null;
  references: string | null;
  subject: string;
}

/** Where the receiving side files a message: the world's spam filters. */
export type Placement = (mail: { from: WorldMailbox; to: WorldMailbox; reply: boolean; at: Date }) => Folder;

export interface WarmupWorldOptions {
  mailboxes: number;
  domains: number;
  ramp: { start: number; increase: number; ceiling: number };
  replyRate: number;
  secret: Buffer;
  /** The clock's first instant. */
  start: Date;
  place: Placement;
}

export interface ReceivePassReport {
  synced: number;
  inbox: number;
  spam: number;
  /** Answers found in their note's sender's INBOX or spam folder. */
  replyInbox: number;
  replySpam: number;
  rescued: number;
  replied: number;
}

export interface WarmupWorld {
  sync: SyncWorld;
  clock: TestClock;
  mailboxes: WorldMailbox[];
  byEmail: Map<string, WorldMailbox>;
  deliveries: Delivery[];
  engine: MailEngine;
  inbound: InboundSync;
  scheduler: WarmupScheduler;
  receiver: WarmupReceiver;
  /** The day's plan at the clock's instant, and every planned mail handed to the mail engine. */
  planDay(): Promise<DayPlanReport>;
  /**
   * One moment of the world at `at`: the mail engine sends what is due, the mailboxes that received
   * mail are synced, then the warm-up's receiving job runs (placements, health, rescue, answers) and
   * the answers due now are sent.
   */
  tick(at: Date): Promise<ReceivePassReport>;
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  /** A client of a mailbox's Dovecot user, for what the test reads back itself. */
  asUser<T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A seeded generator: the same plan, texts and answers on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export async function startWarmupWorld(options: WarmupWorldOptions): Promise<WarmupWorld> {
  const users = Array.from({ length: options.mailboxes }, (_, index) => `w${String(index + 1).padStart(2, '0')}`);
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const peer: ImapPeer = await startImapPeer({ users: users.map((user) => ({ user, password: PASSWORD })), folders: ['Junk'] });
    cleanups.push(() => peer.stop());
    const sync = await startSyncWorld(peer);
    cleanups.push(() => sync.close());
    const clock = new TestClock(options.start);
    const { db } = sync.database;
    const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db, query);

    // One delivering connection per recipient, opened on its first message.
    const appenders = new Map<string, Promise<ImapFlow>>();
    cleanups.push(async () => {
      for (const client of appenders.values()) await (await client).logout().catch(() => undefined);
    });
    const appenderOf = (user: string) => {
      let client = appenders.get(user);
      if (!client) {
        const created = new ImapFlow({ host: peer.host, port: peer.port, secure: false, doSTARTTLS: false, auth: { user, pass: PASSWORD }, logger: false, disableAutoIdle: true });
        created.on('error', () => undefined);
        client = created.connect().then(() => created);
        appenders.set(user, client);
      }
      return client;
    };

    const mailboxes: WorldMailbox[] = [];
    const byEmail = new Map<string, WorldMailbox>();
    const deliveries: Delivery[] = [];
    const arrived = new Set<number>();

    const smtp: RecordingServer = await startRecordingServer();
    cleanups.push(() => smtp.close());
    smtp.onBody = async (mail) => {
      const from = byEmail.get(mail.from.toLowerCase());
      for (const address of mail.to) {
        const to = byEmail.get(address.toLowerCase());
        if (!from || !to) throw new Error(`the world has no mailbox ${from ? address : mail.from}`);
        const inReplyTo = headerOf(mail.raw, 'In-Reply-To');
        const at = clock.now();
        const folder = options.place({ from, to, reply: inReplyTo !== null, at });
        const client = await appenderOf(to.user);
        await client.append(folder, Buffer.from(mail.raw, 'utf8'), [], at);
        deliveries.push({
          at,
          from: from.email,
          to: to.email,
          user: to.user,
          folder,
          messageId: headerOf(mail.raw, 'Message-ID') ?? '',
          sendId: readWarmupToken(headerOf(mail.raw, WARMUP_HEADER), options.secret),
          inReplyTo,
          references: headerOf(mail.raw, 'References'),
          subject: headerOf(mail.raw, 'Subject') ?? '',
        });
        arrived.add(to.id);
      }
    };

    for (const [index, user] of users.entries()) {
      const created = await sync.mailbox({ imapUser: user, password: PASSWORD });
      const domain = index % options.domains;
      const email = `${user}@d${domain}.test`;
      // No gap between sends: the world moves in steps, and what is due at a step goes out at it.
      await db.execute(
        sql`update email_accounts set email = ${email}, sender_name = ${`${FIRST_NAMES[index % FIRST_NAMES.length]} ${user.toUpperCase()}`},
              smtp_host = '127.0.0.1', smtp_port = ${smtp.port}, smtp_security = 'none', min_gap_seconds = 0, max_gap_seconds = 0
            where id = ${created.id}`,
      );
      await db.execute(
        sql`insert into warmup_mailboxes (email_account_id, account_id, user_id, status, start_volume, daily_increase, ceiling, reply_rate, started_at)
            values (${created.id}, ${created.accountId}, ${created.userId}, 'active', ${options.ramp.start}, ${options.ramp.increase},
              ${options.ramp.ceiling}, ${options.replyRate}, ${options.start.toISOString()}::timestamptz)`,
      );
      const mailbox = { id: created.id, accountId: created.accountId, userId: created.userId, user, email, domain };
      mailboxes.push(mailbox);
      byEmail.set(email, mailbox);
    }

    const random = seededRandom(17);
    const engine = testEngine({ db, cipher: sync.cipher, now: clock.now });
    cleanups.push(() => engine.close());
    const inbound = sync.engine({ isWarmupMark: (value) => readWarmupToken(value, options.secret) !== null });
    cleanups.push(() => inbound.close());
    const scheduler = new WarmupScheduler({ db, mail: engine, secret: options.secret, now: clock.now, random });
    const receiver = new WarmupReceiver({ db, mail: engine, junk: inbound, secret: options.secret, now: clock.now, random });

    // The mailboxes were connected before they started warming up: their first sync (an empty
    // INBOX and Junk) leaves the cursors from which every later pass reads by UID.
    await inParallel(mailboxes, SYNC_PARALLEL, (mailbox) => inbound.syncMailbox(mailbox.id));

    const send = async () => {
      while ((await engine.dispatch()).more);
    };

    const world: WarmupWorld = {
      sync,
      clock,
      mailboxes,
      byEmail,
      deliveries,
      engine,
      inbound,
      scheduler,
      receiver,
      rows,
      async planDay() {
        const report = await scheduler.planDay();
        while ((await scheduler.queuePlanned()).more);
        return report;
      },
      async tick(at) {
        clock.set(at);
        await send();
        const received = mailboxes.filter((mailbox) => arrived.has(mailbox.id));
        arrived.clear();
        await inParallel(received, SYNC_PARALLEL, (mailbox) => inbound.syncMailbox(mailbox.id));
        // The receiving job's passes, in its order (modules/warmup/jobs.ts).
        const report: ReceivePassReport = { synced: received.length, inbox: 0, spam: 0, replyInbox: 0, replySpam: 0, rescued: 0, replied: 0 };
        for (;;) {
          const placed = await receiver.recordPlacements();
          report.inbox += placed.inbox;
          report.spam += placed.spam;
          if (!placed.more) break;
        }
        for (;;) {
          const placed = await receiver.recordReplyPlacements();
          report.replyInbox += placed.inbox;
          report.replySpam += placed.spam;
          if (!placed.more) break;
        }
        await runHealthPass(db, clock.now());
        for (;;) {
          const { rescued } = await receiver.rescueFromSpam();
          if (rescued === 0) break;
          report.rescued += rescued;
        }
        for (;;) {
          const answered = await receiver.sendDueReplies();
          report.replied += answered.replied;
          if (!answered.more) break;
        }
        await send();
        return report;
      },
      async asUser(user, work) {
        const client = new ImapFlow({ host: peer.host, port: peer.port, secure: false, doSTARTTLS: false, auth: { user, pass: PASSWORD }, logger: false });
        await client.connect();
        try {
          return await work(client);
        } finally {
          await client.logout();
        }
      },
      close,
    };
    return world;
  } catch (error) {
    await close();
    throw error;
  }
}
