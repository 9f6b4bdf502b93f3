/**
 * One downloaded message → one stored, classified row and its effects, exactly once: the row and
 * the suppressions it causes are written in one transaction, keyed by the unique (mailbox,
 * Message-ID), so a message read twice (a restart before the cursor moved, a UIDVALIDITY resync,
 * the same message in INBOX and Junk) is stored, counted and announced once.
 */
import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../../../db/types';
import { bounceSeverity, classifyInbound } from '../classify';
import { normaliseAddress, normaliseMessageId, normaliseSubject } from '../normalise';
import { parseInbound } from '../parse';
import { splitQuoted } from '../quoted';
import type { BounceDetails, BounceSeverity, InboundContext, InboundEvent, InboundMessage, SentMessage } from '../types';
import { HTML_LIMIT, PREVIEW_LIMIT, SOFT_BOUNCE_WINDOW_DAYS, TEXT_LIMIT } from './constants';
import { captureHeaders, syntheticMessageId } from './message-source';
import * as repo from './repository';
import { sanitiseInboundHtml } from './sanitise-html';
import type { InboundMailEvent, SyncMailbox } from './types';

const DAY_MS = 86_400_000;
/** How far back, and how many, sent messages the sender + subject heuristic considers. */
const HEURISTIC_DAYS = 180;
const HEURISTIC_CANDIDATES = 50;

export interface FetchedMessage {
  folder: string;
  uid: number;
  /** When the server received it (IMAP INTERNALDATE). */
  internalDate: Date | null;
  /** Its \Seen flag when it was read (false when unknown). */
  seen?: boolean;
}

/** Unpaired surrogates: PostgreSQL stores them in neither text nor jsonb (nor NUL); hostile mail has both. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storable(value: string, limit = Number.POSITIVE_INFINITY): string {
  const clean = value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  if (clean.length <= limit) return clean;
  // Never cut a surrogate pair in half.
  const end = /[\uD800-\uDBFF]/.test(clean.charAt(limit - 1)) ? limit - 1 : limit;
  return clean.slice(0, end);
}

/** Any JSON value with its strings made storable. */
function storableJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? storable(item) : item))) as T;
}

/** The lookups the classifier makes, answered from the account's outbound rows; remembers the rows it returned. */
function sentLookups(db: Db, scope: repo.MailboxScope) {
  const rows = new Map<string, repo.SentRow>();
  const asSent = (row: repo.SentRow): SentMessage => {
    rows.set(String(row.id), row);
    return {
      id: String(row.id),
      recipient: normaliseAddress(row.toAddress) ?? row.toAddress.toLowerCase(),
      messageId: normaliseMessageId(row.messageId) ?? row.messageId,
      providerMessageId: normaliseMessageId(row.providerMessageId),
    };
  };
  const context: InboundContext = {
    async findSent(ids) {
      // Stored ids are bare (normalise.ts); the bracketed form is asked too, so a row written with brackets still matches.
      const forms = [...new Set(ids.flatMap((id) => [id, `<${id}>`]))];
      return (await repo.sentByMessageIds(db, scope, forms)).map(asSent);
    },
    async findSentBySubject(query) {
      const since = new Date(Date.now() - HEURISTIC_DAYS * DAY_MS);
      const candidates = await repo.sentToSender(db, scope, { ...query, since, limit: HEURISTIC_CANDIDATES });
      return candidates.filter((row) => normaliseSubject(row.subject) === query.subject).map(asSent);
    },
  };
  return { context, rowOf: (sent: SentMessage | null) => (sent ? (rows.get(sent.id) ?? null) : null) };
}

/** The addresses a bounce concerns: every failed or delayed recipient it names, else the one we sent to. */
function bouncedAddresses(bounce: BounceDetails, sentTo: string | null): { address: string; severity: BounceSeverity }[] {
  const named = bounce.recipients
    .map((recipient) => ({ address: normaliseAddress(recipient.finalRecipient ?? recipient.originalRecipient), severity: recipient.severity }))
    .filter((entry): entry is { address: string; severity: BounceSeverity } => entry.address !== null);
  if (named.length > 0) return named;
  const fallback = normaliseAddress(bounce.finalRecipient) ?? sentTo;
  return fallback ? [{ address: fallback, severity: bounce.severity }] : [];
}

