/**
 * Bounces: RFC 3464 delivery reports first, then the plain-text notices MTAs still send without
 * one (Exim, qmail, Postfix with DSN off, older Exchange, Yahoo, Gmail's text part), recognised by
 * the wording those MTAs have used for decades and read for the failed recipient and status.
 */
import {
  DELIVERY_STATUS_TYPES,
  enhancedStatusIn,
  originalMessageIdOf,
  parseDeliveryStatus,
  replyCodeIn,
  severityOf,
} from './dsn';
import { extractMessageIds, normaliseAddress } from './normalise';
import type { BounceDetails, BounceMta, BounceRecipient, DsnAction, InboundMessage } from './types';

const NOT_A_FAILURE: ReadonlySet<DsnAction> = new Set(['delivered', 'relayed', 'expanded']);

const DAEMON_LOCAL_PART =
  /^(?:mailer-daemon|mailer_daemon|mailerdaemon|mail-daemon|postmaster|mdaemon|maildelivery|mail\.delivery|double-bounce|bounces?|microsoftexchange[0-9a-f]*)$/i;
const DAEMON_NAME = /mail delivery (?:system|subsystem|service)|mail administrator|mailer-daemon|postmaster|microsoft outlook/i;

/** The wording each MTA opens its notice with, matched against the subject and the text. */
const MTA_WORDING: readonly (readonly [BounceMta, RegExp])[] = [
  ['qmail', /Hi\. This is the qmail-send program/i],
  [
    'yahoo',
    /Sorry, we were unable to deliver your message to the following address|I'm afraid I wasn't able to deliver (?:your message|the following message)/i,
  ],
  [
    'exim',
    /This message was created automatically by mail delivery software|^Mail delivery failed|The following address\(es\) failed|^Warning: message \S+ delayed/im,
  ],
  [
    'postfix',
    /This is the (?:mail system|Postfix program) at host|^Undelivered Mail Returned to Sender|^Delayed Mail \(still being retried\)/im,
  ],
  [
    'exchange',
    /^Undeliverable:|Delivery has failed to these recipients or groups|Your message to \S+ couldn't be delivered|Diagnostic information for administrators|Remote Server returned '/im,
  ],
  [
    'gmail',
    /^Delivery Status Notification \((?:Failure|Delay)\)|Delivery to the following recipients? (?:failed permanently|has been delayed)|Your message wasn't delivered to|There was a temporary problem delivering your message/im,
  ],
  [
    'sendmail',
    /^Returned mail:|----- The following addresses had permanent fatal errors -----|^Warning: could not send message for past/im,
  ],
];
const BOUNCE_SUBJECT =
  /undeliver|non-?deliver|delivery (?:status notification|failure|failed|has failed|problem|delayed|incomplete|notification)|returned mail|failure notice|mail delivery failed|could not be delivered|delayed mail/i;
const DELAY_WORDING =
  /\bdelayed\b|\(Delay\)|still being retried|will (?:retry|continue trying|keep trying|be retried)|temporary (?:problem|failure)|could not send message for past|has not yet been delivered/i;

/** Where the notice stops and the copy of the returned message starts. */
const RETURNED_COPY_MARKERS = [
  /^-{2,}\s*This is a copy of (?:the|your) message/im,
  /^-{2,}\s*Below this line is a copy of the message/im,
  /^-{2,}\s*(?:Original|Returned) message/im,
  /^Original message headers:/im,
  /^-{2,}\s*The header of the original message is following/im,
  /^-{2,}\s*Original message follows/im,
  /^Received: /m,
];

/** The Message-ID of the message a report returns, from its `message/rfc822` or headers part. */
export function returnedMessageId(message: InboundMessage): string | null {
  for (const part of message.reportParts) {
    if (DELIVERY_STATUS_TYPES.has(part.contentType)) continue;
    const id = originalMessageIdOf(part.text);
    if (id) return id;
  }
  return null;
}

function isDaemon(message: InboundMessage): boolean {
  const from = message.from;
  if (!from) return false;
  const local = from.address.slice(0, from.address.lastIndexOf('@'));
  return DAEMON_LOCAL_PART.test(local) || DAEMON_NAME.test(from.name);
}

