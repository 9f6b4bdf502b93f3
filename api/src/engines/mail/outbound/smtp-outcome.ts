/**
 * What one SMTP send came to, read from nodemailer's answer or error: sent, retry, failed or
 * unknown. The rule that matters most is the last one: once the body has left, only the
 * server's answer to it says whether the message was accepted, so a time-out or a dropped
 * connection at that point is `unknown` and must never be retried blindly (a retry could deliver
 * the message twice). Any reply code, at any step, is an answer: 4yz and 421 refuse for now,
 * 5yz refuse for good (RFC 5321 §4.2.1), and the enhanced status (RFC 3463) tells whose fault.
 */

/** The step a send failed at. `message` is the wait for the answer to the body (after the final dot). */
export type SmtpStep = 'CONN' | 'EHLO' | 'STARTTLS' | 'AUTH' | 'MAIL FROM' | 'RCPT TO' | 'DATA' | 'message' | 'API';

/**
 * Whose problem a refusal is. `mailbox`: the sending account or its server (wrong password,
 * sender refused, TLS required) — pause the mailbox rather than fail every queued message
 * the same way. `recipient`: the address. `message`: the content (size, policy, spam).
 */
export type SmtpFaultScope = 'mailbox' | 'recipient' | 'message';

export interface SmtpReplyDetail {
  step: SmtpStep;
  /** The basic reply code (550), null when the server gave no answer. */
  code: number | null;
  /** RFC 3463 enhanced status (5.1.1) when the server gave one. */
  enhanced: string | null;
  /** The server's reply or, without one, nodemailer's description; for people, never parsed again. */
  reason: string;
}

export type SendOutcome =
  | {
      status: 'sent';
      /** The final 250 reply. */
      response: string;
      /**
       * The Message-ID the provider gave the message instead of ours (Outlook, SES), with its
       * angle brackets; null when the reply names none or names ours. Replies and bounces refer
       * to this one, so the inbound matcher must know both.
       */
      providerMessageId: string | null;
      /** The server's queue id ("queued as 4Fx…", "id=1r…", SES's bare id) for support requests. */
      queueId: string | null;
    }
  | ({ status: 'retry'; scope: SmtpFaultScope } & SmtpReplyDetail)
  | ({
      status: 'failed';
      scope: SmtpFaultScope;
      /** A 5.1.x about the recipient: the address goes on the no-send list. */
      suppress: boolean;
    } & SmtpReplyDetail)
  | ({ status: 'unknown' } & SmtpReplyDetail);

/** What nodemailer resolves `sendMail` with (the fields read here). */
export interface SmtpSentInfo {
  response?: string;
  messageId?: string;
  /** Set by nodemailer itself for the Outlook and SES replies it recognises. */
  serverMessageId?: string;
}

export type SmtpSendResult =
  | {
      info: SmtpSentInfo;
      /** The SMTP host, which tells an SES answer from another bare id. */
      host?: string;
      /** Our own Message-ID, so an echo of it is not taken for a rewrite. */
      messageId?: string;
    }
  | {
      error: unknown;
      /** Whether the body had been written to the socket (createBodyProbe); decides retry versus unknown. */
      bodySent: boolean;
    };

const ENHANCED = /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})\b/;
const REPLY_CODE = /^([2-5]\d{2})(?:[ -]|$)/;

/** The RFC 3463 enhanced status of an SMTP reply line ("550 5.1.1 …" → "5.1.1"), or null. */
export function parseEnhancedStatus(response: string): string | null {
  return ENHANCED.exec(response.trim())?.[1] ?? null;
}

interface NodemailerErrorFields {
  code: string | null;
  command: string | null;
  response: string | null;
  responseCode: number | null;
  message: string;
}

function readError(error: unknown): NodemailerErrorFields {
  if (typeof error !== 'object' || error === null) {
    return { code: null, command: null, response: null, responseCode: null, message: String(error) };
  }
  const fields = error as Record<string, unknown>;
  const response = typeof fields.response === 'string' && fields.response.trim() !== '' ? fields.response.trim() : null;
  let responseCode =
    typeof fields.responseCode === 'number' && Number.isInteger(fields.responseCode) ? fields.responseCode : null;
  if (responseCode === null && response !== null) {
    const match = REPLY_CODE.exec(response);
    if (match) responseCode = Number(match[1]);
  }
  return {
    code: typeof fields.code === 'string' ? fields.code : null,
    command: typeof fields.command === 'string' ? fields.command : null,
    response,
    responseCode,
    message: typeof fields.message === 'string' ? fields.message : 'send failed',
  };
}

