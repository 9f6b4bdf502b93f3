/**
 * The inbound half of the mail engine, pure part: parse one raw message, classify it against what
 * we sent, and split its new text from the quoted history. The IMAP sync feeds it; the campaigns
 * area consumes the events.
 */
export { parseInbound, InboundSourceError, INBOUND_HEADERS, REPORT_PART_LIMIT } from './parse';
export { classifyInbound, bounceSeverity, SOFT_BOUNCES_AS_HARD } from './classify';
export { splitQuoted, htmlToPlainText, type QuotedSplit } from './quoted';
export { normaliseMessageId, extractMessageIds, normaliseAddress, normaliseSubject } from './normalise';
export { registrableDomain, isSameCompany } from './registrable-domain';
export type {
  AutoReplySignal,
  BounceDetails,
  BounceMta,
  BounceRecipient,
  BounceSeverity,
  DsnAction,
  InboundAddress,
  InboundAttachment,
  InboundContext,
  InboundEvent,
  InboundEventBase,
  InboundKind,
  InboundMessage,
  ParseProblem,
  ReportPart,
  SentMessage,
  SubjectQuery,
  UnsubscribeLanguage,
  UnsubscribeRequest,
} from './types';
