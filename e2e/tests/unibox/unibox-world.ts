/**
 * The unibox journeys' world: mail written as RFC 5322 text, put into a real Dovecot (the loopback
 * IMAP peer) with its flags and arrival time, a mailbox connected through the public calls, and
 * a wait for the IMAP sync to have read a folder. The connect form has its own journey
 * (tests/warmup/email-accounts.spec.ts); here it is set-up.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test, type TestUser } from '../../support/fixtures';
import { apiAs, type ApiSession } from '../prospects/prospects-world';

type Tree = { [key: string]: Tree | string };
const en = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'unibox', 'src', 'locales', 'en.json'), 'utf8')) as Tree;

/** A text of the unibox's English locale by its dotted path, with `{{name}}` values filled in. */
export function text(path: string, values: Record<string, string | number> = {}): string {
  const found = path.split('.').reduce<Tree | string>((node, key) => (node as Tree)[key]!, en);
  if (typeof found !== 'string') throw new Error(`no text at ${path}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

export interface Mail {
  from: string;
  fromName?: string;
  to: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  /** When it arrived: both its Date header and its IMAP internal date. */
  at: Date;
  text?: string;
  html?: string;
  /** Already read in another mail client. */
  seen?: boolean;
}

/** The message as a mail client sends it. */
export function rfc822(mail: Mail): string {
  const headers = [
    `From: ${mail.fromName ? `${mail.fromName} ` : ''}<${mail.from}>`,
    `To: <${mail.to}>`,
    `Subject: ${mail.subject}`,
    `Message-ID: <${mail.messageId}>`,
    `Date: ${mail.at.toUTCString()}`,
    ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}>`] : []),
    ...(mail.references?.length ? [`References: ${mail.references.map((id) => `<${id}>`).join(' ')}`] : []),
    'MIME-Version: 1.0',
  ];
  const plain = mail.text ?? `${mail.subject}, in plain words.`;
  if (!mail.html) return [...headers, 'Content-Type: text/plain; charset=utf-8', '', plain, ''].join('\r\n');
  return [
    ...headers,
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    plain,
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    '',
    mail.html,
    '--alt--',
    '',
  ].join('\r\n');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');
/** An IMAP date-time (RFC 3501 §9), in UTC. */
const imapDate = (at: Date) =>
  `"${two(at.getUTCDate())}-${MONTHS[at.getUTCMonth()]}-${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000"`;

/**
 * APPENDs `mails` to a folder over one IMAP connection, each with its \Seen flag and its internal
 * date (the peer's own `append` sets neither; the sync orders and filters by the internal date).
 */
export async function appendMail(server: { port: number }, user: string, password: string, folder: string, mails: readonly Mail[]): Promise<void> {
  const socket = net.connect({ host: '127.0.0.1', port: server.port });
  let buffer = '';
  let waiting: { test: (line: string) => boolean; resolve: (line: string) => void; reject: (error: Error) => void } | null = null;
  const check = () => {
    for (;;) {
      const end = buffer.indexOf('\r\n');
      if (end === -1 || !waiting) return;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^\S+ (NO|BAD) /.test(line)) waiting.reject(new Error(`IMAP refused: ${line}`));
      else if (waiting.test(line)) waiting.resolve(line);
      else continue;
      waiting = null;
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    check();
  });
  const until = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      waiting = { test, resolve, reject };
      check();
    });
  const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
  try {
    await until((line) => line.startsWith('* OK'));
    socket.write(`a0 LOGIN ${quote(user)} ${quote(password)}\r\n`);
    await until((line) => line.startsWith('a0 OK'));
    for (const [index, mail] of mails.entries()) {
      const raw = Buffer.from(rfc822(mail), 'utf8');
      const tag = `a${index + 1}`;
      socket.write(`${tag} APPEND ${quote(folder)} (${mail.seen ? '\\Seen' : ''}) ${imapDate(mail.at)} {${raw.length}}\r\n`);
      await until((line) => line.startsWith('+'));
      socket.write(Buffer.concat([raw, Buffer.from('\r\n')]));
      await until((line) => line.startsWith(`${tag} OK`));
    }
    socket.write('z LOGOUT\r\n');
  } finally {
    socket.end();
  }
}

export interface LoopbackServers {
  smtp: { port: number };
  imap: { port: number };
}

/** Connects a generic SMTP + IMAP mailbox on the loopback servers; answers its id. */
export async function connectMailbox(api: ApiSession, servers: LoopbackServers, email: string, password: string, senderName: string): Promise<number> {
  const created = await api.call<{ account: { id: number } }>('POST', '/email-account/create', {
    email,
    senderName,
    smtp: { host: '127.0.0.1', port: servers.smtp.port, security: 'none', password },
    imap: { host: '127.0.0.1', port: servers.imap.port, security: 'none' },
  });
  return created.account.id;
}

/**
 * Waits until the IMAP sync has read `count` messages of INBOX. A new mailbox joins its shard's
 * sync session within MAILBOX_CHECK_MS (seconds, engines/mail/inbound/sync/constants.ts); the
 * wait allows for a first sync of a few hundred messages on shared CI cores.
 */
export async function syncedInbox(api: ApiSession, emailAccountId: number, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const { items } = await api.call<{ items: { emailAccountId: number; name: string; total: number }[] }>('GET', '/pipelines/api/unibox/directories');
        return items.find((item) => item.emailAccountId === emailAccountId && item.name === 'INBOX')?.total ?? 0;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(count);
}

/** A time `minutes` before now, to the second (IMAP dates have no milliseconds). */
export const minutesAgo = (minutes: number) => new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000);

/** A mailbox's loopback SMTP server and Dovecot, both running while the file's journeys do. */
export interface MailboxPeers extends LoopbackServers {
  smtp: SmtpSubmissionPeer;
  imap: ImapPeer;
}

/**
 * Starts the peers of `mailbox` before the file's journeys, with `mail` (a list, or made once the
 * peers are up) already in its INBOX, and stops them after. Call at the top of a spec file.
 */
export function mailboxPeers(mailbox: string, password: string, mail: () => readonly Mail[] | Promise<readonly Mail[]>): MailboxPeers {
  const peers = {} as MailboxPeers;
  test.beforeAll(async () => {
    peers.smtp = await startSmtpSubmissionPeer({ [mailbox]: password });
    peers.imap = await startImapPeer({ users: { [mailbox]: { password } } });
    await appendMail(peers.imap, mailbox, password, 'INBOX', await mail());
  });
  test.afterAll(async () => {
    await peers.imap?.stop();
    await peers.smtp?.close();
  });
  return peers;
}

/**
 * The user connects the mailbox (set-up, through the calls), the sync reads its `count` messages
 * of INBOX, and the user opens the unibox; answers the mailbox's id.
 */
export async function openSyncedUnibox(
  { page, playwright, user }: { page: Page; playwright: PlaywrightWorkerArgs['playwright']; user: TestUser },
  peers: LoopbackServers,
  mailbox: { email: string; password: string; count: number },
): Promise<number> {
  const api = await apiAs(playwright, user);
  const mailboxId = await connectMailbox(api, peers, mailbox.email, mailbox.password, 'Ada Lovelace');
  await syncedInbox(api, mailboxId, mailbox.count);
  await api.dispose();
  await signIn(page, user, '/unibox');
  return mailboxId;
}