function splitAtReturnedCopy(text: string): { notice: string; copy: string } {
  let cut = text.length;
  for (const marker of RETURNED_COPY_MARKERS) {
    const index = text.search(marker);
    if (index >= 0 && index < cut) cut = index;
  }
  return { notice: text.slice(0, cut), copy: text.slice(cut) };
}

function mtaOf(message: InboundMessage, reportingMta: string | null): BounceMta {
  const haystack = `${message.subject}\n${message.text ?? ''}`;
  for (const [mta, wording] of MTA_WORDING) if (wording.test(haystack)) return mta;
  const host = `${reportingMta ?? ''} ${message.from?.address ?? ''}`.toLowerCase();
  if (/google|gmail/.test(host)) return 'gmail';
  if (/outlook|exchange|office365|hotmail/.test(host)) return 'exchange';
  if (/yahoo/.test(host)) return 'yahoo';
  return 'unknown';
}

function oneLine(text: string): string | null {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > 0 ? collapsed.slice(0, 1000) : null;
}

function originalIdFromText(message: InboundMessage, copy: string): string | null {
  const match = /^Message-ID:\s*(<[^>\s]+>)/im.exec(copy) ?? /^Message-ID:\s*(<[^>\s]+>)/im.exec(message.text ?? '');
  return match ? (extractMessageIds(match[1])[0] ?? null) : null;
}

interface NoticeRecipient {
  address: string;
  /** The lines that explain this recipient's failure. */
  explanation: string | null;
}

/**
 * The failed recipients a notice names, in the layouts MTAs use: `<addr>:` blocks (Postfix, qmail,
 * Yahoo), the indented list after "The following address(es) failed" (Exim), Exchange's and
 * Gmail's sentences, and X-Failed-Recipients (Exim).
 */
