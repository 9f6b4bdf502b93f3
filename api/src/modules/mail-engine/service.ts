/**
 * The mail engine's public side: opens and clicks recorded honestly (machines flagged), the
 * unsubscribe link's confirmation and its effect, and the campaign editor's test email.
 */
import { randomUUID } from 'node:crypto';
import { mailboxReasonErrorKey, renderDynamicText, type ErrorKey, type SendTestEmailBody } from '@leadforge/contracts';
import type { z } from 'zod';
import type { sendTestEmailBodySchema } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { MailEngine } from '../../engines/mail/outbound/outbox';
import { isSendable } from '../../engines/mail/outbound/mailbox';
import type { SendOutcome } from '../../engines/mail/outbound/smtp-outcome';
import { classifyClick, classifyOpen, isTrackingId } from '../../engines/mail/outbound/tracking';
import { scopeOf, type Caller } from '../account/caller';
import { testEmailAttachments } from '../email-content/service';
import type { ProspectsModule } from '../prospects/module';
import * as repo from './repository';
import {
  escapeHtml,
  fillPlaceholders,
  plainTextOf,
  prospectVariables,
  sanitizeMailHtml,
  sanitizeSubject,
  unknownPlaceholders,
} from './template';

type TestEmailBody = z.output<typeof sendTestEmailBodySchema>;
export type { SendTestEmailBody };

/** Who fetched a pixel or followed a link, as the request tells it. */
export interface Requester {
  method: string;
  userAgent: string | null;
  ip: string | null;
}

/** The open pixel: 1×1 transparent GIF. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export type EngagementListener = (outboundId: number) => Promise<void> | void;

export class TrackingService {
  private readonly listeners: EngagementListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Told after a person's open or click is recorded, so a campaign trigger waiting for it moves at
   * once instead of at its next scheduled look. Only a nudge: the recorded row is what counts.
   */
  onHumanEngagement(listener: EngagementListener): void {
    this.listeners.push(listener);
  }

  private announce(outboundId: number): void {
    for (const listener of this.listeners) {
      void Promise.resolve()
        .then(() => listener(outboundId))
        .catch((error: unknown) => console.warn('[tracking] an engagement listener failed', error));
    }
  }

  /** Records an open of the message the token belongs to; false for a token that is no pixel of ours. */
  async open(token: string, requester: Requester): Promise<boolean> {
    if (!isTrackingId(token)) return false;
    const link = await repo.trackingLink(this.db, token, 'open');
    if (!link) return false;
    // A HEAD asks about the image without loading it: no reader saw anything.
    if (requester.method.toUpperCase() === 'HEAD') return true;
    const at = this.now();
    const verdict = classifyOpen({ userAgent: requester.userAgent, ip: requester.ip, sentAt: link.sent_at ? new Date(link.sent_at) : at, at });
    await repo.insertTrackingEvent(this.db, {
      outboundId: link.outbound_id,
      linkId: link.id,
      kind: 'open',
      machine: verdict.kind === 'machine',
      reason: verdict.reason,
      userAgent: requester.userAgent?.slice(0, 512) ?? null,
      ip: requester.ip,
      at,
    });
    if (verdict.kind === 'human') this.announce(link.outbound_id);
    return true;
  }

  /** Records a click and answers the stored target; not_found for any token that is not a link of ours. */
  async click(token: string, requester: Requester): Promise<string> {
    if (!isTrackingId(token)) throw new DomainError('not_found');
    const link = await repo.trackingLink(this.db, token, 'click');
    if (!link?.url || !/^https?:\/\//i.test(link.url)) throw new DomainError('not_found');
    const at = this.now();
    const verdict = classifyClick({
      method: requester.method,
      userAgent: requester.userAgent,
      ip: requester.ip,
      deliveredAt: link.sent_at ? new Date(link.sent_at) : null,
      at,
    });
    await repo.insertTrackingEvent(this.db, {
      outboundId: link.outbound_id,
      linkId: link.id,
      kind: 'click',
      machine: verdict.kind === 'machine',
      reason: verdict.reason,
      userAgent: requester.userAgent?.slice(0, 512) ?? null,
      ip: requester.ip,
      at,
    });
    if (verdict.kind === 'human') this.announce(link.outbound_id);
    return link.url;
  }
}

