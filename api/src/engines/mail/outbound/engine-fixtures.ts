/**
 * Test fixtures of the sending engine: a migrated database on the store the run chose
 * (LEADFORGE_TEST_STORE), an owner and mailboxes written straight into it, an engine on a clock
 * the test moves, and a recording SMTP server on loopback whose answers the test scripts.
 * Only test files (and the kill test's child process) import this module.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { openDatabase, type Database } from '../../../db/connection';
import { runMigrations } from '../../../db/migrate';
import { createTestPostgres, type TestPostgres } from '../../../jobs/test-fixtures/databases';
import { createCredentialCipher, type CredentialCipher } from '../secrets/credentials';
import type { MailboxRow } from './mailbox';
import { MailEngine, type MailEngineOptions } from './outbox';

export const TEST_KEY = randomBytes(32).toString('base64');
export const TEST_MESSAGE_ID_SECRET = Buffer.from('a test secret of at least thirty-two bytes, for ids');

export interface EngineDatabase {
  database: Database;
  close(): Promise<void>;
}

export async function openEngineDatabase(): Promise<EngineDatabase> {
  const postgres: TestPostgres | undefined =
    process.env.LEADFORGE_TEST_STORE === 'postgres' ? await createTestPostgres('lf_mail') : undefined;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url, poolMax: 6 } : { pgliteDataDir: 'memory://' });
  await runMigrations(database);
  return {
    database,
    async close() {
      await database.close();
      await postgres?.drop();
    },
  };
}

export interface Owner {
  userId: number;
  accountId: number;
}

/** An owner on a paid plan by default (the plan's daily maximum then allows the providers' cap). */
export async function createOwner(database: Database, plan: { name: string; endsAt?: Date } = { name: 'XXL' }): Promise<Owner> {
  const tag = randomBytes(6).toString('hex');
  const { rows: accounts } = (await database.db.execute(sql`insert into accounts (hash) values (${`acc-${tag}`}) returning id`)) as unknown as {
    rows: { id: number }[];
  };
  const accountId = accounts[0]!.id;
  const { rows: users } = (await database.db.execute(
    sql`insert into users (account_id, email, name, hash_id, ga_user_id_hash, registration_id)
        values (${accountId}, ${`owner-${tag}@example.test`}, 'Owner', ${`h-${tag}`}, ${`g-${tag}`}, ${`r-${tag}`}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  await database.db.execute(
    sql`insert into subscriptions (account_id, plan_name, ends_at) values (${accountId}, ${plan.name}, ${plan.endsAt?.toISOString() ?? null})`,
  );
  return { userId: users[0]!.id, accountId };
}

export interface MailboxSettings {
  email?: string;
  senderName?: string;
  port: number;
  password?: string;
  dailyLimit?: number;
  minGapSeconds?: number;
  maxGapSeconds?: number;
  firstEmailDailyLimit?: number | null;
  sendingWindow?: unknown;
  signatureHtml?: string;
  status?: string;
  dkim?: { selector: string; privateKey: string };
  trackingDomain?: string;
}

export async function createMailbox(database: Database, owner: Owner, cipher: CredentialCipher, settings: MailboxSettings): Promise<number> {
  const email = settings.email ?? `sender-${randomBytes(4).toString('hex')}@sender.example`;
  const { rows } = (await database.db.execute(
    sql`insert into email_accounts (account_id, user_id, email, sender_name, status, smtp_host, smtp_port, smtp_security,
          smtp_user, daily_limit, min_gap_seconds, max_gap_seconds, first_email_daily_limit, sending_window, signature_html,
          dkim_selector, dkim_private_key, tracking_domain, tracking_domain_verified_at)
        values (${owner.accountId}, ${owner.userId}, ${email}, ${settings.senderName ?? 'Ann Sender'}, ${settings.status ?? 'active'},
          '127.0.0.1', ${settings.port}, 'none', ${settings.password ? email : null}, ${settings.dailyLimit ?? 1000},
          ${settings.minGapSeconds ?? 0}, ${settings.maxGapSeconds ?? 0}, ${settings.firstEmailDailyLimit ?? null},
          ${settings.sendingWindow === undefined ? null : JSON.stringify(settings.sendingWindow)}::jsonb,
          ${settings.signatureHtml ?? ''}, ${settings.dkim?.selector ?? null}, ${settings.dkim?.privateKey ?? null},
          ${settings.trackingDomain ?? null}, ${settings.trackingDomain ? new Date().toISOString() : null}::timestamptz)
        returning id`,
  )) as unknown as { rows: { id: number }[] };
  const id = rows[0]!.id;
  if (settings.password) {
    const sealed = cipher.encrypt(JSON.stringify({ smtpPassword: settings.password }), `email-account:${id}:credentials`);
    await database.db.execute(sql`update email_accounts set credentials = ${sealed} where id = ${id}`);
  }
  return id;
}

export function testCipher(dataDir: string): CredentialCipher {
  return createCredentialCipher({ dataDir, env: { MAIL_SECRET_KEY: TEST_KEY } });
}

/** The password secret source of the email-accounts area, for engines built without the API. */
export function passwordSecrets(cipher: CredentialCipher): MailEngineOptions['secrets'] {
  return async (mailbox: MailboxRow) =>
    mailbox.credentials
      ? { smtpPassword: (JSON.parse(cipher.decrypt(mailbox.credentials, `email-account:${mailbox.id}:credentials`)) as { smtpPassword?: string }).smtpPassword }
      : {};
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current: Date = new Date('2030-03-04T10:00:00Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(instant: Date): void {
    this.current = new Date(instant);
  }
}

export function testEngine(options: Partial<MailEngineOptions> & Pick<MailEngineOptions, 'db' | 'cipher'>): MailEngine {
  return new MailEngine({
    secrets: passwordSecrets(options.cipher),
    messageIdSecret: TEST_MESSAGE_ID_SECRET,
    publicOrigin: () => 'https://app.example.test',
    timeouts: { connectionMs: 5_000, greetingMs: 5_000, socketMs: 10_000 },
    idleMs: 1_000,
    ...options,
  });
}

// ─── A recording SMTP server ────────────────────────────────────────────────────────────────

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** What the server answers after the body; `accept` is 250 with a queue id. */
export type BodyAnswer = { accept: true; reply?: string } | { code: number; message: string };

export interface RecordingServer {
  port: number;
  received: ReceivedMail[];
  /** Answer of the next bodies, in order; then `accept`. */
  answers: BodyAnswer[];
  /** Called with each body before it is answered; may delay the answer (a slow server). */
  onBody?: (mail: ReceivedMail) => Promise<void> | void;
  /** Resolves when `count` messages have arrived in all. */
  waitForCount(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRecordingServer(options: { password?: string } = {}): Promise<RecordingServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: RecordingServer = {
    port: 0,
    received,
    answers: [],
    waitForCount(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: !options.password,
    disabledCommands: options.password ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.password === options.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (received.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        const answer = state.answers.shift() ?? { accept: true };
        void Promise.resolve(state.onBody?.(mail)).then(() => {
          if ('accept' in answer) callback(null, answer.reply ?? 'Ok: queued as 4Fx9Yb0zQ2z1');
          else callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A header of a raw message, unfolded. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The bench's baseline: plain pooled nodemailer, one transport of one connection per mailbox as
 * the engine has, every message handed over at once (the pool queues them).
 */
export async function sendRawPooled(port: number, connections: number, messages: readonly SendMailOptions[]): Promise<void> {
  const transports = Array.from({ length: connections }, () =>
    nodemailer.createTransport({ pool: true, maxConnections: 1, maxMessages: 100, host: '127.0.0.1', port, secure: false, ignoreTLS: true }),
  );
  try {
    await Promise.all(messages.map((message, index) => transports[index % connections]!.sendMail(message)));
  } finally {
    for (const transport of transports) transport.close();
  }
}
