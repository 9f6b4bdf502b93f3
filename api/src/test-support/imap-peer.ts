/**
 * A real IMAP server on loopback for tests and benches: Dovecot from Debian's packages
 * (`apt-get install -y dovecot-imapd`), started by the test and stopped by it.
 *
 *   const peer = await startImapPeer({ users: { ada: { password: 'pw', folders: { INBOX: [eml], Junk: [dsn] } } } });
 *   // or: startImapPeer({ users: [{ user: 'ada', password: 'pw' }], folders: ['Junk'] })
 *   // peer.host, peer.port; IMAP without TLS, AUTH PLAIN/LOGIN
 *   await peer.append('ada', 'INBOX', raw);    // a new message, delivered while clients watch (IDLE sees it)
 *   await peer.stop();
 *
 * How it runs without any system daemon:
 * - one Dovecot master per peer in the foreground (`dovecot -F -c <temp config>`), a child of the
 *   test process; `stop()` (or the test process ending) takes it and its children down;
 * - everything under a fresh temporary folder: `base_dir` (sockets, pid), `state_dir`, the log
 *   (Dovecot's stderr, kept for error messages), a `passwd-file` that is both the password and the
 *   user database (plain-text passwords: test users only), and each user's Maildir under `home/`;
 * - as root it drops privileges as a packaged Dovecot does (login processes as `dovenull`,
 *   internal ones as `dovecot`, the mailboxes as `nobody`, whose home folders are handed over to
 *   it); as another user every process runs as that user and no chroot is used;
 * - no TLS (`ssl = no`), plain-text logins allowed, no failed-login delay nor per-IP auth
 *   penalty (a wrong password in one test must not slow the next test's login), new mail noticed
 *   within a second (`mailbox_idle_check_interval`) so IDLE clients hear of it at once;
 * - the initial messages are written straight into the Maildirs before start (fast for a
 *   10,000-message mailbox); `append` goes through IMAP APPEND, as a delivery would.
 *
 * `capabilities` replaces the advertised list (e.g. without IDLE, for a polling fallback test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export interface ImapPeerUser {
  password: string;
  /** Folder name (`INBOX`, `Junk`, `Archive/2024`, …) → raw RFC 5322 messages, oldest first. */
  folders?: Record<string, readonly (string | Buffer)[]>;
}

/** A user written as a list entry (`{ user, password }`), the other accepted form. */
export interface ImapPeerAccount extends ImapPeerUser {
  user: string;
}

export interface ImapPeerOptions {
  /** By name (`{ ada: { password } }`) or as a list (`[{ user: 'ada', password }]`). */
  users: Record<string, ImapPeerUser> | readonly ImapPeerAccount[];
  /** Folders every user gets, empty (besides INBOX and those given per user). */
  folders?: readonly string[];
  /** The whole CAPABILITY list to advertise instead of Dovecot's own. */
  capabilities?: string;
  /** How long start-up may take before the peer gives up (ms). */
  startTimeoutMs?: number;
}

export interface ImapPeer {
  host: string;
  port: number;
  /** Delivers one message into a user's folder (created if missing); answers its UID. */
  append(user: string, folder: string, raw: string | Buffer): Promise<number>;
  createFolder(user: string, folder: string): Promise<void>;
  /** Removes a folder and its messages (a "vanished folder"; create it again for a new UIDVALIDITY). */
  deleteFolder(user: string, folder: string): Promise<void>;
  /** What Dovecot logged so far (failed logins, errors). */
  log(): string;
  stop(): Promise<void>;
}

export function isDovecotAvailable(): boolean {
  return existsSync(DOVECOT_BINARY);
}

interface Identity {
  uid: number;
  gid: number;
  loginUser: string;
  internalUser: string;
}

function passwdEntry(name: string): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[0] === name);
  if (!line) return null;
  const fields = line.split(':');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function groupName(gid: number): string {
  const line = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((entry) => Number(entry.split(':')[2]) === gid && entry.includes(':'));
  return line?.split(':')[0] ?? String(gid);
}

/** Who the mail processes run as: `nobody` under root (Dovecot refuses uid 0 for mail), else the current user. */
function identity(): Identity {
  const me = os.userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, loginUser: me.username, internalUser: me.username };
  const nobody = passwdEntry('nobody') ?? { uid: 65_534, gid: 65_534 };
  for (const user of ['dovecot', 'dovenull']) {
    if (!passwdEntry(user)) throw new Error(`the system user ${user} is missing: install Dovecot with apt-get install -y dovecot-imapd`);
  }
  return { uid: nobody.uid, gid: nobody.gid, loginUser: 'dovenull', internalUser: 'dovecot' };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Maildir++ folder of a mailbox name: INBOX is the Maildir itself, `A/B` is `.A.B`. */
function maildirOf(home: string, folder: string): string {
  const root = path.join(home, 'Maildir');
  return folder.toUpperCase() === 'INBOX' ? root : path.join(root, `.${folder.replace(/\//g, '.')}`);
}

