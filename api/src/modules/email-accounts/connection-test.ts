/**
 * Tries a mailbox's SMTP and IMAP servers step by step and names the first step that fails:
 *
 *   SMTP: dns → tcp → tls → smtp_auth            (nodemailer `verify()`)
 *   IMAP: dns → tcp → tls → imap_login → imap_select   (imapflow: connect + login, open INBOX)
 *
 * The servers are typed by users, so this is an outbound request on their behalf and as careful
 * as the web fetcher: the name is resolved once (through DNS_SERVERS when set), every address is
 * checked by the same AddressPolicy (private, loopback, link-local, … refused unless
 * MAIL_ALLOW_PRIVATE names the range), and the libraries connect to the vetted address itself,
 * with the name only as the TLS server name, so a second resolution can never steer them
 * elsewhere. Each step has its own deadline (MAILBOX_DEFAULTS.connectionStepTimeoutMs).
 *
 * Passwords and tokens go to the servers only: details are the servers' reply lines or network
 * errors, scrubbed of any secret that was sent, and neither library is given a logger.
 */
import { Resolver, lookup } from 'node:dns/promises';
import net from 'node:net';
import { MAILBOX_DEFAULTS, type ConnectionStep, type ConnectionStepResult, type ConnectionTestResult, type ErrorKey, type MailSecurity, type MailServerKind } from '@leadforge/contracts';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { AddressPolicy } from '../../engines/web-fetch/address-policy';

export type ServerAuth = { pass: string } | { accessToken: string };

/** One server to try, with its secret. */
export interface ServerTarget {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  auth: ServerAuth;
}

export interface ConnectionTesterOptions {
  /** `host:port` resolvers; empty: the system's. */
  dnsServers: readonly string[];
  /** CIDR ranges allowed although private (MAIL_ALLOW_PRIVATE). */
  allowPrivate: readonly string[];
  stepTimeoutMs?: number;
}

interface StepFailure {
  step: ConnectionStep;
  errorKey: ErrorKey;
  detail?: string;
}

const DETAIL_MAX = 500;

/** TLS trouble as Node, OpenSSL and the two libraries report it. */
function isTlsError(error: unknown): boolean {
  const { code, message, library } = (error ?? {}) as { code?: unknown; message?: unknown; library?: unknown };
  if (library === 'SSL routines') return true;
  if (typeof code === 'string' && /^(ERR_SSL|ERR_TLS|ETLS$|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY))/.test(code)) return true;
  return typeof message === 'string' && /\b(ssl|tls|starttls|certificate|self[- ]signed|handshake)\b/i.test(message);
}