function receivedAtOf(message: InboundMessage, fetched: FetchedMessage): Date {
  const candidates = [fetched.internalDate, message.date];
  return candidates.find((date): date is Date => date instanceof Date && !Number.isNaN(date.getTime())) ?? new Date();
}

/**
 * What every stored message keeps, warm-up mail included: where and when it was found, its ids
 * and thread headers (an answer to warm-up mail threads on them), the sender's address, its size
 * and flags. Content, names and classification are the caller's.
 */
function envelopeOf(message: InboundMessage, fetched: FetchedMessage, messageId: string) {
  return {
    folder: fetched.folder,
    uid: fetched.uid,
    messageId,
    inReplyTo: message.inReplyTo ? storable(message.inReplyTo) : null,
    references: storableJson(message.references),
    fromAddress: storable(message.from?.address ?? ''),
    receivedAt: receivedAtOf(message, fetched),
    size: Math.min(message.size, 2 ** 31 - 1),
    malformed: message.malformed,
    seenOnServer: fetched.seen === true,
  } satisfies Partial<repo.InboundInsert>;
}

interface Effects {
  suppress: { email: string; reason: 'hard_bounce' | 'unsubscribe' | 'complaint' }[];
  bounceSeverity: BounceSeverity | null;
}

/** Decided inside the transaction: the soft-bounce history must not change between reading and writing it. */
async function decideEffects(
  tx: DbOrTx,
  scope: repo.MailboxScope,
  event: InboundEvent,
  sentTo: string | null,
  receivedAt: Date,
): Promise<Effects> {
  if (event.kind === 'bounce') {
    const since = new Date(receivedAt.getTime() - SOFT_BOUNCE_WINDOW_DAYS * DAY_MS);
    let worst: BounceSeverity | null = null;
    const suppress: Effects['suppress'] = [];
    for (const { address, severity } of bouncedAddresses(event.bounce, sentTo)) {
      const softBefore = severity === 'soft' ? await repo.softBouncesOf(tx, scope, address, since) : 0;
      const effective = bounceSeverity([...Array.from({ length: softBefore }, () => 'soft' as const), severity]);
      if (effective === 'hard') suppress.push({ email: address, reason: 'hard_bounce' });
      if (worst !== 'hard') worst = effective;
    }
    return { suppress, bounceSeverity: worst ?? event.bounce.severity };
  }
  if (event.kind === 'unsubscribe') {
    // The address we wrote to, and the one that asked (a prospect answering from an alias).
    const addresses = new Set([sentTo, event.sender].filter((address): address is string => !!address));
    return { suppress: [...addresses].map((email) => ({ email, reason: 'unsubscribe' as const })), bounceSeverity: null };
  }
  if (event.kind === 'complaint' && sentTo) {
    // Marked as spam: never written to again (the address we wrote to; the report comes from the provider).
    return { suppress: [{ email: sentTo, reason: 'complaint' }], bounceSeverity: null };
  }
  return { suppress: [], bounceSeverity: null };
}

export interface StoreResult {
  /** null when the mailbox already held this message, and for warm-up mail (nobody else hears of it). */
  event: InboundMailEvent | null;
  messageId: string;
}

export interface StoreOptions {
  /** Whether an `X-Leadforge-Warmup` value is a genuine mark of this installation (engines/warmup/token.ts). */
  isWarmupMark?: ((value: string) => boolean) | undefined;
}

/**
 * The class of warm-up mail in `mail_inbound`. It is stored (so the same message in INBOX and
 * Junk, or read again, is recognised by its Message-ID) without its text, is never classified
 * against outbound mail, has no effects and announces no event: the unibox, the campaigns and the
 * prospects never hear of it, and the warm-up engine reads its placement from the row's folder.
 */
export const WARMUP_INBOUND_CLASS = 'warmup';

/**
 * Parses `source` (streamed, so a 30 MB message costs its text parts), classifies it against the
 * account's outbound rows and stores it. A failing source rejects with `InboundSourceError`
 * before anything is written.
 */