function configText(dir: string, port: number, who: Identity, capabilities: string | undefined): string {
  const nonRoot = os.userInfo().uid !== 0;
  return `# Written by api/src/test-support/imap-peer.ts for one test run.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${who.internalUser}
default_internal_group = ${nonRoot ? groupName(os.userInfo().gid) : 'dovecot'}
default_login_user = ${who.loginUser}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:~/Maildir
mail_max_userip_connections = 200
mailbox_idle_check_interval = 1 secs
${capabilities ? `imap_capability = ${capabilities}` : ''}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
  }
  mailbox Junk {
    special_use = \\Junk
  }
  mailbox Sent {
    special_use = \\Sent
  }
  mailbox Trash {
    special_use = \\Trash
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
${nonRoot ? '  chroot =\n' : ''}}
service anvil {
${nonRoot ? '  chroot =\n' : ''}  # No auth penalty: a test's wrong-password login must not slow the next test's right one.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;
}

async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await chown(target, uid, gid);
  if (!(await stat(target)).isDirectory()) return;
  for (const entry of await readdir(target)) await chownTree(path.join(target, entry), uid, gid);
}

/** Resolves once the master has started its services, or rejects with its log when it exits first. */
function started(child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`Dovecot did not start within ${timeoutMs} ms:\n${log()}`)), timeoutMs);
    const onData = () => {
      if (/starting up/.test(log())) done();
    };
    const onExit = (code: number | null) => done(new Error(`Dovecot exited (${code}) before it started:\n${log()}`));
    function done(error?: Error) {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    onData();
  });
}

/** Waits for the IMAP greeting, so the first client of the test never races the listener. */
function greeted(port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error('Dovecot accepted no IMAP connection in time'));
    });
    socket.once('data', (chunk) => {
      socket.end('a LOGOUT\r\n');
      if (chunk.toString('latin1').startsWith('* OK')) resolve();
      else reject(new Error(`unexpected IMAP greeting: ${chunk.toString('latin1').slice(0, 200)}`));
    });
    socket.once('error', reject);
  });
}

export async function startImapPeer(options: ImapPeerOptions): Promise<ImapPeer> {
  if (!isDovecotAvailable()) throw new Error(`${DOVECOT_BINARY} is missing: apt-get install -y dovecot-imapd`);
  const who = identity();
  const timeoutMs = options.startTimeoutMs ?? 15_000;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-imap-peer-'));
  // Login and mail processes (other users under root) must be able to enter the folder.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'run'), { recursive: true });
  await mkdir(path.join(dir, 'state'), { recursive: true });
  const homes = path.join(dir, 'home');
  await mkdir(homes, { recursive: true });

  const users: Record<string, ImapPeerUser> = Array.isArray(options.users)
    ? Object.fromEntries((options.users as readonly ImapPeerAccount[]).map(({ user, ...rest }) => [user, rest]))
    : (options.users as Record<string, ImapPeerUser>);
  const passwd: string[] = [];
  for (const [name, user] of Object.entries(users)) {
    if (!/^[a-z0-9._@+-]+$/i.test(name) || /[:\n]/.test(user.password)) throw new Error(`unusable test user or password: ${name}`);
    const home = path.join(homes, name);
    passwd.push(`${name}:{PLAIN}${user.password}:${who.uid}:${who.gid}::${home}::`);
    const folders: Record<string, readonly (string | Buffer)[]> = { INBOX: [], ...Object.fromEntries((options.folders ?? []).map((folder) => [folder, []])), ...user.folders };
    for (const [folder, messages] of Object.entries(folders)) {
      const maildir = maildirOf(home, folder);
      for (const sub of ['cur', 'new', 'tmp']) await mkdir(path.join(maildir, sub), { recursive: true });
      // Zero-padded names keep the delivery order, which becomes the UID order.
      for (const [index, message] of messages.entries()) {
        await writeFile(path.join(maildir, 'new', `${String(1_000_000_000 + index)}.M${index}P${process.pid}.leadforge-peer`), message);
      }
    }
  }
  await writeFile(path.join(dir, 'passwd'), `${passwd.join('\n')}\n`, { mode: 0o644 });
  await chownTree(homes, who.uid, who.gid);

  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const configFile = path.join(dir, 'dovecot.conf');
    await writeFile(configFile, configText(dir, port, who, options.capabilities));
    const chunks: string[] = [];
    const log = () => chunks.join('');
    const child = spawn(DOVECOT_BINARY, ['-F', '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await started(child, log, timeoutMs);
      await greeted(port, timeoutMs);
    } catch (error) {
      lastError = error;
      child.kill('SIGKILL');
      await exited;
      continue;
    }

    const session = async <T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
      const entry = users[user];
      if (!entry) throw new Error(`no such test user: ${user}`);
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user, pass: entry.password }, logger: false, disableAutoIdle: true });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.logout().catch(() => client.close());
      }
    };
    const ensureFolder = async (client: ImapFlow, folder: string) => {
      if (folder.toUpperCase() === 'INBOX') return;
      const existing = await client.list();
      if (!existing.some((mailbox) => mailbox.path === folder)) await client.mailboxCreate(folder);
    };
    let stopped = false;

    return {
      host: '127.0.0.1',
      port,
      log,
      append: (user, folder, raw) =>
        session(user, async (client) => {
          await ensureFolder(client, folder);
          const answer = await client.append(folder, typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw);
          if (!answer || typeof answer.uid !== 'number') throw new Error(`APPEND to ${folder} answered no UID`);
          return answer.uid;
        }),
      createFolder: (user, folder) => session(user, (client) => ensureFolder(client, folder)),
      deleteFolder: (user, folder) =>
        session(user, async (client) => {
          await client.mailboxDelete(folder);
        }),
      async stop() {
        if (stopped) return;
        stopped = true;
        child.kill('SIGTERM');
        await exited;
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw lastError instanceof Error ? lastError : new Error('Dovecot could not be started');
}
