/**
 * The receiving side of the warm-up pool, as durable passes (modules/warmup/jobs.ts):
 *
 * - `recordPlacements`: the IMAP sync stores warm-up mail apart (`mail_inbound.class = 'warmup'`,
 *   only when its mark verifies) in the folder it was found in — INBOX, or the Junk folder found
 *   by its special-use flag in any language. Each send's placement is read from there, once; the
 *   receiving mailbox decides then, by its reply rate, whether and when it answers (45 minutes to
 *   two days later, earlier more often).
 * - `recordReplyPlacements`: the answers' placement in the senders' mailboxes, read the same way.
 * - `rescueFromSpam`: mail placed in spam, notes and answers, is moved to INBOX, marked read and
 *   flagged (the providers read "moved out of spam" as the strongest "not spam"), once each.
 * - `sendDueReplies`: the answers, through the mail engine as warm-up mail with the mark, in the
 *   same thread (In-Reply-To and References of the note), exactly once (the reply's idempotency
 *   key is the send's id).
 */
import { LOCALES, type Locale } from '@leadforge/contracts';
import { warmupClock, type WarmupEngineDeps } from './deps';
import { composeWarmupReply } from './messages';
import * as repo from './repository';
import { WARMUP_HEADER, warmupToken } from './token';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The earliest answer, and the spread after it (two days, squared so that most answers come sooner). */
export const REPLY_DELAY = { minMs: 45 * MINUTE_MS, spreadMs: 2 * DAY_MS - 45 * MINUTE_MS } as const;
/** Mail found later than this after it was planned is not looked for any more. */
const LOOKBACK_DAYS = 7;

export interface WarmupReceiverDeps extends WarmupEngineDeps {
  /** Moves messages out of a mailbox's Junk folder (the IMAP sync's moveFromJunkToInbox). */
  junk: { moveFromJunkToInbox(emailAccountId: number, messageIds: readonly string[]): Promise<string[]> };
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Where a warm-up mail the sync stored landed: INBOX, or the spam folder it was found in. */
const placementOf = (folder: string): 'inbox' | 'spam' => (folder.toUpperCase() === 'INBOX' ? 'inbox' : 'spam');

export function replyDelayMs(random: () => number): number {
  const draw = random();
  return Math.round(REPLY_DELAY.minMs + draw * draw * REPLY_DELAY.spreadMs);
}

export class WarmupReceiver {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly scaled: (ms: number) => number;

  constructor(private readonly deps: WarmupReceiverDeps) {
    ({ now: this.now, random: this.random, scaled: this.scaled } = warmupClock(deps));
  }

  private since(): string {
    return isoDay(new Date(this.now().getTime() - LOOKBACK_DAYS * DAY_MS));
  }

  async recordPlacements(limit = 500): Promise<{ inbox: number; spam: number; more: boolean }> {
    const rows = await repo.arrivedUnplaced(this.deps.db, this.since(), limit);
    let inbox = 0;
    let spam = 0;
    for (const row of rows) {
      const placement = placementOf(row.folder);
      const placedAt = new Date(row.received_at);
      const answers = this.random() * 100 < Number(row.reply_rate);
      await repo.recordPlacement(this.deps.db, Number(row.id), {
        placement,
        placedAt,
        replyDueAt: answers ? new Date(placedAt.getTime() + this.scaled(replyDelayMs(this.random))) : null,
      });
      if (placement === 'inbox') inbox += 1;
      else spam += 1;
    }
    return { inbox, spam, more: rows.length === limit };
  }

  /** Where the answers landed in the senders' mailboxes (they do not count toward health: the notes do). */
  async recordReplyPlacements(limit = 500): Promise<{ inbox: number; spam: number; more: boolean }> {
    const rows = await repo.repliesArrivedUnplaced(this.deps.db, this.since(), limit);
    let inbox = 0;
    for (const row of rows) {
      const placement = placementOf(row.folder);
      await repo.recordReplyPlacement(this.deps.db, Number(row.id), placement);
      if (placement === 'inbox') inbox += 1;
    }
    return { inbox, spam: rows.length - inbox, more: rows.length === limit };
  }

  /** Notes out of their receivers' spam folders, then answers out of the senders'. */
  async rescueFromSpam(limit = 200): Promise<{ rescued: number }> {
    let rescued = 0;
    for (const kind of ['note', 'reply'] as const) {
      const rows = await repo.spamToRescue(this.deps.db, kind, this.since(), limit);
      const byMailbox = new Map<number, { id: number; messageId: string }[]>();
      for (const row of rows) byMailbox.set(Number(row.mailbox_id), [...(byMailbox.get(Number(row.mailbox_id)) ?? []), { id: Number(row.id), messageId: row.message_id }]);
      for (const [mailboxId, sends] of byMailbox) {
        // A mailbox that cannot connect keeps its sends for the next pass; the others go on.
        let moved: string[];
        try {
          moved = await this.deps.junk.moveFromJunkToInbox(mailboxId, sends.map((send) => send.messageId));
        } catch {
          continue;
        }
        rescued += moved.length;
        // Not found in Junk any more (the owner moved or deleted it): nothing left to rescue either.
        await repo.markRescued(this.deps.db, kind, sends.map((send) => send.id), this.now());
      }
    }
    return { rescued };
  }

  async sendDueReplies(limit = 200): Promise<{ replied: number; more: boolean }> {
    const rows = await repo.dueReplies(this.deps.db, this.now(), limit);
    let replied = 0;
    for (const row of rows) {
      const id = Number(row.id);
      const locale: Locale = (LOCALES as readonly string[]).includes(row.locale ?? '') ? (row.locale as Locale) : 'en';
      const text = composeWarmupReply({
        locale,
        senderName: row.partner_name,
        recipientName: row.sender_name || null,
        recipientAddress: row.sender_email,
        random: this.random,
      });
      const subject = /^re:/i.test(row.subject) ? row.subject : `Re: ${row.subject}`;
      const result = await this.deps.mail.enqueue({
        kind: 'warmup',
        owner: { userId: Number(row.partner_user_id), accountId: Number(row.partner_account_id) },
        emailAccountId: Number(row.partner_id),
        to: row.sender_email,
        subject,
        text,
        idempotencyKey: `warmup-reply:${id}`,
        signature: false,
        headers: { [WARMUP_HEADER]: warmupToken(id, this.deps.secret), 'In-Reply-To': row.message_id, References: row.message_id },
        priority: 0,
      });
      await repo.markReplied(this.deps.db, id, { outboundId: result.status === 'queued' ? result.outboundId : null, at: this.now() });
      if (result.status === 'queued') replied += 1;
    }
    return { replied, more: rows.length === limit };
  }
}
