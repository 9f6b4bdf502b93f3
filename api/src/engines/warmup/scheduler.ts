/**
 * The warm-up pool's day, as two durable steps (modules/warmup/jobs.ts runs them):
 *
 * 1. `planDay`: reads the pool (every active warm-up of a live, connected mailbox with IMAP,
 *    across accounts), gives each mailbox its target by the ramp (rules/warmup.ts: the campaign
 *    day cap while it sends a campaign, the start volume while throttled), pairs them with
 *    plan.ts (no pair again within the 7-day cooldown), and writes one `warmup_sends` row per mail
 *    with a due time spread over the mailbox's sending window. The day is claimed per mailbox
 *    (`last_planned_day`) in the same transaction as its rows, so a re-run, a restart or a second
 *    worker plans nobody twice, and a day without a window (weekdays only on a Saturday, a
 *    schedule's day off) neither sends nor advances the ramp.
 * 2. `queuePlanned`: hands planned rows to the mail engine as `kind: 'warmup'` (outside the
 *    campaign limits, no signature, no tracking) with the mark header and a note in the owner's
 *    language; the outbound row's idempotency key is the send's id, so it is queued exactly once
 *    even when the pass dies between the enqueue and the row's update.
 */
import { DEFAULT_RAMP, LOCALES, WARMUP_RULES, warmupDailyTarget, type Locale } from '@leadforge/contracts';
import { nextWindowOpening, windowStretchEnd, type SendingWindow } from '../mail/outbound/limits';
import { scheduleWindow } from '../campaign/schedule';
import { warmupClock, type WarmupEngineDeps } from './deps';
import { composeWarmupMail } from './messages';
import { planWarmupDay, type PoolMailbox } from './plan';
import * as repo from './repository';
import { WARMUP_HEADER, warmupToken } from './token';

const DAY_MS = 86_400_000;
/** Without a schedule or a sending window of its own, a mailbox writes between 8 AM and 6 PM of its owner's clock. */
const DEFAULT_HOURS = { from: 8 * 60, to: 18 * 60 };
const ALL_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export type WarmupSchedulerDeps = WarmupEngineDeps;

export interface DayPlanReport {
  day: string;
  pool: number;
  /** Mailboxes that send today (claimed by this run). */
  senders: number;
  planned: number;
  /** Mails that found no partner (a small pool), summed over the senders. */
  unmet: number;
}

export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

function isSendingWindow(value: unknown): value is SendingWindow {
  if (typeof value !== 'object' || value === null) return false;
  const window = value as Record<string, unknown>;
  return typeof window.timeZone === 'string' && Array.isArray(window.days);
}

/** Where the mailbox's warm-up may send: its schedule, else its own sending window, else office hours; weekdays only drops the weekend. */
export function warmupWindow(row: Pick<repo.PoolRow, 'schedule_timezone' | 'schedule_days' | 'sending_window' | 'weekdays_only' | 'user_time_zone'>): SendingWindow {
  let window: SendingWindow;
  if (row.schedule_timezone) window = scheduleWindow({ timezone: row.schedule_timezone, days: row.schedule_days });
  else if (isSendingWindow(row.sending_window)) window = row.sending_window;
  else window = { timeZone: row.user_time_zone || 'UTC', days: ALL_DAYS.map((day) => ({ day, ...DEFAULT_HOURS })) };
  return row.weekdays_only ? { ...window, days: window.days.filter((day) => day.day !== 'sat' && day.day !== 'sun') } : window;
}

/** The next stretch of the window starting within a day of `from`, or null (no sending today). */
export function nextOpenStretch(window: SendingWindow, from: Date): { start: Date; end: Date } | null {
  let start: Date | null;
  try {
    start = nextWindowOpening(window, from);
  } catch {
    return null; // an unknown time zone: the mailbox's settings need fixing, the others go on
  }
  if (!start || start.getTime() - from.getTime() >= DAY_MS) return null;
  return { start, end: windowStretchEnd(window, start, DAY_MS) };
}

/** n due times spread evenly over [start, end), each moved at random within its slot. */
export function spreadOver(stretch: { start: Date; end: Date }, count: number, random: () => number): Date[] {
  const span = stretch.end.getTime() - stretch.start.getTime();
  const slot = span / Math.max(1, count);
  return Array.from({ length: count }, (_, index) => new Date(Math.floor(stretch.start.getTime() + slot * (index + 0.1 + 0.8 * random()))));
}