export async function storeMessage(
  db: Db,
  mailbox: SyncMailbox,
  fetched: FetchedMessage,
  source: Readable | Buffer,
  options: StoreOptions = {},
): Promise<StoreResult> {
  const scope = repo.scopeOf(mailbox);
  const captured = captureHeaders(source);
  const message = await parseInbound(captured.stream);
  const messageId = storable(message.messageId ?? syntheticMessageId(captured.headerBlock()));
  const envelope = envelopeOf(message, fetched, messageId);
  const scoped = { ...scope, userId: mailbox.userId };

  // Only a mark that verifies: a forged header must not hide ordinary mail from its owner.
  const mark = message.headers['x-leadforge-warmup']?.[0];
  if (mark !== undefined && options.isWarmupMark?.(mark)) {
    await repo.insertInbound(db, scoped, {
      ...envelope,
      fromName: null,
      toAddresses: [],
      replyToAddresses: [],
      subject: '',
      class: WARMUP_INBOUND_CLASS,
      heuristic: false,
      outboundId: null,
      bounce: null,
      preview: '',
      text: null,
      html: null,
      attachments: [],
    });
    return { event: null, messageId };
  }

  const lookups = sentLookups(db, scope);
  const event = await classifyInbound(message, lookups.context);
  const sent = lookups.rowOf(event.sent);
  const sentTo = sent ? normaliseAddress(sent.toAddress) : null;
  const { receivedAt } = envelope;
  const preview = splitQuoted(message).newText;

  const bounce =
    event.kind === 'bounce'
      ? {
          severity: event.bounce.severity,
          status: event.bounce.status,
          action: event.bounce.action,
          finalRecipient: event.bounce.finalRecipient,
          originalMessageId: event.bounce.originalMessageId,
          diagnostic: event.bounce.diagnostic,
          reportingMta: event.bounce.reportingMta,
          source: event.bounce.source,
          mta: event.bounce.mta,
          addresses: bouncedAddresses(event.bounce, sentTo).map((entry) => entry.address),
        }
      : null;

  const row: Omit<repo.InboundInsert, 'bounce'> = {
    ...envelope,
    fromName: message.from?.name ? storable(message.from.name) : null,
    toAddresses: storableJson([...message.to, ...message.cc].map((address) => address.address)),
    replyToAddresses: storableJson(message.replyTo.map((address) => address.address)),
    subject: storable(message.subject, 998),
    class: event.kind,
    heuristic: event.heuristic,
    outboundId: sent?.id ?? null,
    preview: storable(preview, PREVIEW_LIMIT),
    text: message.text ? storable(message.text, TEXT_LIMIT) : null,
    html: message.html ? storable(sanitiseInboundHtml(message.html), HTML_LIMIT) : null,
    attachments: storableJson(message.attachments),
  };

  const hasEffects = event.kind === 'bounce' || event.kind === 'unsubscribe' || event.kind === 'complaint';
  const stored = hasEffects
    ? await db.transaction(async (tx) => {
        const effects = await decideEffects(tx, scope, event, sentTo, receivedAt);
        const inboundId = await repo.insertInbound(tx, scoped, {
          ...row,
          bounce: bounce ? storableJson({ ...bounce, effectiveSeverity: effects.bounceSeverity }) : null,
        });
        // Already stored: nothing else is written, and nobody hears of it again.
        if (inboundId === null) return null;
        for (const entry of effects.suppress) await repo.suppress(tx, scope, { ...entry, outboundId: sent?.id ?? null });
        return { inboundId, effects };
      })
    : // One statement: no transaction needed (most mail: replies, auto-replies, the rest).
      await repo.insertInbound(db, scoped, { ...row, bounce: null }).then((inboundId) =>
        inboundId === null ? null : { inboundId, effects: { suppress: [], bounceSeverity: null } as Effects },
      );
  if (!stored) return { event: null, messageId };

  return {
    messageId,
    event: {
      inboundId: stored.inboundId,
      accountId: mailbox.accountId,
      userId: mailbox.userId,
      emailAccountId: mailbox.id,
      folder: fetched.folder,
      class: event.kind,
      messageId,
      sender: event.sender,
      receivedAt,
      outboundId: sent?.id ?? null,
      campaignId: sent?.campaignId ?? null,
      recipientId: sent?.recipientId ?? null,
      step: sent?.step ?? null,
      heuristic: event.heuristic,
      malformed: event.malformed,
      bounceSeverity: stored.effects.bounceSeverity,
      relation: event.kind === 'oreply' ? event.relation : null,
      autoReplySignals: event.kind === 'areply' ? event.signals : [],
      unsubscribeLanguage: event.kind === 'unsubscribe' ? event.request.language : null,
      suppressed: stored.effects.suppress,
    },
  };
}
