/**
 * One IMAP connection to a mailbox with imapflow, and what a failure to open one means for the
 * mailbox: refused or unusable credentials need the user (status `reconnect`); everything else
 * (DNS, TCP, TLS, a server that drops us) is retried with back-off and shown once it persists.
 *
 * The host is typed by a user, so connecting is a request on their behalf, made as carefully as
 * the connection test of the email-accounts module: the name is resolved once, every address must
 * pass the AddressPolicy (private, loopback, link-local … refused unless MAIL_ALLOW_PRIVATE names
 * the range), and imapflow connects to the vetted address with the name as the TLS server name,
 * so a second resolution can never steer it elsewhere.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { AddressPolicy } from '../../../web-fetch/address-policy';
import { AUTO_IDLE_DELAY_MS, IDLE_REISSUE_MS, LOGOUT_TIMEOUT_MS } from './constants';
import { CredentialKeyUnavailableError, HostNotAllowedError, MissingCredentialsError } from './errors';
import type { ImapSecrets, ImapStatusReason, SyncMailbox } from './types';

export interface ConnectFailure {
  reason: ImapStatusReason;
  /** Only the user can fix it: the mailbox goes to `reconnect` and is not retried. */
  needsUser: boolean;
}

interface ErrorFields {
  code?: unknown;
  authenticationFailed?: unknown;
  tlsFailed?: unknown;
  serverResponseCode?: unknown;
  cause?: unknown;
  _err?: unknown;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);
const TCP_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'NoConnection', 'EConnectionClosed', 'ClosedAfterConnectText', 'ClosedAfterConnectTLS']);

/** Why opening (or keeping) a connection failed, as a key of the email-accounts reason catalogue. */
export function classifyConnectError(error: unknown): ConnectFailure {
  if (error instanceof MissingCredentialsError) return { reason: error.reason, needsUser: true };
  if (error instanceof CredentialKeyUnavailableError) return { reason: 'credentials_unreadable', needsUser: false };
  if (error instanceof HostNotAllowedError) return { reason: 'host_not_allowed', needsUser: false };
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const fields = current as ErrorFields;
    const code = typeof fields.code === 'string' ? fields.code : '';
    const responseCode = typeof fields.serverResponseCode === 'string' ? fields.serverResponseCode.toUpperCase() : '';
    if (fields.authenticationFailed === true || responseCode === 'AUTHENTICATIONFAILED' || responseCode === 'AUTHORIZATIONFAILED') {
      return { reason: 'imap_login', needsUser: true };
    }
    if (fields.tlsFailed === true || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
      return { reason: 'tls', needsUser: false };
    }
    if (DNS_CODES.has(code)) return { reason: 'dns', needsUser: false };
    if (TIMEOUT_CODES.has(code)) return { reason: 'timeout', needsUser: false };
    if (TCP_CODES.has(code)) return { reason: 'tcp', needsUser: false };
    current = fields.cause ?? fields._err;
  }
  return { reason: 'server_error', needsUser: false };
}

export interface ConnectOptions {
  /** CIDR ranges the host may resolve to although private (MAIL_ALLOW_PRIVATE). */
  allowPrivate: readonly string[];
}

/** The one address of `host` to connect to, every address of it having passed the policy. */
async function vettedAddress(host: string, policy: AddressPolicy): Promise<string> {
  const addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  // Every answer must pass, so a name with one public and one private address cannot be steered.
  for (const address of addresses) {
    const refusal = policy.refusal(address);
    if (refusal) throw new HostNotAllowedError(host, address, refusal);
  }
  const chosen = addresses.find((address) => net.isIPv4(address)) ?? addresses[0];
  if (!chosen) throw Object.assign(new Error(`${host} has no address`), { code: 'ENODATA' });
  return chosen;
}

export function clientOptions(mailbox: SyncMailbox, secrets: ImapSecrets, address: string): ImapFlowOptions {
  if (!mailbox.imapHost) throw new Error(`Mailbox ${mailbox.id} has no IMAP host`);
  const user = mailbox.imapUser ?? mailbox.email;
  const auth = secrets.accessToken
    ? { user, accessToken: secrets.accessToken }
    : secrets.imapPassword
      ? { user, pass: secrets.imapPassword }
      : null;
  if (!auth) throw new MissingCredentialsError();
  const security = mailbox.imapSecurity ?? 'tls';
  return {
    host: address,
    // The certificate is checked against the name the user typed, not the address.
    ...(net.isIP(mailbox.imapHost) ? {} : { servername: mailbox.imapHost }),
    port: mailbox.imapPort ?? (security === 'tls' ? 993 : 143),
    secure: security === 'tls',
    // `none` is for loopback test servers and local relays; starttls refuses to go on in clear text.
    doSTARTTLS: security === 'starttls' ? true : security === 'none' ? false : undefined,
    auth,
    logger: false,
    // Never say which library or version we are to the server.
    clientInfo: { name: 'Leadforge' },
    maxIdleTime: IDLE_REISSUE_MS,
    autoIdleDelay: AUTO_IDLE_DELAY_MS,
    missingIdleCommand: 'NOOP',
    connectionTimeout: 30_000,
    greetingTimeout: 20_000,
    socketTimeout: 30 * 60_000,
  };
}

export async function openClient(mailbox: SyncMailbox, secrets: ImapSecrets, options: ConnectOptions): Promise<ImapFlow> {
  if (!mailbox.imapHost) throw new Error(`Mailbox ${mailbox.id} has no IMAP host`);
  const address = await vettedAddress(mailbox.imapHost, new AddressPolicy(options.allowPrivate));
  const client = new ImapFlow(clientOptions(mailbox, secrets, address));
  // An error after connect() resolved closes the connection; the session notices by the close.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** LOGOUT, or a plain close when the server does not answer in time (or the connection is gone). */
export async function closeClient(client: ImapFlow): Promise<void> {
  if (client.isClosed || !client.usable) {
    client.close();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.logout(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, LOGOUT_TIMEOUT_MS);
      }),
    ]);
  } catch {
    // The connection is closed below either way.
  } finally {
    clearTimeout(timer);
    client.close();
  }
}
