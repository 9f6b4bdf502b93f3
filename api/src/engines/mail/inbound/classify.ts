/**
 * One parsed inbound message → one event for the campaigns area. The order matters: a feedback
 * loop's abuse report (a complaint) first, then a bounce is
 * recognised before an auto-reply (most bounces say Auto-Submitted), an auto-reply before an
 * unsubscribe request or a reply (an out-of-office echoing our subject is no answer), and an
 * unsubscribe request before a reply (it is one, with a stronger consequence).
 */
import { autoReplySignals } from './auto-reply';
import { detectBounce, returnedMessageId } from './bounce';
import { domainOf, normaliseAddress, normaliseSubject } from './normalise';
import { splitQuoted } from './quoted';
import { isFreeMail, isSameCompany, registrableDomain } from './registrable-domain';
import { findUnsubscribeRequest } from './unsubscribe';
import type { BounceSeverity, InboundContext, InboundEvent, InboundEventBase, InboundMessage, SentMessage } from './types';

/** Soft bounces of one address that together count as a hard bounce (issue 13). */
export const SOFT_BOUNCES_AS_HARD = 3;

/**
 * The severity an address's bounce history amounts to: hard after any hard bounce or after
 * `SOFT_BOUNCES_AS_HARD` soft ones; null when it never bounced. The caller decides which bounces
 * are in the history (per recipient, per campaign, since the last delivery).
 */
export function bounceSeverity(history: Iterable<BounceSeverity | { severity: BounceSeverity }>): BounceSeverity | null {
  let soft = 0;
  for (const entry of history) {
    const severity = typeof entry === 'string' ? entry : entry.severity;
    if (severity === 'hard') return 'hard';
    soft += 1;
  }
  if (soft === 0) return null;
  return soft >= SOFT_BOUNCES_AS_HARD ? 'hard' : 'soft';
}

interface Match {
  sent: SentMessage;
  matchedBy: 'thread' | 'subject' | 'original-message';
}

function idsOf(sent: SentMessage): string[] {
  return [sent.messageId, sent.providerMessageId].filter((id): id is string => typeof id === 'string' && id.length > 0);
}

/** The sent message among `found` that the earliest-preferred id names. */
function pick(found: readonly SentMessage[], preferred: readonly string[]): SentMessage | null {
  for (const id of preferred) {
    const sent = found.find((candidate) => idsOf(candidate).includes(id));
    if (sent) return sent;
  }
  return null;
}

/**
 * In-Reply-To names the message answered; References lists the thread, newest last. Our own or
 * the provider's Message-ID may be anywhere in them (a colleague replying to a forward).
 */
async function matchThread(message: InboundMessage, context: InboundContext): Promise<Match | null> {
  const preferred = [
    ...new Set([message.inReplyTo, ...[...message.references].reverse()].filter((id): id is string => id !== null)),
  ];
  if (preferred.length === 0) return null;
  const sent = pick(await context.findSent(preferred), preferred);
  return sent ? { sent, matchedBy: 'thread' } : null;
}

async function matchSubject(message: InboundMessage, context: InboundContext): Promise<Match | null> {
  const sender = message.from?.address;
  const subject = normaliseSubject(message.subject);
  if (!sender || !subject || !context.findSentBySubject) return null;
  const domain = domainOf(sender);
  const companyDomain = isFreeMail(domain) ? null : registrableDomain(domain);
  const found = await context.findSentBySubject({ sender, companyDomain, subject });
  // The store is trusted to filter, but a colleague only counts at the same company.
  const recipientOf = (candidate: SentMessage) => normaliseAddress(candidate.recipient) ?? '';
  const sent =
    found.find((candidate) => recipientOf(candidate) === sender) ??
    found.find((candidate) => isSameCompany(domainOf(recipientOf(candidate)), domain));
  return sent ? { sent, matchedBy: 'subject' } : null;
}

function base(message: InboundMessage, match: Match | null): InboundEventBase {
  return {
    messageId: message.messageId,
    sender: message.from?.address ?? null,
    sent: match?.sent ?? null,
    matchedBy: match?.matchedBy ?? null,
    heuristic: match?.matchedBy === 'subject',
    malformed: message.malformed,
  };
}

/** The Feedback-Type of an abuse report (RFC 5965), null when the message is none. */
function feedbackTypeOf(message: InboundMessage): string | null {
  if (message.reportType !== 'feedback-report') return null;
  const part = message.reportParts.find((candidate) => candidate.contentType === 'message/feedback-report');
  const type = part ? /^feedback-type:\s*([\w-]+)/im.exec(part.text)?.[1] : null;
  return (type ?? 'abuse').toLowerCase();
}

export async function classifyInbound(message: InboundMessage, context: InboundContext): Promise<InboundEvent> {
  // A feedback loop's report: the person marked our message as spam (matched by the copy it returns).
  const feedbackType = feedbackTypeOf(message);
  if (feedbackType) {
    const id = returnedMessageId(message);
    const original = id ? pick(await context.findSent([id]), [id]) : null;
    if (original) return { ...base(message, { sent: original, matchedBy: 'original-message' }), kind: 'complaint', feedbackType };
    return { ...base(message, null), kind: 'other', reason: 'report' };
  }
  const bounce = detectBounce(message);
  if (bounce === 'report') return { ...base(message, await matchThread(message, context)), kind: 'other', reason: 'report' };
  if (bounce) {
    const original = bounce.originalMessageId
      ? pick(await context.findSent([bounce.originalMessageId]), [bounce.originalMessageId])
      : null;
    const match: Match | null = original
      ? { sent: original, matchedBy: 'original-message' }
      : await matchThread(message, context);
    return { ...base(message, match), kind: 'bounce', bounce };
  }

  const match = (await matchThread(message, context)) ?? (await matchSubject(message, context));
  const signals = autoReplySignals(message);
  if (signals.length > 0) return { ...base(message, match), kind: 'areply', signals };

  const request = findUnsubscribeRequest(splitQuoted(message).newText, message.subject);
  if (request) return { ...base(message, match), kind: 'unsubscribe', request };

  const sender = message.from?.address;
  const recipient = normaliseAddress(match?.sent.recipient);
  if (!match || !sender || !recipient) return { ...base(message, match), kind: 'other', reason: 'unmatched' };
  if (recipient === sender) return { ...base(message, match), kind: 'reply' };
  const relation = isSameCompany(domainOf(recipient), domainOf(sender)) ? 'same-company' : 'other-address';
  return { ...base(message, match), kind: 'oreply', relation };
}
