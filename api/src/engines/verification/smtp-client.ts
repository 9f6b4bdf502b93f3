/**
 * A minimal SMTP dialogue client for probing: connect, EHLO (HELO fallback), MAIL FROM, RCPT TO
 * (several), RSET, QUIT, never DATA. Hand-written because nodemailer's `smtp-connection` only
 * exposes a whole send (envelope + DATA), with no way to stop after RCPT and read each reply; a
 * probe must never start a message. Every wait has a deadline: connect and each command.
 */
import { Socket, connect } from 'node:net';

export interface SmtpReply {
  code: number;
  /** RFC 3463 enhanced status (5.1.1) when the server gave one. */
  enhanced: string | null;
  /** The reply text without code and enhanced status, lines joined by a space. */
  text: string;
}

/** Why a dialogue ended without a reply. */
export type SmtpFailureKind = 'connect_timeout' | 'connect_failed' | 'command_timeout' | 'dropped';

export class SmtpFailure extends Error {
  constructor(public readonly kind: SmtpFailureKind, message: string) {
    super(message);
    this.name = 'SmtpFailure';
  }
}

export interface SmtpDialogueOptions {
  host: string;
  port: number;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
}

const ENHANCED = /^([245]\.\d{1,3}\.\d{1,3})\s*/;
/** A reply line longer than this is a broken or hostile server (RFC 5321: 512 octets). */
const MAX_LINE = 4_096;

export class SmtpDialogue {
  private socket: Socket | null = null;
  private buffer = '';
  private lines: string[] = [];
  private waiter: { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void } | null = null;
  private failure: SmtpFailure | null = null;
  /** Text lines of the last reply read (EHLO lists its extensions one per line). */
  private lastLines: string[] = [];
  private extensionNames = new Set<string>();

  constructor(private readonly options: SmtpDialogueOptions) {}

  get open(): boolean {
    return this.socket !== null && this.failure === null;
  }

  /** Connects and reads the greeting. */
  async connect(): Promise<SmtpReply> {
    const { host, port, connectTimeoutMs } = this.options;
    const socket = connect({ host, port });
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    // Cancellation is the caller's: one listener per job closes its dialogues (abort()), because a
    // listener per session on the job's signal trips Node's MaxListenersExceededWarning.
    socket.on('data', (chunk: string) => this.receive(chunk));
    socket.on('error', (error) => this.fail(new SmtpFailure('dropped', error.message)));
    socket.on('close', () => this.fail(new SmtpFailure('dropped', 'connection closed by the server')));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new SmtpFailure('connect_timeout', `connect to ${host}:${port} timed out`));
      }, connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(new SmtpFailure('connect_failed', error.message));
      });
      // Closed before connecting (an abort): settles at once instead of at the deadline.
      socket.once('close', () => {
        clearTimeout(timer);
        reject(this.failure ?? new SmtpFailure('connect_failed', 'closed before connecting'));
      });
    });
    // The greeting counts as the first command's reply (servers that tarpit delay it).
    return this.read();
  }

  async ehlo(name: string): Promise<SmtpReply> {
    const reply = await this.command(`EHLO ${name}`);
    if (reply.code >= 500 && reply.code < 600) return this.command(`HELO ${name}`);
    // The first line greets; each further line names one extension (RFC 5321 §4.1.1.1).
    if (reply.code === 250) this.extensionNames = new Set(this.lastLines.slice(1).map((line) => line.split(' ')[0]!.toUpperCase()));
    return reply;
  }

  /** ESMTP extensions the server announced in its EHLO answer (upper case). */
  get extensions(): ReadonlySet<string> {
    return this.extensionNames;
  }

  /** MAIL FROM; `smtpUtf8` asks for RFC 6531 handling (needed before an internationalised RCPT). */
  mailFrom(address: string, options: { smtpUtf8?: boolean } = {}): Promise<SmtpReply> {
    return this.command(`MAIL FROM:<${address}>${options.smtpUtf8 ? ' SMTPUTF8' : ''}`);
  }

  rcptTo(address: string): Promise<SmtpReply> {
    return this.command(`RCPT TO:<${address}>`);
  }

  rset(): Promise<SmtpReply> {
    return this.command('RSET');
  }

  /** Polite goodbye; errors are irrelevant at this point. */
  async quit(): Promise<void> {
    if (this.open) {
      try {
        await this.command('QUIT');
      } catch {
        // The server may close first.
      }
    }
    this.close();
  }

  close(): void {
    this.socket?.destroy();
    this.fail(new SmtpFailure('dropped', 'closed'));
  }

  /** The job was cancelled: any pending command fails at once. */
  abort(): void {
    this.fail(new SmtpFailure('dropped', 'aborted'));
    this.socket?.destroy();
  }

  async command(line: string): Promise<SmtpReply> {
    if (!this.socket || this.failure) throw this.failure ?? new SmtpFailure('dropped', 'not connected');
    // CR/LF inside a command would smuggle a second command (DATA) into the dialogue.
    if (/[\r\n]/.test(line)) throw new Error('SMTP command contains a line break');
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  private read(): Promise<SmtpReply> {
    const ready = this.takeReply();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<SmtpReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const failure = new SmtpFailure('command_timeout', `no reply within ${this.options.commandTimeoutMs} ms`);
        this.fail(failure);
        this.socket?.destroy();
        reject(failure);
      }, this.options.commandTimeoutMs);
      this.waiter = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let index: number;
    while ((index = this.buffer.indexOf('\n')) >= 0) {
      this.lines.push(this.buffer.slice(0, index).replace(/\r$/, ''));
      this.buffer = this.buffer.slice(index + 1);
    }
    if (this.buffer.length > MAX_LINE) {
      this.fail(new SmtpFailure('dropped', 'reply line too long'));
      this.socket?.destroy();
      return;
    }
    const reply = this.waiter ? this.takeReply() : null;
    if (reply && this.waiter) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter.resolve(reply);
    }
  }

  /** A complete (possibly multi-line) reply from the lines read so far. */
  private takeReply(): SmtpReply | null {
    const end = this.lines.findIndex((line) => /^\d{3}(?: |$)/.test(line) || !/^\d{3}-/.test(line));
    if (end < 0) return null;
    const replyLines = this.lines.splice(0, end + 1);
    const last = replyLines[replyLines.length - 1]!;
    const code = Number.parseInt(last.slice(0, 3), 10);
    if (!Number.isFinite(code) || code < 200 || code > 599) {
      this.fail(new SmtpFailure('dropped', `not an SMTP reply: ${last.slice(0, 80)}`));
      this.socket?.destroy();
      return { code: 554, enhanced: null, text: 'malformed reply' };
    }
    const texts = replyLines.map((line) => line.slice(4));
    this.lastLines = texts;
    const enhanced = ENHANCED.exec(texts[0] ?? '')?.[1] ?? null;
    const text = texts.map((part) => part.replace(ENHANCED, '')).join(' ').trim();
    return { code, enhanced, text };
  }

  private fail(failure: SmtpFailure): void {
    if (!this.failure) this.failure = failure;
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter.reject(this.failure);
    }
  }
}