function noticeRecipients(message: InboundMessage, notice: string): NoticeRecipient[] {
  const found: NoticeRecipient[] = [];
  const add = (address: string | null | undefined, explanation: string | null) => {
    const normalised = normaliseAddress(address);
    if (normalised && !found.some((entry) => entry.address === normalised)) found.push({ address: normalised, explanation });
  };
  for (const match of notice.matchAll(
    /^[ \t]*<([^<>\s]+@[^<>\s]+)>:?[ \t]*((?:.*)(?:\n(?![ \t]*\n)(?![ \t]*<[^<>\s]+@[^<>\s]+>:).*)*)/gm,
  )) {
    add(match[1], oneLine(match[2] ?? ''));
  }
  const exim = /The following address\(es\) failed:\s*\n(?:[ \t]*\n)*[ \t]*(\S+@\S+)[^\n]*\n((?:[ \t]+.*\n?)*)/i.exec(notice);
  if (exim) add(exim[1]?.replace(/^<|>:?$/g, ''), oneLine(exim[2] ?? ''));
  const sentences = [
    /Delivery has failed to these recipients or groups:\s*\n(?:[ \t]*\n)*[ \t]*(\S+@[^\s(]+)/i,
    /Your message to (\S+@[^\s,]+) couldn't be delivered/i,
    /Your message wasn't delivered to (\S+@[^\s,]+)/i,
    /Delivery to the following recipients? (?:failed permanently|has been delayed):\s*\n(?:[ \t]*\n)*[ \t]*(\S+@\S+)/i,
    /There was a temporary problem delivering your message to (\S+@[^\s,]+?)\.?(?:\s|$)/i,
    /The following recipient\(s\) cannot be reached:\s*\n(?:[ \t]*\n)*[ \t]*'?(?:[^<\n]*<)?([^\s<>']+@[^\s<>']+)/i,
  ];
  for (const sentence of sentences) {
    const match = sentence.exec(notice);
    if (match) add(match[1]?.replace(/[.,;:'"]+$/, ''), null);
  }
  for (const header of message.headers['x-failed-recipients'] ?? []) {
    for (const address of header.split(/[,\s]+/)) add(address, null);
  }
  return found;
}

/** The line of the notice that carries a status: Exchange's "Remote Server returned '…'", an SMTP answer. */
function diagnosticLine(notice: string): string | null {
  const exchange = /Remote Server returned '([^']+)'/i.exec(notice);
  if (exchange) return oneLine(exchange[1] ?? '');
  for (const line of notice.split('\n')) {
    if (enhancedStatusIn(line) || /(?:said|returned|error|answer|reply)\b.*?[45]\d\d[ :-]|^\s*[45]\d\d[ :-]/i.test(line))
      return oneLine(line);
  }
  return null;
}

function readDeliveryReport(message: InboundMessage): BounceDetails | 'report' | null {
  const statusPart = message.reportParts.find((part) => DELIVERY_STATUS_TYPES.has(part.contentType));
  const status = statusPart ? parseDeliveryStatus(statusPart.text) : null;
  if (!status) return null;
  const recipients = status.recipients.filter((recipient) => {
    if (recipient.action && NOT_A_FAILURE.has(recipient.action)) return false;
    return !recipient.status?.startsWith('2');
  });
  const first = recipients[0];
  if (!first) return 'report';
  const { copy } = splitAtReturnedCopy(message.text ?? '');
  return {
    severity: first.severity,
    status: first.status,
    action: first.action,
    finalRecipient: first.finalRecipient,
    originalMessageId: returnedMessageId(message) ?? originalIdFromText(message, copy),
    diagnostic: first.diagnostic,
    reportingMta: status.reportingMta,
    source: 'dsn',
    mta: mtaOf(message, status.reportingMta),
    recipients,
  };
}

/**
 * A notice without a readable report. Unless the message declares itself a delivery report, it
 * must come from a mail daemon (or the null sender, or carry X-Failed-Recipients) and use the
 * wording of a bounce, so a person writing "undeliverable" is never taken for one.
 */
function readNotice(message: InboundMessage, declaredReport: boolean): BounceDetails | null {
  const mta = mtaOf(message, null);
  const fromDaemon = isDaemon(message) || message.returnPath === '' || (message.headers['x-failed-recipients']?.length ?? 0) > 0;
  const bounceWording = mta !== 'unknown' || BOUNCE_SUBJECT.test(message.subject);
  if (!declaredReport && !(fromDaemon && bounceWording)) return null;

  const { notice, copy } = splitAtReturnedCopy(message.text ?? '');
  const delayed = DELAY_WORDING.test(message.subject) || DELAY_WORDING.test(notice);
  const action: DsnAction = delayed ? 'delayed' : 'failed';
  const named = noticeRecipients(message, notice);
  const fallbackDiagnostic = diagnosticLine(notice);
  const recipients: BounceRecipient[] = (named.length > 0 ? named : [{ address: null, explanation: null }]).map((entry) => {
    const diagnostic =
      entry.explanation && (enhancedStatusIn(entry.explanation) || replyCodeIn(entry.explanation))
        ? entry.explanation
        : (fallbackDiagnostic ?? entry.explanation);
    const status = enhancedStatusIn(diagnostic);
    return {
      finalRecipient: entry.address,
      originalRecipient: null,
      action,
      status,
      severity: severityOf(status, action, diagnostic),
      diagnostic,
      remoteMta: null,
    };
  });
  const first = recipients[0] as BounceRecipient;
  return {
    severity: first.severity,
    status: first.status,
    action: first.action,
    finalRecipient: first.finalRecipient,
    originalMessageId: returnedMessageId(message) ?? originalIdFromText(message, copy),
    diagnostic: first.diagnostic,
    reportingMta: null,
    source: 'pattern',
    mta,
    recipients: named.length > 0 ? recipients : [],
  };
}

/**
 * The bounce a message reports; `'report'` for a machine report that is not a failure (a delivered
 * DSN, a read receipt, an abuse report); null for anything else.
 */
export function detectBounce(message: InboundMessage): BounceDetails | 'report' | null {
  const report = readDeliveryReport(message);
  if (report) return report;
  const declaredReport = message.reportType === 'delivery-status';
  if (message.contentType === 'multipart/report' && !declaredReport) return 'report';
  return readNotice(message, declaredReport);
}