/** nodemailer's `command` (AUTH PLAIN, HELO, LHLO, RSET…) as one of our steps. */
function stepOf(fields: NodemailerErrorFields, bodySent: boolean): SmtpStep {
  // EMESSAGE with a reply is the answer to the body itself ("Message failed", command DATA).
  if (bodySent || (fields.code === 'EMESSAGE' && fields.responseCode !== null && fields.command === 'DATA')) return 'message';
  const command = (fields.command ?? '').toUpperCase();
  if (command.startsWith('AUTH')) return 'AUTH';
  if (command === 'EHLO' || command === 'HELO' || command === 'LHLO') return 'EHLO';
  if (command === 'STARTTLS') return 'STARTTLS';
  if (command === 'MAIL FROM') return 'MAIL FROM';
  if (command === 'RCPT TO') return 'RCPT TO';
  if (command === 'DATA') return 'DATA';
  if (command === 'API') return 'API';
  return 'CONN';
}

function scopeOfReply(step: SmtpStep, enhanced: string | null): SmtpFaultScope {
  if (step === 'CONN' || step === 'EHLO' || step === 'STARTTLS' || step === 'AUTH' || step === 'MAIL FROM') return 'mailbox';
  // X.1.7 and X.1.8 are about the sender's address, not the recipient's.
  if (enhanced !== null && /^[45]\.1\.[78]$/.test(enhanced)) return 'mailbox';
  if (step === 'RCPT TO') return 'recipient';
  if (enhanced !== null && /^[45]\.1\./.test(enhanced)) return 'recipient';
  if (enhanced !== null && /^[45]\.2\.[12]$/.test(enhanced)) return 'recipient';
  return 'message';
}

/**
 * Errors nodemailer raises itself, before any server answer, that a retry would only repeat:
 * missing credentials, TLS it cannot have, an envelope without a usable address, a message over
 * the server's advertised size.
 */
const OUR_OWN_FAULTS = new Map<string, SmtpFaultScope>([
  ['EAUTH', 'mailbox'],
  ['ENOAUTH', 'mailbox'],
  ['EREQUIRETLS', 'mailbox'],
  ['ECONFIG', 'mailbox'],
  ['EENVELOPE', 'message'],
  ['EMESSAGE', 'message'],
  ['EMAXRECIPIENTS', 'message'],
  ['EFILEACCESS', 'message'],
  ['EURLACCESS', 'message'],
]);

function classifyError(error: unknown, bodySent: boolean): SendOutcome {
  const fields = readError(error);
  const step = stepOf(fields, bodySent);
  const enhanced = fields.response !== null ? parseEnhancedStatus(fields.response) : null;
  const code = fields.responseCode;
  const reason = fields.response ?? fields.message;
  const detail: SmtpReplyDetail = { step, code, enhanced, reason };

  if (code !== null && code >= 400) {
    const scope = scopeOfReply(step, enhanced);
    // 503 is "bad sequence of commands": the session was in the wrong state, not the message refused.
    if (code < 500 || code === 503) return { status: 'retry', scope, ...detail };
    const suppress = scope === 'recipient' && enhanced !== null && enhanced.startsWith('5.1.');
    return { status: 'failed', scope, suppress, ...detail };
  }
  // No refusal from the server: the connection broke, timed out or was never made.
  if (step === 'message') return { status: 'unknown', ...detail };
  const ownFault = fields.code !== null ? OUR_OWN_FAULTS.get(fields.code) : undefined;
  if (ownFault !== undefined && code === null) return { status: 'failed', scope: ownFault, suppress: false, ...detail };
  // Before the body nothing can have been delivered, so any other break (or a 2yz/3yz reply where
  // nodemailer expected another: a confused server) is safe to try again.
  return { status: 'retry', scope: 'mailbox', ...detail };
}

// Microsoft 365 / Outlook.com: "250 2.0.0 OK <id@….prod.outlook.com> [Hostname=…]" and other
// servers that name the Message-ID they gave the message in angle brackets.
const BRACKETED_ID = /<([^<>\s@]+@[^<>\s@]+)>/;
// Amazon SES: "250 Ok 0100018b5c3c0a4f-0f6c…-000000" — the local part of the Message-ID it sets.
const SES_ID = /^250 Ok <?([0-9a-f]+(?:-[0-9a-f]+)+)>?$/i;
const AWS_REGION = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;
// Postfix "queued as 4Fx9Yb0zQ2z1", Exim "id=1rAbCd-000Efg-Hi", Sendmail "Message accepted for delivery" (none).
const QUEUE_ID = /\b(?:queued as|id=)\s*([A-Za-z0-9._-]+)/i;

