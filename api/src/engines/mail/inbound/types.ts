/** The shapes the inbound half of the mail engine hands to the IMAP sync and the campaigns area. */
import type { Locale } from '@leadforge/contracts';

export interface InboundAddress {
  /** Normalised (lower case, ASCII domain), see `normaliseAddress`. */
  address: string;
  /** The display name as decoded; may be empty. */
  name: string;
}

/** What is kept of an attachment: its description, never its content. */
export interface InboundAttachment {
  filename: string | null;
  contentType: string;
  /** Decoded bytes. */
  size: number;
  disposition: 'attachment' | 'inline';
  contentId: string | null;
}

/**
 * The machine-readable parts of a report (RFC 3462/6522): the delivery status and the returned
 * message or its headers. Only their beginning is kept (`REPORT_PART_LIMIT`), which holds every
 * field a bounce is read for.
 */
export interface ReportPart {
  contentType: string;
  text: string;
  truncated: boolean;
}

export type ParseProblem =
  /** Nothing was received. */
  | 'empty'
  /** The MIME parser gave up (nesting, header size); what follows came from the raw bytes. */
  | 'parser-error'
  /** No header block a mail message has (no From, Date, Message-ID or Subject). */
  | 'no-headers'
  /** The header block never ends: the message was cut before its body. */
  | 'no-body'
  /** The outer multipart never closes: the message was cut. */
  | 'unterminated-multipart'
  /** Text that does not decode in its declared character set (replacement characters). */
  | 'undecodable-text'
  /** A delivery report whose delivery-status part is missing or has no recipient fields. */
  | 'unreadable-delivery-status';

export interface InboundMessage {
  /** Bare Message-ID (no angle brackets), see `normaliseMessageId`. */
  messageId: string | null;
  inReplyTo: string | null;
  /** Bare ids, oldest first, as the References header lists them. */
  references: string[];
  from: InboundAddress | null;
  replyTo: InboundAddress[];
  to: InboundAddress[];
  cc: InboundAddress[];
  /** The envelope sender the delivering server recorded: '' for the null sender `<>`, null when absent. */
  returnPath: string | null;
  subject: string;
  /** null when the Date header is missing or unreadable (never "now"). */
  date: Date | null;
  /** Lower-case MIME type of the whole message, `text/plain` when it declares none. */
  contentType: string;
  /** The report-type parameter of a multipart/report (`delivery-status`, `disposition-notification`). */
  reportType: string | null;
  /** The headers classification reads (`INBOUND_HEADERS`), lower-case names, unfolded values. */
  headers: Readonly<Record<string, readonly string[]>>;
  /** Plain text, converted from HTML when the message has none. Untrusted. */
  text: string | null;
  /** Untrusted HTML: never rendered by the engine; a viewer sanitises it and shows it in a sandboxed frame. */
  html: string | null;
  attachments: InboundAttachment[];
  reportParts: ReportPart[];
  /** Raw size in bytes. */
  size: number;
  malformed: boolean;
  problems: ParseProblem[];
}

/** One of our sent messages, as the engine's store answers a lookup. */
export interface SentMessage {
  id: string;
  /** The address it was sent to, normalised. */
  recipient: string;
  /** Our Message-ID, bare. */
  messageId: string;
  /** The id a provider that rewrites Message-ID (SES, Outlook) gave it, bare. */
  providerMessageId?: string | null;
}

export interface SubjectQuery {
  /** The sender of the inbound message, normalised. */
  sender: string;
  /** The sender's registrable domain, or null when it is a free-mail domain (only the address can match). */
  companyDomain: string | null;
  /** `normaliseSubject` of the inbound subject; never empty. */
  subject: string;
}

/** What the engine knows, handed to `classifyInbound`. */
export interface InboundContext {
  /** Sent messages whose Message-ID or provider Message-ID is one of `messageIds` (bare). */
  findSent(messageIds: readonly string[]): Promise<readonly SentMessage[]> | readonly SentMessage[];
  /**
   * Sent messages, most recent first, whose normalised subject is `query.subject` and whose
   * recipient is `query.sender` or, when `companyDomain` is set, an address at that registrable
   * domain. Used only when the threading headers match nothing; omit it to turn the heuristic off.
   */
  findSentBySubject?(query: SubjectQuery): Promise<readonly SentMessage[]> | readonly SentMessage[];
}

export type BounceSeverity = 'hard' | 'soft';
/** RFC 3464 §2.3.3. */
export type DsnAction = 'failed' | 'delayed' | 'delivered' | 'relayed' | 'expanded';
export type BounceMta = 'postfix' | 'exim' | 'qmail' | 'exchange' | 'gmail' | 'yahoo' | 'sendmail' | 'unknown';

export interface BounceRecipient {
  finalRecipient: string | null;
  originalRecipient: string | null;
  action: DsnAction | null;
  /** Enhanced status code (RFC 3463), e.g. `5.1.1`. */
  status: string | null;
  severity: BounceSeverity;
  diagnostic: string | null;
  remoteMta: string | null;
}

export interface BounceDetails {
  severity: BounceSeverity;
  status: string | null;
  action: DsnAction | null;
  finalRecipient: string | null;
  /** Bare Message-ID of the message that bounced, from the returned message or its headers. */
  originalMessageId: string | null;
  diagnostic: string | null;
  reportingMta: string | null;
  /** `dsn`: an RFC 3464 report; `pattern`: the text of a non-standard bounce. */
  source: 'dsn' | 'pattern';
  mta: BounceMta;
  /** Every recipient the report names as failed or delayed; the fields above are the first one's. */
  recipients: BounceRecipient[];
}

export type AutoReplySignal = 'auto-submitted' | 'x-autoreply' | 'x-autorespond' | 'precedence' | 'empty-return-path' | 'subject';

/** The product locales, and Russian: many Ukrainian prospects still answer in it. */
export type UnsubscribeLanguage = Locale | 'ru';

export interface UnsubscribeRequest {
  language: UnsubscribeLanguage;
  /** The listed phrase that was recognised, or the whole reply when it is one word ("STOP"). */
  phrase: string;
}

export type InboundKind = 'reply' | 'oreply' | 'areply' | 'bounce' | 'unsubscribe' | 'complaint' | 'other';

export interface InboundEventBase {
  /** Bare Message-ID of the inbound message. */
  messageId: string | null;
  /** Normalised From address. */
  sender: string | null;
  /** Our message this one answers or reports on, when found. */
  sent: SentMessage | null;
  /** How `sent` was found. */
  matchedBy: 'thread' | 'subject' | 'original-message' | null;
  /** `sent` was found by sender and subject, not by threading headers. */
  heuristic: boolean;
  malformed: boolean;
}

export type InboundEvent =
  | (InboundEventBase & { kind: 'reply' })
  | (InboundEventBase & {
      kind: 'oreply';
      /** A colleague (same registrable domain), or, in a matched thread, any other address. */
      relation: 'same-company' | 'other-address';
    })
  | (InboundEventBase & { kind: 'areply'; signals: AutoReplySignal[] })
  | (InboundEventBase & { kind: 'bounce'; bounce: BounceDetails })
  | (InboundEventBase & { kind: 'unsubscribe'; request: UnsubscribeRequest })
  | (InboundEventBase & {
      kind: 'complaint';
      /** An abuse report (RFC 5965 feedback loop): the person marked our message as spam. `abuse`, `fraud`, … */
      feedbackType: string;
    })
  | (InboundEventBase & {
      kind: 'other';
      /** `report`: a machine report that is no bounce or complaint (delivered DSN, read receipt, an unmatched feedback report). */
      reason: 'unmatched' | 'report';
    });
