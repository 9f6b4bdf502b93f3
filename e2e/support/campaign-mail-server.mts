/**
 * A second instance of the composed app (the same server code, host build and remote releases as
 * start-server.mjs starts) for the journeys that need mail the sending engine made for a campaign:
 * no screen or call sends campaigns yet, so this process is where one is sent, through
 * `services.mailEngine.enqueue` exactly as the campaign sequencer will call it. Everything else
 * the journeys do — register, connect the mailbox, verify its tracking domain, open the link,
 * unsubscribe — goes over HTTP and through the browser.
 *
 * Its peers live here too: an SMTP submission server that keeps what it receives, Dovecot for the
 * mailbox's IMAP side, and a DNS server that holds the tracking domain's CNAME.
 *
 * Started by campaign-mail-world.ts with an IPC channel (node --import tsx, cwd api/); it answers
 * `ready`, then one reply per request. Not a journey's business: how the campaign is sent.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/connection';
import { runMigrations } from '../../api/src/db/migrate';
import { startRecordingServer } from '../../api/src/engines/mail/outbound/engine-fixtures';
import { startMailDns } from '../../api/src/modules/email-accounts/test-peers';
import { startImapPeer } from '../../api/src/test-support/imap-peer';
import type { CampaignMailReply, CampaignMailRequest, CampaignMailWorld } from './campaign-mail-protocol';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const send = (message: CampaignMailReply | ({ type: 'ready' } & CampaignMailWorld)) => process.send!(message);

const peerMailbox = { email: process.env.CAMPAIGN_MAILBOX!, password: process.env.CAMPAIGN_MAILBOX_PASSWORD! };
const trackingDomain = process.env.CAMPAIGN_TRACKING_DOMAIN!;

const base = mkdtempSync(join(tmpdir(), 'leadforge-e2e-campaign-mail-'));
mkdirSync(join(base, 'data'), { recursive: true });
cpSync(join(root, 'environments'), join(base, 'environments'), { recursive: true });

/** What was started, last first: closed on `close`, when the journey's process goes away, or when start-up fails. */
const started: (() => Promise<unknown>)[] = [];
let stopping: Promise<void> | undefined;
function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    for (const close of started.reverse()) await close().catch(() => undefined);
    rmSync(base, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}
// The journey's process is gone (a crash, an interrupted run): Dovecot must not outlive it.
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function start() {
  const smtp = await startRecordingServer({ password: peerMailbox.password });
  started.push(() => smtp.close());
  const imap = await startImapPeer({ users: { [peerMailbox.email]: { password: peerMailbox.password } } });
  started.push(() => imap.stop());
  // The app's own host name is 127.0.0.1 (no PUBLIC_URL): the tracking domain's CNAME names it.
  const dns = await startMailDns({ [trackingDomain]: { cname: '127.0.0.1' } });
  started.push(() => dns.close());

  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(base, 'data'),
    ENVIRONMENTS_DIR: join(base, 'environments'),
    LEADFORGE_ENV: 'local',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_HOST: '',
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    MAIL_ALLOW_PRIVATE: '127.0.0.0/8',
    DNS_SERVERS: dns.servers.join(','),
  });
  const database = await openDatabase({ pgliteDataDir: config.pgliteDataDir });
  started.push(() => database.close());
  await runMigrations(database);
  const app = await buildApp(config, { database });
  started.push(() => app.close());
  await app.listen({ port: 0, host: config.host });
  return { app, smtp, imap, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let world: Awaited<ReturnType<typeof start>>;
try {
  world = await start();
} catch (error) {
  console.error(error);
  await stop(1);
  throw error;
}
const { app, smtp, imap, url } = world;

async function sendCampaignEmail(request: Extract<CampaignMailRequest, { type: 'campaign-email' }>): Promise<CampaignMailReply> {
  // The mailbox as the engines read it: its owner and account.
  const mailbox = await app.services.emailAccounts.connection(request.mailboxId);
  const before = smtp.received.length;
  const enqueued = await app.services.mailEngine.enqueue({
    kind: 'campaign',
    owner: { userId: mailbox.userId, accountId: mailbox.accountId },
    emailAccountId: mailbox.id,
    to: request.to,
    subject: request.subject,
    html: request.html,
    campaign: request.campaign,
    isFirstEmail: request.campaign.step === 1,
    tracking: { opens: true, clicks: true },
    unsubscribe: true,
  });
  if (enqueued.status !== 'queued') return { id: request.id, enqueued, raw: null };
  // The dispatcher job sends it; the reply waits for the server to have it, not for a clock.
  for (let count = before + 1; ; count += 1) {
    await smtp.waitForCount(count);
    const mail = smtp.received[count - 1]!;
    if (mail.to.includes(request.to)) return { id: request.id, enqueued, raw: mail.raw };
  }
}

process.on('message', (request: CampaignMailRequest) => {
  if (request.type === 'close') {
    void stop(0);
    return;
  }
  sendCampaignEmail(request).then(send, (error: unknown) => send({ id: request.id, error: String((error as Error).stack ?? error) }));
});

send({ type: 'ready', url, smtp: { host: '127.0.0.1', port: smtp.port }, imap: { host: '127.0.0.1', port: imap.port } });