function sesMessageId(localPart: string, host: string | undefined): string | null {
  if (!host) return null;
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const domain = labels.slice(-2).join('.');
  if (domain !== 'amazonaws.com') return null;
  const region = labels.slice(0, -2).find((label) => AWS_REGION.test(label));
  if (!region) return null;
  return `<${localPart.toLowerCase()}@${region === 'us-east-1' ? 'email' : region}.amazonses.com>`;
}

function classifySent(info: SmtpSentInfo, host: string | undefined, ownMessageId: string | undefined): SendOutcome {
  const response = (info.response ?? '').trim();
  const ses = SES_ID.exec(response);
  let providerMessageId = info.serverMessageId ?? null;
  if (providerMessageId === null && ses) providerMessageId = sesMessageId(ses[1] as string, host);
  if (providerMessageId === null) {
    const bracketed = BRACKETED_ID.exec(response);
    if (bracketed) providerMessageId = `<${bracketed[1]}>`;
  }
  const own = ownMessageId ?? info.messageId;
  if (providerMessageId !== null && own !== undefined && providerMessageId.toLowerCase() === own.toLowerCase())
    providerMessageId = null;
  const queueId = ses ? (ses[1] as string) : (QUEUE_ID.exec(response)?.[1] ?? null);
  return { status: 'sent', response, providerMessageId, queueId };
}

/** Classifies what `transporter.sendMail` resolved or rejected with. */
export function classifySmtpResult(result: SmtpSendResult): SendOutcome {
  if ('info' in result) return classifySent(result.info, result.host, result.messageId);
  return classifyError(result.error, result.bodySent);
}

/**
 * Tells whether the body of the message in flight was written to the socket, which nodemailer's
 * error does not say (a time-out is `CONN` whether it hit during MAIL FROM or after the final
 * dot). nodemailer logs one `tnx: 'message'` entry with the byte counts when the body stream has
 * been handed to the socket; pass `logger` to the transport. One probe per transport, and one
 * message in flight per transport (a mailbox pool with maxConnections 1, which the minimum gap
 * between sends implies anyway); `reset()` before each send.
 */
export interface BodyProbe {
  logger: BodyProbeLogger;
  bodySent(): boolean;
  reset(): void;
}

type LogMethod = (entry: unknown, ...rest: unknown[]) => void;
export interface BodyProbeLogger {
  trace: LogMethod;
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  fatal: LogMethod;
}

export function createBodyProbe(forward?: Partial<BodyProbeLogger>): BodyProbe {
  let sent = false;
  const pass =
    (level: keyof BodyProbeLogger): LogMethod =>
    (entry, ...rest) => {
      if (
        level === 'info' &&
        typeof entry === 'object' &&
        entry !== null &&
        (entry as { tnx?: unknown }).tnx === 'message' &&
        typeof (entry as { outByteCount?: unknown }).outByteCount === 'number'
      ) {
        sent = true;
      }
      forward?.[level]?.(entry, ...rest);
    };
  return {
    logger: {
      trace: pass('trace'),
      debug: pass('debug'),
      info: pass('info'),
      warn: pass('warn'),
      error: pass('error'),
      fatal: pass('fatal'),
    },
    bodySent: () => sent,
    reset: () => {
      sent = false;
    },
  };
}

/** Back-off of a message answered "try again later" (issue 13: 5 min × 1.3ⁿ, at most 72 h). */
export const SMTP_RETRY_POLICY = {
  firstDelayMs: 5 * 60_000,
  factor: 1.3,
  giveUpAfterMs: 72 * 60 * 60_000,
} as const;

/** Delay before retry number `retryIndex` (0 for the first retry): 5 min × 1.3ⁿ. */
export function retryDelay(retryIndex: number): number {
  if (!Number.isInteger(retryIndex) || retryIndex < 0)
    throw new RangeError(`retry index must be a whole number ≥ 0, got ${retryIndex}`);
  return Math.round(SMTP_RETRY_POLICY.firstDelayMs * SMTP_RETRY_POLICY.factor ** retryIndex);
}

/** True once 72 hours have passed since the first attempt: the message is failed, not retried. */
export function shouldGiveUp(firstAttemptAt: Date, now: Date): boolean {
  return now.getTime() - firstAttemptAt.getTime() >= SMTP_RETRY_POLICY.giveUpAfterMs;
}

/**
 * When to try again after a `retry` outcome, or null to give up. A back-off that would end past
 * the 72-hour mark is cut to the mark, so the message gets one last attempt there.
 */
export function nextRetryAt(firstAttemptAt: Date, retryIndex: number, now: Date): Date | null {
  if (shouldGiveUp(firstAttemptAt, now)) return null;
  const deadline = firstAttemptAt.getTime() + SMTP_RETRY_POLICY.giveUpAfterMs;
  return new Date(Math.min(now.getTime() + retryDelay(retryIndex), deadline));
}