/** `j•••@example.com`: enough for the recipient to recognise their address, not enough to read it off the link. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

export class UnsubscribeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async target(token: string): Promise<repo.UnsubscribeTarget> {
    if (!isTrackingId(token)) throw new DomainError('not_found');
    const target = await repo.unsubscribeTarget(this.db, token);
    if (!target) throw new DomainError('not_found');
    return target;
  }

  async info(token: string) {
    const target = await this.target(token);
    return {
      email: maskAddress(target.to_address),
      senderName: target.sender_name.trim() || target.sender_email.slice(target.sender_email.lastIndexOf('@') + 1),
      unsubscribed: target.unsubscribed,
    };
  }

  /**
   * Puts the address on the sender account's no-send list; every message to it not yet handed to
   * the server is then failed at its last check before sending. Idempotent.
   */
  async unsubscribe(token: string, requester: Requester) {
    const target = await this.target(token);
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const added = await repo.suppressForUnsubscribe(tx, target, at);
      // One event per unsubscribe, for the campaigns' recipient status; repeats add nothing.
      if (added) {
        await repo.insertTrackingEvent(tx, {
          outboundId: target.outbound_id,
          linkId: null,
          kind: 'unsubscribe',
          machine: false,
          reason: null,
          userAgent: requester.userAgent?.slice(0, 512) ?? null,
          ip: requester.ip,
          at,
        });
      }
    });
    return { ok: true as const, email: maskAddress(target.to_address) };
  }
}

/** Why a test email did not go out, with the fields of the send-email failure (document 2 §7.6). */
export class TestEmailFailure extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly detail: {
      isMailProviderError: boolean;
      /** The server's own words, when it gave an answer. */
      serverMessage: string | null;
      isRecipientsExceeded: boolean;
      /** The unknown placeholders, for variable_not_exist. */
      variables?: string[];
    },
  ) {
    super(key);
    this.name = 'TestEmailFailure';
  }
}

/** A refusal for too many recipients or messages: 452 / X.5.3, and quota answers of the big providers. */
export function isRecipientsExceeded(outcome: SendOutcome | null): boolean {
  if (!outcome || outcome.status === 'sent') return false;
  if (outcome.code === 452 || outcome.enhanced === '4.5.3' || outcome.enhanced === '5.5.3') return true;
  return /too many recipients|recipients? (?:limit|exceeded)|sending (?:limit|quota)|daily (?:user )?sending quota|rate limit|quota exceeded/i.test(outcome.reason);
}

export class TestEmailService {
  constructor(
    private readonly db: Db,
    private readonly engine: MailEngine,
    private readonly prospects: Pick<ProspectsModule, 'prospect'>,
  ) {}

  async send(caller: Caller, body: TestEmailBody): Promise<{ ok: true; messageId: string }> {
    const mailbox = await repo.sendableMailbox(this.db, scopeOf(caller), body.emailAccount);
    if (!mailbox) throw new DomainError('not_found', { field: 'emailAccount' });
    // Attachments are files of the campaign being edited (email-content); the engine reads their bytes when it sends.
    const attachments = await testEmailAttachments(this.db, caller, body.campaignId, body.attachments.map((file) => file.id));
    const prospect = body.prospectId ? await this.prospects.prospect.info(caller, body.prospectId, 0) : null;
    const values = prospect ? prospectVariables(prospect) : new Map<string, string>();
    const unknown = unknownPlaceholders(`${body.subject} ${body.body}`, [...values.keys()]);
    if (unknown.length > 0)
      throw new TestEmailFailure('variable_not_exist', { isMailProviderError: false, serverMessage: null, isRecipientsExceeded: false, variables: unknown });
    if (!isSendable(mailbox)) {
      const key = mailbox.status === 'paused' ? 'mail_account_paused' : (mailboxReasonErrorKey(mailbox.status_reason) ?? 'email_account_needs_reconnect');
      throw new TestEmailFailure(key, { isMailProviderError: false, serverMessage: null, isRecipientsExceeded: false });
    }

    // Dynamic text as the campaign would pick it for this prospect and block (the executor's seed).
    const seed = `${body.prospectId ?? 0}:${body.operatorId ?? ''}`;
    const subject = sanitizeSubject(fillPlaceholders(renderDynamicText(body.subject, `${seed}:subject`), values));
    const text = renderDynamicText(body.body, `${seed}:content`);
    const content = body.plainTextMode
      ? { text: plainTextOf(fillPlaceholders(text, values)) }
      : { html: sanitizeMailHtml(fillPlaceholders(text, values, escapeHtml)) };
    const result = await this.engine.sendNow({
      kind: 'test',
      owner: { userId: caller.userId, accountId: caller.accountId },
      emailAccountId: mailbox.id,
      to: body.email,
      subject,
      ...content,
      // Each test is its own message: the key only guards the engine against sending it twice.
      idempotencyKey: `test:${caller.userId}:${randomUUID()}`,
      attachments,
      tracking: { opens: false, clicks: false },
      unsubscribe: false,
    });
    const ours = { isMailProviderError: false, serverMessage: null, isRecipientsExceeded: false };
    if ('status' in result || result.skipped === 'suppressed') throw new TestEmailFailure('mail_recipient_suppressed', ours);
    if (result.state === 'sent') return { ok: true, messageId: result.messageId };
    if (result.skipped !== null) throw new TestEmailFailure('send_test_email_failed', ours);
    const outcome = result.outcome;
    throw new TestEmailFailure('send_test_email_failed', {
      isMailProviderError: outcome !== null,
      serverMessage: outcome && outcome.status !== 'sent' ? outcome.reason : null,
      isRecipientsExceeded: isRecipientsExceeded(outcome),
    });
  }
}