/** A pool mailbox's target on its next warm-up day: the ramp, the campaign day cap, the throttle. */
export function dailyTargetOf(row: Pick<repo.PoolRow, 'start_volume' | 'daily_increase' | 'ceiling' | 'days_warmed' | 'runs_campaign' | 'throttled'>): number {
  const ramp = { startVolume: row.start_volume ?? DEFAULT_RAMP.startVolume, dailyIncrease: row.daily_increase, ceiling: row.ceiling };
  return warmupDailyTarget(ramp, row.days_warmed + 1, { runsCampaign: row.runs_campaign, throttled: row.throttled });
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export class WarmupScheduler {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly scaled: (ms: number) => number;

  constructor(private readonly deps: WarmupSchedulerDeps) {
    ({ now: this.now, random: this.random, scaled: this.scaled } = warmupClock(deps));
  }

  /** Plans today's (UTC) warm-up mail of the whole pool; a second run the same day adds nothing. */
  async planDay(): Promise<DayPlanReport> {
    const now = this.now();
    const day = isoDay(now);
    const cooldownStart = isoDay(new Date(now.getTime() - (WARMUP_RULES.pairCooldownDays - 1) * DAY_MS));
    return this.deps.db.transaction(async (tx) => {
      const rows = await repo.readPool(tx);
      const stretches = new Map<number, { start: Date; end: Date }>();
      const pool: PoolMailbox[] = rows.map((row) => {
        const stretch = row.last_planned_day === day ? null : nextOpenStretch(warmupWindow(row), now);
        if (stretch) stretches.set(row.id, stretch);
        const target = stretch ? dailyTargetOf(row) : 0;
        return { id: row.id, domain: domainOf(row.email), provider: row.provider, target };
      });
      const plan = planWarmupDay(pool, await repo.recentPairs(tx, cooldownStart), this.random);
      const bySender = new Map<number, number[]>();
      for (const send of plan.sends) bySender.set(send.from, [...(bySender.get(send.from) ?? []), send.to]);
      // Only senders this run claims send: a concurrent or earlier run of the day keeps its own. A
      // mailbox that found no partner keeps its day (and its ramp day) for a later pass today — the
      // pass a warm-up starting later today asks for — instead of losing it.
      const claimed = await repo.claimDay(tx, day, [...bySender.keys()]);
      const sends: repo.NewSend[] = [];
      for (const [senderId, partners] of bySender) {
        if (!claimed.has(senderId)) continue;
        // On a fast clock (deps.ts) the rest of the day's window passes in its scaled length.
        const { start, end } = stretches.get(senderId)!;
        const due = spreadOver({ start, end: new Date(start.getTime() + this.scaled(end.getTime() - start.getTime())) }, partners.length, this.random);
        partners.forEach((partnerId, index) => sends.push({ senderId, partnerId, seq: index + 1, dueAt: due[index]! }));
      }
      const planned = await repo.insertSends(tx, day, sends);
      let unmet = 0;
      for (const value of plan.unmet.values()) unmet += value;
      return { day, pool: rows.length, senders: claimed.size, planned, unmet };
    });
  }

  /**
   * Hands planned mail due before `horizon` to the mail engine (which holds it until its due time
   * and keeps the mailbox's gap and window), at most `limit` a pass. Answers how many it handed
   * over and whether more wait.
   */
  async queuePlanned(options: { limit?: number; horizonMs?: number } = {}): Promise<{ queued: number; skipped: number; more: boolean }> {
    const limit = options.limit ?? 200;
    const rows = await repo.plannedSends(this.deps.db, new Date(this.now().getTime() + (options.horizonMs ?? DAY_MS)), limit);
    let queued = 0;
    let skipped = 0;
    for (const row of rows) {
      const id = Number(row.id);
      const token = warmupToken(id, this.deps.secret);
      const locale: Locale = (LOCALES as readonly string[]).includes(row.locale ?? '') ? (row.locale as Locale) : 'en';
      const mail = composeWarmupMail({
        locale,
        senderName: row.sender_name,
        recipientName: row.partner_name || null,
        recipientAddress: row.partner_email,
        random: this.random,
      });
      const result = await this.deps.mail.enqueue({
        kind: 'warmup',
        owner: { userId: Number(row.sender_user_id), accountId: Number(row.sender_account_id) },
        emailAccountId: Number(row.sender_id),
        to: row.partner_email,
        subject: mail.subject,
        text: mail.text,
        idempotencyKey: `warmup:${id}`,
        signature: false,
        headers: { [WARMUP_HEADER]: token },
        notBefore: new Date(row.due_at),
        priority: 0,
      });
      if (result.status === 'suppressed') {
        await repo.markSkipped(this.deps.db, id);
        skipped += 1;
        continue;
      }
      await repo.markQueued(this.deps.db, id, { outboundId: result.outboundId, token, messageId: result.messageId });
      queued += 1;
    }
    return { queued, skipped, more: rows.length === limit };
  }
}
