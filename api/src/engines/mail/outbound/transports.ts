/**
 * One pooled nodemailer transport per mailbox, cached for the process: a connection stays open
 * between a mailbox's sends instead of a TLS handshake and a login per message. Sends of one
 * mailbox are serialised here (one message in flight per transport), because the body probe that
 * tells a drop before the body from a drop after it (smtp-outcome.ts) watches one message at a
 * time. A change of the mailbox's connection (fingerprint) closes its transport; so do
 * `forget(mailboxId)` (a mailbox paused or deleted) and `close()` (shutdown). An idle connection
 * closes itself after `idleMs`.
 */
import { PassThrough, type Readable } from 'node:stream';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { CredentialCipher } from '../secrets/credentials';
import {
  DEFAULT_SMTP_TIMEOUTS,
  connectionFingerprint,
  dkimOf,
  transportOptionsOf,
  type MailboxRow,
  type MailboxSecrets,
  type SmtpTimeouts,
} from './mailbox';
import { createBodyProbe, type BodyProbe, type SmtpSendResult } from './smtp-outcome';

/**
 * The mailbox cannot connect at all: its credentials cannot be read, its OAuth grant was revoked,
 * or it has no SMTP server. `reason` is the mailbox's status reason (EMAIL_ACCOUNT_REASON_KEYS).
 */
export class MailboxConnectionError extends Error {
  constructor(
    public readonly reason: 'credentials_unreadable' | 'oauth_revoked' | 'server_error',
    options: { cause: unknown },
  ) {
    super(`the mailbox cannot connect: ${reason}`, options);
    this.name = 'MailboxConnectionError';
  }
}

/**
 * Sends one message once `gate` opens. The envelope (MAIL FROM, RCPT TO, DATA) goes out at once;
 * the body is held until `gate` resolves true — the row is committed as `sending` — and a gate
 * resolving false ends the dialogue without a body, so nothing can be delivered. The database
 * write and the envelope's round trips overlap instead of following each other.
 */
export type Deliver = (message: SendMailOptions, gate: Promise<boolean>, onBodySent?: () => void) => Promise<SmtpSendResult>;

export class GateClosedError extends Error {
  constructor() {
    super('the message was not marked as sending: its body was withheld');
    this.name = 'GateClosedError';
  }
}

function gatedBody(raw: Buffer, gate: Promise<boolean>): Readable {
  const body = new PassThrough();
  gate.then(
    (open) => (open ? body.end(raw) : body.destroy(new GateClosedError())),
    () => body.destroy(new GateClosedError()),
  );
  return body;
}

interface CachedTransport {
  fingerprint: string;
  transport: Transporter<SMTPPool.SentMessageInfo>;
  probe: BodyProbe;
  /** Called once when the body of the message in flight has been written to the socket. */
  onBody: (() => void) | null;
  /** The tail of this mailbox's send chain: the next send starts when it settles. */
  tail: Promise<unknown>;
}

export interface TransportCacheOptions {
  cipher: CredentialCipher;
  timeouts?: SmtpTimeouts;
  /** How long an unused connection stays open. */
  idleMs?: number;
  /** The name said in EHLO; nodemailer's default is the machine's host name. */
  heloName?: string;
}

export class TransportCache {
  private readonly transports = new Map<number, CachedTransport>();
  private readonly timeouts: SmtpTimeouts;
  private readonly idleMs: number;

  constructor(private readonly options: TransportCacheOptions) {
    this.timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
    this.idleMs = options.idleMs ?? 30_000;
  }

  /**
   * Runs `send` with the mailbox's transport once the mailbox's previous send has settled. `send`
   * does its own bookkeeping (marking the row as sending) before it calls `deliver`.
   */
  serialise<T>(mailbox: MailboxRow, secrets: MailboxSecrets, work: (deliver: Deliver) => Promise<T>): Promise<T> {
    let entry: CachedTransport;
    try {
      entry = this.entryFor(mailbox, secrets);
    } catch (error) {
      return Promise.reject(new MailboxConnectionError('server_error', { cause: error }));
    }
    const run = entry.tail.then(() => work((message, gate, onBodySent) => this.deliver(entry, mailbox, message, gate, onBodySent)));
    entry.tail = run.catch(() => undefined);
    return run;
  }

  private async deliver(
    entry: CachedTransport,
    mailbox: MailboxRow,
    message: SendMailOptions,
    gate: Promise<boolean>,
    onBodySent: (() => void) | undefined,
  ): Promise<SmtpSendResult> {
    entry.probe.reset();
    let raw: Buffer;
    try {
      raw = await new MailComposer(message).compile().build();
    } catch (error) {
      // A message that cannot be written is its own fault, for good: EMESSAGE reads as failed.
      return { error: Object.assign(error instanceof Error ? error : new Error(String(error)), { code: 'EMESSAGE' }), bodySent: false };
    }
    entry.onBody = onBodySent ?? null;
    try {
      const dkim = dkimOf(mailbox, this.options.cipher);
      const info = await entry.transport.sendMail({
        // Every To and Cc address (a unibox reply-all), as nodemailer parses an address list.
        envelope: { from: mailbox.email, to: [message.to, message.cc].filter((list) => list !== undefined && list !== '').map(String) },
        raw: gatedBody(raw, gate),
        ...(dkim ? { dkim } : {}),
      });
      return {
        info: { response: info.response, messageId: info.messageId, ...(info.serverMessageId ? { serverMessageId: info.serverMessageId as string } : {}) },
        host: mailbox.smtp_host ?? undefined,
        messageId: typeof message.messageId === 'string' ? message.messageId : undefined,
      };
    } catch (error) {
      return { error, bodySent: entry.probe.bodySent() };
    } finally {
      entry.onBody = null;
    }
  }

  private entryFor(mailbox: MailboxRow, secrets: MailboxSecrets): CachedTransport {
    const fingerprint = connectionFingerprint(mailbox, secrets);
    const cached = this.transports.get(mailbox.id);
    if (cached?.fingerprint === fingerprint) return cached;
    const holder: { entry?: CachedTransport } = {};
    // The probe's own logger sees the body leave; this forward tells the sender at that moment.
    const probe = createBodyProbe({
      info: () => {
        const entry = holder.entry;
        if (!entry?.onBody || !entry.probe.bodySent()) return;
        const fire = entry.onBody;
        entry.onBody = null;
        fire();
      },
    });
    const transport = nodemailer.createTransport(
      transportOptionsOf(mailbox, secrets, {
        timeouts: this.timeouts,
        idleMs: this.idleMs,
        logger: probe.logger,
        name: this.options.heloName,
      }),
    );
    const entry: CachedTransport = { fingerprint, transport, probe, onBody: null, tail: cached?.tail ?? Promise.resolve() };
    holder.entry = entry;
    if (cached) {
      // The old connection finishes what it is sending, then closes.
      const old = cached.transport;
      void cached.tail.then(() => old.close());
    }
    this.transports.set(mailbox.id, entry);
    return entry;
  }

  /** Closes a mailbox's transport (paused, deleted) once its message in flight has settled. */
  forget(mailboxId: number): void {
    const cached = this.transports.get(mailboxId);
    if (!cached) return;
    this.transports.delete(mailboxId);
    void cached.tail.then(() => cached.transport.close());
  }

  get size(): number {
    return this.transports.size;
  }

  /** Waits for every send in flight, then closes every connection. */
  async close(): Promise<void> {
    const entries = [...this.transports.values()];
    this.transports.clear();
    await Promise.all(entries.map((entry) => entry.tail));
    for (const entry of entries) entry.transport.close();
  }
}
