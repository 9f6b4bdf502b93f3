/**
 * Delivery status notifications (RFC 3464) and the status codes in them (RFC 3463 enhanced codes,
 * RFC 5321 reply codes). Pure text functions: the parts come from `parseInbound`.
 */
import { normaliseAddress, normaliseMessageId } from './normalise';
import type { BounceRecipient, BounceSeverity, DsnAction } from './types';

const DSN_ACTIONS: readonly DsnAction[] = ['failed', 'delayed', 'delivered', 'relayed', 'expanded'];

/** The MIME types of a delivery-status part, plain and internationalised (RFC 6533). */
export const DELIVERY_STATUS_TYPES: ReadonlySet<string> = new Set(['message/delivery-status', 'message/global-delivery-status']);

/**
 * A header block (RFC 5322 §2.2) as lower-case name → values, folded lines joined. Lines that are
 * not fields are skipped rather than refused: the blocks come from machines of every vintage.
 */
export function parseFieldBlock(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const unfolded = text.replace(/\r\n?/g, '\n').replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const match = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    if (!match) continue;
    const name = (match[1] ?? '').toLowerCase();
    const value = (match[2] ?? '').trim();
    const list = fields.get(name);
    if (list) list.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

/** The header block of a returned message (`message/rfc822` or `text/rfc822-headers`): up to the first empty line. */
export function headerBlockOf(message: string): Map<string, string[]> {
  const normalised = message.replace(/\r\n?/g, '\n');
  const end = normalised.search(/\n\n/);
  return parseFieldBlock(end >= 0 ? normalised.slice(0, end) : normalised);
}

/** The Message-ID of a returned message or of its headers. */
export function originalMessageIdOf(returned: string): string | null {
  return normaliseMessageId(headerBlockOf(returned).get('message-id')?.[0]);
}

/** `5.1.1` from `Status: 5.1.1 (bad destination mailbox)`, `smtp; 550 5.1.1 <x>: …`, `(#5.1.1)`. */
export function enhancedStatusIn(text: string | null | undefined): string | null {
  if (!text) return null;
  // Dotted neighbours would make this a version, an IP address or a date, not a status.
  const match = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.])/.exec(text);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/** The SMTP reply code of a diagnostic (`550 …`, `452-4.2.2 …`, Yahoo's `554: delivery error`), 4xx and 5xx only. */
export function replyCodeIn(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /(?<![\d.])([45][0-5]\d)(?:[ :-]|$)/m.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * Hard or soft, from the strongest evidence there is: the enhanced status class (5 permanent, 4
 * transient), then the SMTP reply code, then the DSN action (`failed` means the reporting MTA gave
 * up). Without any of them the bounce counts as soft: a soft bounce never suppresses an address on
 * its own, so a misread costs one retry rather than a lost prospect.
 */
export function severityOf(status: string | null, action: DsnAction | null, diagnostic: string | null): BounceSeverity {
  const code = status ?? enhancedStatusIn(diagnostic);
  if (code?.startsWith('5')) return 'hard';
  if (code?.startsWith('4')) return 'soft';
  const reply = replyCodeIn(diagnostic);
  if (reply !== null) return reply >= 500 ? 'hard' : 'soft';
  return action === 'failed' ? 'hard' : 'soft';
}

function typedValue(value: string | undefined): string | null {
  if (!value) return null;
  // `rfc822; user@example.com`, `dns; mx.example.com`, `smtp; 550 …`: the type before `;` is dropped.
  const semicolon = value.indexOf(';');
  const rest = (semicolon >= 0 && semicolon < 20 ? value.slice(semicolon + 1) : value).trim();
  return rest.length > 0 ? rest : null;
}

export interface DeliveryStatus {
  reportingMta: string | null;
  /** Every per-recipient block, whatever its action. */
  recipients: BounceRecipient[];
}

/**
 * The fields of a `message/delivery-status` part: a per-message block, then one block per
 * recipient, separated by empty lines. Null when no block names a recipient, an action or a status
 * (the part is garbage or was cut before them).
 */
export function parseDeliveryStatus(text: string): DeliveryStatus | null {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => parseFieldBlock(block))
    .filter((fields) => fields.size > 0);
  let reportingMta: string | null = null;
  const recipients: BounceRecipient[] = [];
  for (const fields of blocks) {
    reportingMta ??= typedValue(fields.get('reporting-mta')?.[0]);
    const finalRecipient = normaliseAddress(typedValue(fields.get('final-recipient')?.[0]));
    const originalRecipient = normaliseAddress(typedValue(fields.get('original-recipient')?.[0]));
    const actionText = fields.get('action')?.[0]?.toLowerCase().split(/[\s(]/)[0] ?? '';
    const action = (DSN_ACTIONS as readonly string[]).includes(actionText) ? (actionText as DsnAction) : null;
    const diagnostic = typedValue(fields.get('diagnostic-code')?.[0]);
    const status = enhancedStatusIn(fields.get('status')?.[0]) ?? enhancedStatusIn(diagnostic);
    if (!finalRecipient && !originalRecipient && !action && !status) continue;
    recipients.push({
      finalRecipient: finalRecipient ?? originalRecipient,
      originalRecipient,
      action,
      status,
      severity: severityOf(status, action, diagnostic),
      diagnostic,
      remoteMta: typedValue(fields.get('remote-mta')?.[0]),
    });
  }
  return recipients.length > 0 ? { reportingMta, recipients } : null;
}
