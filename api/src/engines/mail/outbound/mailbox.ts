/**
 * A mailbox (`email_accounts`) as the sending engine reads it: its limits and window for the
 * scheduler, its SMTP connection for nodemailer, its DKIM key. The email-accounts area owns the
 * rows and their formats; this file only reads them.
 */
import { createHash } from 'node:crypto';
import { MAILBOX_DEFAULTS, WEEK_DAYS, type WeekDay } from '@leadforge/contracts';
import type { DKIMOptions } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { CredentialCipher } from '../secrets/credentials';
import { dkimOptions } from './headers';
import type { MailboxLimits, SendingWindow, SendingWindowDay } from './limits';
import { MINUTES_PER_DAY } from './limits';

/** The columns of `email_accounts` the engine reads (snake_case, as the raw SQL returns them). */
export interface MailboxRow {
  id: number;
  account_id: number;
  user_id: number;
  email: string;
  sender_name: string;
  provider: string;
  status: string;
  status_reason: string | null;
  /** Timestamps: text on node-postgres, Date on PGlite (raw SQL). */
  deleted_at: Date | string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_security: string | null;
  smtp_user: string | null;
  credentials: string | null;
  daily_limit: number;
  min_gap_seconds: number;
  max_gap_seconds: number;
  first_email_daily_limit: number | null;
  sending_window: unknown;
  signature_html: string;
  reply_to: string | null;
  tracking_domain: string | null;
  tracking_domain_verified_at: Date | string | null;
  dkim_selector: string | null;
  dkim_private_key: string | null;
}

/** The column list for `select … from email_accounts m` that fills a MailboxRow. */
export const MAILBOX_COLUMNS = `m.id, m.account_id, m.user_id, m.email, m.sender_name, m.provider, m.status, m.status_reason, m.deleted_at,
  m.smtp_host, m.smtp_port, m.smtp_security, m.smtp_user, m.credentials, m.daily_limit, m.min_gap_seconds,
  m.max_gap_seconds, m.first_email_daily_limit, m.sending_window, m.signature_html, m.reply_to, m.tracking_domain,
  m.tracking_domain_verified_at, m.dkim_selector, m.dkim_private_key`;

export function isSendable(mailbox: Pick<MailboxRow, 'status' | 'deleted_at'>): boolean {
  return mailbox.status === 'active' && mailbox.deleted_at === null;
}

/** A window open all week round: a mailbox without a sending window sends at any time. */
const ALWAYS: SendingWindow = { timeZone: 'UTC', days: WEEK_DAYS.map((day) => ({ day, from: 0, to: MINUTES_PER_DAY })) };

function weekDayOf(value: unknown): WeekDay | null {
  if (typeof value === 'string') return (WEEK_DAYS as readonly string[]).includes(value) ? (value as WeekDay) : null;
  // A number is an index into WEEK_DAYS (0 is Monday), as the contracts list the days.
  if (typeof value === 'number' && Number.isInteger(value)) return WEEK_DAYS[value] ?? null;
  return null;
}

function minuteOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), MINUTES_PER_DAY) : null;
}

/**
 * The stored `sending_window` ({timeZone, days: [{day, fromMinute, toMinute}]}) as the scheduler
 * takes it; null (never set) is a window that is always open. Days it cannot read are left out
 * (closed) rather than guessed.
 */
export function sendingWindowOf(raw: unknown): SendingWindow {
  if (raw === null || raw === undefined) return ALWAYS;
  const value = raw as { timeZone?: unknown; days?: unknown };
  const timeZone = typeof value.timeZone === 'string' && value.timeZone !== '' ? value.timeZone : 'UTC';
  const days: SendingWindowDay[] = [];
  for (const entry of Array.isArray(value.days) ? (value.days as Record<string, unknown>[]) : []) {
    const day = weekDayOf(entry?.day);
    const from = minuteOf(entry?.fromMinute ?? entry?.from);
    const to = minuteOf(entry?.toMinute ?? entry?.to);
    if (day === null || from === null || to === null || entry?.enabled === false) continue;
    days.push({ day, from, to });
  }
  return { timeZone, days };
}