function isTimeout(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /TIMEOUT|ETIMEDOUT/i.test(code)) return true;
  return typeof message === 'string' && /timed? ?out|never received/i.test(message);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs `work` with a deadline; the loser's rejection is swallowed. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export class ConnectionTester {
  private readonly policy: AddressPolicy;
  private readonly resolver: Resolver | null;
  private readonly stepTimeoutMs: number;

  constructor(options: ConnectionTesterOptions) {
    this.policy = new AddressPolicy(options.allowPrivate);
    this.stepTimeoutMs = options.stepTimeoutMs ?? MAILBOX_DEFAULTS.connectionStepTimeoutMs;
    if (options.dnsServers.length > 0) {
      this.resolver = new Resolver({ timeout: Math.min(this.stepTimeoutMs, 5_000), tries: 2 });
      this.resolver.setServers([...options.dnsServers]);
    } else {
      this.resolver = null;
    }
  }

  /** Both servers at once; each stops at its first failure. `failed` is SMTP's before IMAP's. */
  async test(servers: { smtp?: ServerTarget | undefined; imap?: ServerTarget | undefined }): Promise<ConnectionTestResult> {
    const [smtp, imap] = await Promise.all([
      servers.smtp ? this.run('smtp', servers.smtp) : Promise.resolve([]),
      servers.imap ? this.run('imap', servers.imap) : Promise.resolve([]),
    ]);
    const steps = [...smtp, ...imap];
    const failed = steps.find((step) => !step.ok) ?? null;
    return { ok: failed === null, failed, steps };
  }

  private async run(server: MailServerKind, target: ServerTarget): Promise<ConnectionStepResult[]> {
    const steps: ConnectionStepResult[] = [];
    const secrets = 'pass' in target.auth ? [target.auth.pass] : [target.auth.accessToken];
    const scrub = (text: string) => secrets.reduce((out, secret) => (secret ? out.split(secret).join('[redacted]') : out), text).slice(0, DETAIL_MAX);
    let started = Date.now();
    const pass = (step: ConnectionStep) => {
      steps.push({ server, step, ok: true, ms: Date.now() - started });
      started = Date.now();
    };
    const fail = (failure: StepFailure) => {
      steps.push({
        server,
        step: failure.step,
        ok: false,
        errorKey: failure.errorKey,
        ...(failure.detail ? { detail: scrub(failure.detail) } : {}),
        ms: Date.now() - started,
      });
    };

    const resolved = await this.resolve(target.host);
    if ('failure' in resolved) {
      fail(resolved.failure);
      return steps;
    }
    pass('dns');

    const tcp = await this.tcp(resolved.address, target.port);
    if (tcp) {
      fail(tcp);
      return steps;
    }
    pass('tcp');

    const outcome = server === 'smtp' ? await this.smtp(resolved.address, target) : await this.imap(resolved.address, target);
    for (const step of outcome.passed) pass(step);
    if (outcome.failure) fail(outcome.failure);
    return steps;
  }

  private async resolve(host: string): Promise<{ address: string } | { failure: StepFailure }> {
    let addresses: string[];
    if (net.isIP(host)) {
      addresses = [host];
    } else {
      try {
        addresses = await withDeadline(this.lookup(host), this.stepTimeoutMs);
      } catch (error) {
        return { failure: { step: 'dns', errorKey: isTimeout(error) ? 'mail_timeout' : 'mail_dns_failed', detail: `${host}: ${codeOf(error) ?? 'no address'}` } };
      }
      if (addresses.length === 0) return { failure: { step: 'dns', errorKey: 'mail_dns_failed', detail: `${host}: no address` } };
    }
    // Every answer must pass, so a name with one public and one private address cannot be steered.
    for (const address of addresses) {
      const refusal = this.policy.refusal(address);
      if (refusal) return { failure: { step: 'dns', errorKey: 'mail_host_not_allowed', detail: `${host} → ${address} (${refusal})` } };
    }
    return { address: addresses.find((address) => net.isIPv4(address)) ?? addresses[0]! };
  }

  private async lookup(host: string): Promise<string[]> {
    if (!this.resolver) return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    const found = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
    if (found.length === 0 && v4.status === 'rejected') throw v4.reason;
    return found;
  }

  private tcp(address: string, port: number): Promise<StepFailure | null> {
    return new Promise((resolve) => {
      const socket = net.connect({ host: address, port });
      const finish = (failure: StepFailure | null) => {
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.destroy();
        resolve(failure);
      };
      socket.setTimeout(this.stepTimeoutMs, () => finish({ step: 'tcp', errorKey: 'mail_timeout', detail: `${address}:${port}: no answer within ${this.stepTimeoutMs} ms` }));
      socket.once('connect', () => finish(null));
      socket.once('error', (error) => finish({ step: 'tcp', errorKey: 'mail_tcp_failed', detail: `${address}:${port}: ${codeOf(error) ?? error.message}` }));
    });
  }

  private async smtp(address: string, target: ServerTarget): Promise<{ passed: ConnectionStep[]; failure?: StepFailure }> {
    const secured: ConnectionStep[] = target.security === 'none' ? [] : ['tls'];
    const transport = nodemailer.createTransport({
      host: address,
      port: target.port,
      secure: target.security === 'tls',
      requireTLS: target.security === 'starttls',
      ignoreTLS: target.security === 'none',
      // The certificate is checked against the name the user typed, not the address dialled.
      tls: { ...(net.isIP(target.host) ? {} : { servername: target.host }), rejectUnauthorized: true },
      auth: 'pass' in target.auth ? { user: target.user, pass: target.auth.pass } : { type: 'OAuth2', user: target.user, accessToken: target.auth.accessToken },
      connectionTimeout: this.stepTimeoutMs,
      greetingTimeout: this.stepTimeoutMs,
      socketTimeout: this.stepTimeoutMs,
      logger: false,
      debug: false,
    });
    try {
      await withDeadline(transport.verify(), this.stepTimeoutMs * 2);
      return { passed: [...secured, 'smtp_auth'] };
    } catch (error) {
      const { code, response, message } = error as { code?: string; response?: string; message?: string };
      const detail = response ?? message;
      if (code === 'EAUTH') return { passed: secured, failure: { step: 'smtp_auth', errorKey: 'mail_smtp_auth_failed', ...(detail ? { detail } : {}) } };
      if (target.security !== 'none' && (code === 'ETLS' || isTlsError(error))) return { passed: [], failure: { step: 'tls', errorKey: 'mail_tls_failed', ...(detail ? { detail } : {}) } };
      if (isTimeout(error)) return { passed: [], failure: { step: secured[0] ?? 'smtp_auth', errorKey: 'mail_timeout', ...(detail ? { detail } : {}) } };
      return { passed: secured, failure: { step: 'smtp_auth', errorKey: 'mail_server_error', ...(detail ? { detail } : {}) } };
    } finally {
      transport.close();
    }
  }

  private async imap(address: string, target: ServerTarget): Promise<{ passed: ConnectionStep[]; failure?: StepFailure }> {
    const secured: ConnectionStep[] = target.security === 'none' ? [] : ['tls'];
    const client = new ImapFlow({
      host: address,
      port: target.port,
      secure: target.security === 'tls',
      // STARTTLS is required when chosen and never attempted with `none` (no silent downgrade either way).
      doSTARTTLS: target.security === 'starttls' ? true : target.security === 'none' ? false : undefined,
      ...(net.isIP(target.host) ? {} : { servername: target.host }),
      tls: { rejectUnauthorized: true },
      auth: 'pass' in target.auth ? { user: target.user, pass: target.auth.pass } : { user: target.user, accessToken: target.auth.accessToken },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: this.stepTimeoutMs,
      greetingTimeout: this.stepTimeoutMs,
      socketTimeout: this.stepTimeoutMs,
    });
    client.on('error', () => undefined);
    try {
      try {
        await withDeadline(client.connect(), this.stepTimeoutMs * 2);
      } catch (error) {
        const { authenticationFailed, responseText, message } = error as { authenticationFailed?: boolean; responseText?: string; message?: string };
        const detail = responseText ?? message;
        if (authenticationFailed) return { passed: secured, failure: { step: 'imap_login', errorKey: 'mail_imap_login_failed', ...(detail ? { detail } : {}) } };
        if (target.security !== 'none' && isTlsError(error)) return { passed: [], failure: { step: 'tls', errorKey: 'mail_tls_failed', ...(detail ? { detail } : {}) } };
        if (isTimeout(error)) return { passed: [], failure: { step: secured[0] ?? 'imap_login', errorKey: 'mail_timeout', ...(detail ? { detail } : {}) } };
        return { passed: secured, failure: { step: 'imap_login', errorKey: 'mail_server_error', ...(detail ? { detail } : {}) } };
      }
      try {
        await withDeadline(client.mailboxOpen('INBOX', { readOnly: true }), this.stepTimeoutMs);
      } catch (error) {
        const { responseText, message } = error as { responseText?: string; message?: string };
        const detail = responseText ?? message;
        return {
          passed: [...secured, 'imap_login'],
          failure: { step: 'imap_select', errorKey: isTimeout(error) ? 'mail_timeout' : 'mail_imap_select_failed', ...(detail ? { detail } : {}) },
        };
      }
      return { passed: [...secured, 'imap_login', 'imap_select'] };
    } finally {
      await withDeadline(client.logout(), this.stepTimeoutMs).catch(() => client.close());
    }
  }
}
