/**
 * What the IMAP sync tests stand on: a migrated database of the store under test, mailboxes
 * (account, owner, email account with sealed credentials) pointing at a Dovecot peer on loopback,
 * outbound rows to answer, and the fixture messages.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { loadConfig } from '../../../../config';
import { openDatabase, type Database } from '../../../../db/connection';
import { runMigrations } from '../../../../db/migrate';
import { accounts, emailAccounts, mailOutbound, users } from '../../../../db/schema';
import { createTempDir, createTestPostgres, type TestPostgres } from '../../../../jobs/test-fixtures/databases';
import { sealCredentials } from '../../../../modules/email-accounts/credentials';
import { EmailAccountsService } from '../../../../modules/email-accounts/service';
import { TEST_STORE } from '../../../../test-support/test-app';
import { createCredentialCipher, type CredentialCipher } from '../../secrets/credentials';
import { emailAccountsReader } from './credentials';
import { createInboundSync, type InboundSync, type InboundSyncDeps } from './engine';
import type { InboundMailEvent } from './types';

const FIXTURES = new URL('../fixtures/', import.meta.url);

export const fixtureNames = (): string[] =>
  readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.eml'))
    .sort();

export const fixture = (name: string): Buffer => readFileSync(new URL(name, FIXTURES));

/** A fixture with another Message-ID: the same content arriving as a distinct message. */
export function withMessageId(raw: Buffer, messageId: string): Buffer {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = end >= 0 ? text.slice(0, end) : text;
  const rest = end >= 0 ? text.slice(end) : '';
  const header = `Message-ID: <${messageId}>`;
  const replaced = /^Message-ID:.*$/im.test(head) ? head.replace(/^Message-ID:.*$/im, header) : `${header}\r\n${head}`;
  return Buffer.from(replaced + rest, 'latin1');
}

export interface TestMailbox {
  id: number;
  accountId: number;
  userId: number;
  imapUser: string;
}

export interface SyncWorld {
  database: Database;
  cipher: CredentialCipher;
  /** A mailbox on the peer for `imapUser`, with `password` sealed as its IMAP password. */
  mailbox(options: { imapUser: string; password: string; firstSyncDays?: number }): Promise<TestMailbox>;
  /** One of our messages as the outbound engine records it once sent. */
  sent(
    mailbox: TestMailbox,
    row: { messageId: string; to: string; subject: string; sentAt: Date; providerMessageId?: string; campaignId?: number; recipientId?: number; step?: number },
  ): Promise<number>;
  engine(overrides?: Partial<InboundSyncDeps>): InboundSync;
  close(): Promise<void>;
}

export async function startSyncWorld(peer: { host: string; port: number }): Promise<SyncWorld> {
  let postgres: TestPostgres | undefined;
  if (TEST_STORE === 'postgres') postgres = await createTestPostgres('lf_imap_sync');
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url, poolMax: 5 } : { pgliteDataDir: 'memory://' });
  await runMigrations(database);
  const keys = await createTempDir('lf-imap-keys');
  const cipher = createCredentialCipher({ dataDir: keys.dir, env: {} });
  const { db } = database;
  // The secrets reach the sync the way they do in the API: through the email-accounts module.
  const config = loadConfig({ DATA_DIR: keys.dir, LOG_LEVEL: 'silent', MAIL_ALLOW_PRIVATE: '127.0.0.0/8' });
  const mailboxes = new EmailAccountsService({
    db,
    config,
    cipher,
    baseUrl: () => 'http://127.0.0.1',
    gamification: { completeStepQuietly: async () => undefined },
  });

  return {
    database,
    cipher,
    async mailbox({ imapUser, password, firstSyncDays }) {
      const tag = randomBytes(4).toString('hex');
      const [account] = await db.insert(accounts).values({ hash: `acct-${tag}` }).returning({ id: accounts.id });
      const [user] = await db
        .insert(users)
        .values({
          accountId: account!.id,
          email: `owner-${tag}@leadforge.test`,
          name: 'Alex Seller',
          hashId: `h-${tag}`,
          gaUserIdHash: `g-${tag}`,
          registrationId: `r-${tag}`,
        })
        .returning({ id: users.id });
      const [row] = await db
        .insert(emailAccounts)
        .values({
          accountId: account!.id,
          userId: user!.id,
          email: `${imapUser}@leadforge.test`,
          imapHost: peer.host,
          imapPort: peer.port,
          imapSecurity: 'none',
          imapUser,
          ...(firstSyncDays ? { firstSyncDays } : {}),
        })
        .returning({ id: emailAccounts.id });
      await db
        .update(emailAccounts)
        .set({ credentials: sealCredentials(cipher, row!.id, { imapPassword: password }) })
        .where(eq(emailAccounts.id, row!.id));
      return { id: row!.id, accountId: account!.id, userId: user!.id, imapUser };
    },
    async sent(mailbox, row) {
      const [inserted] = await db
        .insert(mailOutbound)
        .values({
          accountId: mailbox.accountId,
          userId: mailbox.userId,
          emailAccountId: mailbox.id,
          kind: 'campaign',
          campaignId: row.campaignId ?? null,
          recipientId: row.recipientId ?? null,
          step: row.step ?? null,
          toAddress: row.to,
          subject: row.subject,
          messageId: row.messageId,
          providerMessageId: row.providerMessageId ?? null,
          state: 'sent',
          sentAt: row.sentAt,
        })
        .returning({ id: mailOutbound.id });
      return inserted!.id;
    },
    engine(overrides = {}) {
      return createInboundSync({
        db,
        credentials: emailAccountsReader(() => mailboxes),
        // The Dovecot peer listens on loopback, which mail servers are otherwise refused.
        allowPrivate: config.emailAccounts.allowPrivate,
        ...overrides,
      });
    },
    async close() {
      await database.close();
      await postgres?.drop();
      await keys.remove();
    },
  };
}

/** Resolves with the first event `match` accepts (registered before the action that causes it). */
export function nextEvent(engine: InboundSync, match: (event: InboundMailEvent) => boolean): Promise<InboundMailEvent> {
  return new Promise((resolve) => {
    const off = engine.onInbound((event) => {
      if (!match(event)) return;
      off();
      resolve(event);
    });
  });
}

/** A client of the peer as one of its users, for what the harness does not do (folders, dated appends). */
export async function asUser<T>(peer: { host: string; port: number }, user: string, password: string, run: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({ host: peer.host, port: peer.port, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.logout();
  }
}
