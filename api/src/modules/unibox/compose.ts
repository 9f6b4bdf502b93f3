/**
 * How a unibox answer is written: its subject, the quoted original under the new text, and the
 * MIME of a sent message for the copy in the mailbox's Sent folder.
 */
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Locale } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { mailOptionsOf } from '../../engines/mail/outbound/compose';
import { claimedRows, mailboxById } from '../../engines/mail/outbound/outbox-repository';
import { mailText } from '../mail/templates';
import type { AnsweredRow } from './repository';

/** `Re: ` or `Fwd: ` before the subject, once: an answer to `Re: Pricing` is `Re: Pricing`, not `Re: Re: Pricing`. */
export function replySubject(mode: 'reply' | 'replyAll' | 'forward', subject: string): string {
  const prefix = mode === 'forward' ? 'Fwd: ' : 'Re: ';
  const trimmed = subject.trim();
  const already = mode === 'forward' ? /^(fwd?|fw):\s*/i : /^re:\s*/i;
  if (already.test(trimmed)) return `${prefix}${trimmed.replace(already, '')}`.slice(0, 998);
  return `${prefix}${trimmed}`.slice(0, 998);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** When the original arrived, as the sender's language writes a date, in UTC (the reader's zone is unknown). */
function quotedDate(at: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/**
 * The original under the new text, in a blockquote: its HTML as the sync sanitised it, else its
 * text escaped, introduced in the sender's language. A forward names the original's files (they
 * are not attached; see send()).
 */
export function quoteOriginal(
  mode: 'reply' | 'replyAll' | 'forward',
  original: Pick<AnsweredRow, 'from_name' | 'from_address' | 'received_at' | 'subject' | 'html' | 'text' | 'attachments'>,
  locale: Locale = 'en',
): string {
  const who = original.from_name ? `${escapeHtml(original.from_name)} &lt;${escapeHtml(original.from_address)}&gt;` : escapeHtml(original.from_address);
  const when = escapeHtml(quotedDate(original.received_at, locale));
  const text = (key: string, values: Record<string, string> = {}) => mailText(locale, `quote.${key}`, values);
  const body = original.html ?? `<div style="white-space:pre-wrap">${escapeHtml(original.text ?? '')}</div>`;
  const files =
    mode === 'forward' && Array.isArray(original.attachments)
      ? (original.attachments as { filename?: unknown }[]).map((file) => (typeof file.filename === 'string' ? file.filename : null)).filter((name): name is string => !!name)
      : [];
  // Values are escaped before they go in; the texts themselves hold no markup.
  const intro =
    mode === 'forward'
      ? `<p>${[text('forwardHeader'), text('from', { who }), text('date', { date: when }), text('subject', { subject: escapeHtml(original.subject) })].join('<br>')}</p>`
      : `<p>${text('replyIntro', { date: when, who })}</p>`;
  const listed = files.length > 0 ? `<p>${text('attachmentsNotForwarded', { names: files.map(escapeHtml).join(', ') })}</p>` : '';
  return `<br>${intro}<blockquote type="cite" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${body}</blockquote>${listed}`;
}

export interface SentMimeSource {
  db: Db;
}

/**
 * The sent message as MIME, for the Sent folder: built from the engine's row and mailbox by the
 * engine's own `mailOptionsOf`, dated when it was sent. Same headers (Message-ID, In-Reply-To,
 * References, From, To, Cc, Subject, Date) and bodies as what left; the MIME boundaries differ
 * and there is no DKIM signature (the engine does not keep the bytes it sent).
 */
export async function sentMime(source: SentMimeSource, outboundId: number): Promise<Buffer> {
  const [row] = await claimedRows(source.db, [outboundId]);
  if (!row) throw new Error(`mail_outbound ${outboundId} is gone`);
  const mailbox = await mailboxById(source.db, row.email_account_id);
  if (!mailbox) throw new Error(`the mailbox of mail_outbound ${outboundId} is gone`);
  const [sent] = (
    (await source.db.execute(sql`select sent_at from mail_outbound where id = ${outboundId}`)) as unknown as {
      rows: { sent_at: Date | string | null }[];
    }
  ).rows;
  const at = new Date(sent?.sent_at ?? row.first_attempt_at ?? Date.now());
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(mailOptionsOf(row, mailbox, at));
  return info.message as Buffer;
}