/** The scheduler's limits of a mailbox; the plan's maximum caps whatever daily limit it was given. */
export function limitsOf(mailbox: MailboxRow, planDailyMax: number = MAILBOX_DEFAULTS.dailyLimitMax): MailboxLimits {
  return {
    mailboxId: String(mailbox.id),
    dailyCap: mailbox.daily_limit,
    planDailyMax,
    minGapSeconds: mailbox.min_gap_seconds,
    maxGapSeconds: Math.max(mailbox.max_gap_seconds, mailbox.min_gap_seconds),
    firstEmailDailyLimit: mailbox.first_email_daily_limit,
  };
}

/** What the SMTP login uses: a password, or an OAuth access token (XOAUTH2). */
export interface MailboxSecrets {
  smtpPassword?: string | undefined;
  accessToken?: string | undefined;
}

/** A stored DKIM key kept encrypted is bound to the mailbox like its credentials. */
export const dkimKeyContext = (mailboxId: number) => `email-account:${mailboxId}:dkim-private-key`;

/** A stored DKIM key may be kept encrypted like the credentials; a PEM is used as it is. */
export function dkimOf(mailbox: MailboxRow, cipher: CredentialCipher): DKIMOptions | undefined {
  if (!mailbox.dkim_selector || !mailbox.dkim_private_key) return undefined;
  const privateKey = mailbox.dkim_private_key.startsWith('-----')
    ? mailbox.dkim_private_key
    : cipher.decrypt(mailbox.dkim_private_key, dkimKeyContext(mailbox.id));
  return dkimOptions({ domainName: domainOf(mailbox.email), keySelector: mailbox.dkim_selector, privateKey });
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** Deadlines of one SMTP session (each is a silence, not a total). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  /** Inactivity on an open connection, including the wait for the answer to the body. */
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 120_000 };

/**
 * The pooled transport of a mailbox: one connection (one message in flight, which the body probe
 * of smtp-outcome.ts needs and the minimum gap implies anyway), kept open between sends for up to
 * `idleMs` and renewed every 100 messages.
 */
export function transportOptionsOf(
  mailbox: MailboxRow,
  secrets: MailboxSecrets,
  options: { timeouts: SmtpTimeouts; idleMs: number; logger: SMTPPool.Options['logger']; name?: string | undefined },
): SMTPPool.Options {
  if (!mailbox.smtp_host || !mailbox.smtp_port) throw new RangeError(`mailbox ${mailbox.id} has no SMTP server`);
  const security = mailbox.smtp_security ?? 'tls';
  const user = mailbox.smtp_user ?? mailbox.email;
  let auth: SMTPPool.Options['auth'];
  if (secrets.accessToken) auth = { type: 'OAuth2', user, accessToken: secrets.accessToken };
  else if (secrets.smtpPassword !== undefined) auth = { user, pass: secrets.smtpPassword };
  return {
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    idleTimeout: options.idleMs,
    host: mailbox.smtp_host,
    port: mailbox.smtp_port,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none',
    ...(auth ? { auth } : {}),
    ...(options.name ? { name: options.name } : {}),
    connectionTimeout: options.timeouts.connectionMs,
    greetingTimeout: options.timeouts.greetingMs,
    socketTimeout: options.timeouts.socketMs,
    logger: options.logger,
    debug: false,
  };
}

/**
 * What makes two transports of one mailbox different: a change of any of these (a new password,
 * another server) closes the cached transport and opens a new one at the next send.
 */
export function connectionFingerprint(mailbox: MailboxRow, secrets: MailboxSecrets): string {
  const secret = createHash('sha256').update(JSON.stringify([secrets.smtpPassword, secrets.accessToken])).digest('base64');
  return JSON.stringify([
    secret,
    mailbox.smtp_host,
    mailbox.smtp_port,
    mailbox.smtp_security,
    mailbox.smtp_user,
    mailbox.email,
    mailbox.dkim_selector,
    mailbox.dkim_private_key,
  ]);
}
