/**
 * The warm-up area's rules (issue 17, document 2 §7.8): the caller's warm-up list with status,
 * health, today's target and the 7- and 30-day rates; statistics per day; the plan's limits;
 * settings per mailbox; start, pause and stop, one at a time or in bulk. It never sees HTTP.
 *
 * Starting refuses, each with its own key: a mailbox without IMAP (warm-up must read its mail
 * back), a ceiling above the plan's, more warming mailboxes than the plan allows, a schedule that
 * would never send. A mailbox that cannot connect starts as `pending` (with the mailbox's reason)
 * and the planner takes it once it connects. The first warm-up a user starts completes
 * onboarding step 6.
 */
import {
  DEFAULT_RAMP,
  ONBOARDING_STEPS,
  WARMUP_RECENT_CONVERSATIONS,
  WARMUP_RULES,
  WEEK_DAYS,
  scheduleIssues,
  warmupHealthOf,
  warmupPlanLimits,
  type ScheduleDay,
  type SettableWarmupStatus,
  type WarmupAccount,
  type WarmupBulkAction,
  type WarmupBulkResponse,
  type WarmupListQuery,
  type WarmupRates,
  type WarmupSettings,
  type WarmupSettingsPatch,
  type WarmupStatistics,
  type WarmupStatisticsQuery,
  type WarmupStatus,
  type WarmupUserLimits,
} from '@leadforge/contracts';
import type { Db, Tx } from '../../db/types';
import type { JobQueue } from '../../jobs/queue';
import { dailyTargetOf } from '../../engines/warmup/scheduler';
import { DomainError, isDomainError } from '../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../account/caller';
import type { GamificationService } from '../gamification/service';
import { WARMUP_PLAN_JOB } from './jobs';
import * as repo from './repository';

export interface WarmupDeps {
  db: Db;
  gamification: Pick<GamificationService, 'completeStepQuietly'>;
  now?: () => Date;
}

export const DEFAULT_WARMUP_SETTINGS: WarmupSettings = {
  ...DEFAULT_RAMP,
  replyRate: WARMUP_RULES.replyRate,
  weekdaysOnly: false,
  scheduleId: null,
};

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

function ratesOf(counts: repo.WindowCounts | undefined): WarmupRates {
  const { sent = 0, inbox = 0, spam = 0, replied = 0 } = counts ?? {};
  return { sent, inbox, spam, replied, inboxRate: percent(inbox, inbox + spam), spamRate: percent(spam, inbox + spam), replyRate: percent(replied, sent) };
}

function settingsOf(row: repo.WarmupRow | null): WarmupSettings {
  if (!row) return { ...DEFAULT_WARMUP_SETTINGS };
  return {
    startVolume: row.startVolume,
    dailyIncrease: row.dailyIncrease,
    ceiling: row.ceiling,
    replyRate: row.replyRate,
    weekdaysOnly: row.weekdaysOnly,
    scheduleId: row.scheduleId,
  };
}

/** A mailbox that cannot connect (or that its owner paused) makes its warm-up wait as pending. */
function pendingReason(mailbox: repo.MailboxWarmup): string | null {
  if (mailbox.mailboxStatus === 'active') return null;
  if (mailbox.mailboxStatus === 'paused') return 'mailbox_paused';
  return mailbox.mailboxStatusReason ?? mailbox.mailboxStatus;
}

export class WarmupService {
  private readonly now: () => Date;
  private queue: JobQueue | undefined;

  constructor(private readonly deps: WarmupDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get db() {
    return this.deps.db;
  }

  async userLimits(caller: Caller): Promise<WarmupUserLimits> {
    const scope = scopeOf(caller);
    const limits = warmupPlanLimits(caller.plan);
    const [usedMailboxes, poolSize] = await Promise.all([repo.countOwnWarmingUp(this.db, scope, 0), repo.poolSize(this.db)]);
    return {
      maxMailboxes: limits.maxMailboxes,
      usedMailboxes,
      maxCeiling: limits.maxCeiling,
      defaults: { ...DEFAULT_WARMUP_SETTINGS },
      poolSize,
      poolMinimum: WARMUP_RULES.poolMinimum,
    };
  }

  async list(caller: Caller, query: WarmupListQuery) {
    const { rows, total } = await repo.listReadable(this.db, scopeOf(caller), query);
    return { items: await this.views(rows), total, page: query.page, perPage: query.perPage };
  }

  async statistics(caller: Caller, query: WarmupStatisticsQuery): Promise<WarmupStatistics> {
    const scope = scopeOf(caller);
    let ids: number[];
    if (query.emailAccountId !== undefined) {
      if (!(await repo.findReadable(this.db, scope, query.emailAccountId))) throw new DomainError('not_found');
      ids = [query.emailAccountId];
    } else {
      ids = await repo.readableIds(this.db, scope);
    }
    const today = this.now();
    const first = new Date(today.getTime() - (query.days - 1) * DAY_MS);
    const [daily, figures, recent] = await Promise.all([
      repo.dailyFigures(this.db, ids, isoDay(first)),
      this.figures(ids),
      query.emailAccountId === undefined ? [] : repo.recentConversations(this.db, query.emailAccountId, WARMUP_RECENT_CONVERSATIONS),
    ]);
    const series = Array.from({ length: query.days }, (_, index) => {
      const date = isoDay(new Date(first.getTime() + index * DAY_MS));
      return { date, sent: 0, inbox: 0, spam: 0, replied: 0, ...daily.get(date) };
    });
    const sum = (window: 'last7' | 'last30'): repo.WindowCounts => {
      const total = { sent: 0, inbox: 0, spam: 0, replied: 0, bounces: 0 };
      for (const item of figures.values()) for (const key of Object.keys(total) as (keyof repo.WindowCounts)[]) total[key] += item[window][key];
      return total;
    };
    const last7 = sum('last7');
    return {
      daily: series,
      last7: ratesOf(last7),
      last30: ratesOf(sum('last30')),
      health: query.emailAccountId !== undefined ? warmupHealthOf({ inbox: last7.inbox, spam: last7.spam, bounces: last7.bounces }) : null,
      recent: recent.map((row) => ({
        id: Number(row.id),
        direction: row.direction,
        partnerDomain: row.partner_domain.slice(0, 255),
        at: new Date(row.at).toISOString(),
        placement: row.placement,
        rescued: row.rescued,
        replied: row.replied,
      })),
    };
  }

  /** One mailbox's warm-up as the list shows it; not_found when the caller may not read it. */
  async get(caller: Caller, id: number): Promise<WarmupAccount> {
    const row = await repo.findReadable(this.db, scopeOf(caller), id);
    if (!row) throw new DomainError('not_found');
    return this.view(row);
  }

  async usedSchedules(caller: Caller) {
    const rows = await repo.ownSchedulesWithUse(this.db, scopeOf(caller));
    return { items: rows.map(({ id, name, timezone, usedBy }) => ({ id, name, timezone, usedBy })) };
  }

  async updateSettings(caller: Caller, id: number, patch: WarmupSettingsPatch): Promise<WarmupAccount> {
    const scope = scopeOf(caller);
    const row = await this.db.transaction(async (tx) => {
      const mailbox = await repo.findOwnForUpdate(tx, scope, id);
      if (!mailbox) throw new DomainError('not_found');
      const settings = { ...settingsOf(mailbox.warmup), ...patch };
      if (settings.startVolume > settings.ceiling) throw new DomainError('validation_failed', { field: 'startVolume' });
      await this.assertSettingsAllowed(tx, caller, scope, settings);
      const saved = await repo.saveOwn(tx, scope, id, { ...this.stateOf(mailbox), ...settings });
      return { ...mailbox, warmup: saved ?? null };
    });
    return this.view(row);
  }

  async setStatus(caller: Caller, id: number, status: SettableWarmupStatus): Promise<WarmupAccount> {
    const { mailbox, startedFirst } = await this.db.transaction((tx) => this.changeStatus(tx, caller, id, status));
    if (startedFirst) await this.deps.gamification.completeStepQuietly(caller, ONBOARDING_STEPS.warmUp);
    if (mailbox.warmup?.status === 'active') await this.planSoon([id]);
    return this.view(mailbox);
  }

  useQueue(queue: JobQueue | undefined): void {
    this.queue = queue;
  }

  /**
   * A warm-up that starts (or resumes) today sends today, over what is left of its window, as the
   * best tools' warm-ups begin within hours: a plan pass for today, once per mailbox and day (the
   * day's pass claims each mailbox once, so mailboxes planned already are left as they are).
   */
  private async planSoon(ids: readonly number[]): Promise<void> {
    if (!this.queue || ids.length === 0) return;
    const day = isoDay(this.now());
    for (const id of ids) await this.queue.enqueue(WARMUP_PLAN_JOB, {}, { idempotencyKey: `start:${id}:${day}`, startAfterSeconds: 2 });
  }

  /** Each mailbox on its own: one that cannot change is answered in `failed` and the others go ahead. */
  async bulk(caller: Caller, action: WarmupBulkAction, ids: readonly number[]): Promise<WarmupBulkResponse> {
    const status: SettableWarmupStatus = action === 'start' ? 'active' : 'paused';
    const result: WarmupBulkResponse = { updated: [], failed: [] };
    let started = false;
    for (const id of [...new Set(ids)]) {
      try {
        const outcome = await this.db.transaction((tx) => this.changeStatus(tx, caller, id, status));
        started ||= outcome.startedFirst;
        result.updated.push(id);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        result.failed.push({ emailAccountId: id, key: error.items[0]?.key ?? 'something_went_wrong' });
      }
    }
    if (started) await this.deps.gamification.completeStepQuietly(caller, ONBOARDING_STEPS.warmUp);
    if (status === 'active') await this.planSoon(result.updated);
    return result;
  }

  // ------------------------------------------------------------------ internals

  /** The state columns as they are (settings changes keep status and ramp day). */
  private stateOf(mailbox: repo.MailboxWarmup): Omit<repo.WarmupValues, keyof WarmupSettings> {
    const row = mailbox.warmup;
    return {
      status: row?.status ?? 'disabled',
      statusReason: row?.statusReason ?? null,
      startedAt: row?.startedAt ?? null,
      daysWarmed: row?.daysWarmed ?? 0,
      lastPlannedDay: row?.lastPlannedDay ?? null,
      health: row?.health ?? null,
      throttledAt: row?.throttledAt ?? null,
    };
  }

  private async assertSettingsAllowed(tx: Tx, caller: Caller, scope: Scope, settings: WarmupSettings) {
    if (settings.ceiling > warmupPlanLimits(caller.plan).maxCeiling) throw new DomainError('warmup_ceiling_plan', { field: 'ceiling' });
    if (settings.scheduleId === null) return;
    const schedule = await repo.findOwnSchedule(tx, scope, settings.scheduleId);
    if (!schedule) throw new DomainError('not_found', { field: 'scheduleId' });
    const days = (Array.isArray(schedule.days) ? schedule.days : []) as ScheduleDay[];
    // Weekdays only on a weekend schedule sends on no day at all.
    const sending = days.filter((day) => !settings.weekdaysOnly || (day.day !== 'sat' && day.day !== 'sun'));
    const issues = scheduleIssues(sending.length > 0 ? sending : WEEK_DAYS.map((day) => ({ day, enabled: false, from: '9:00 AM', to: '5:00 PM' })));
    const issue = issues.find((candidate) => candidate.key === 'schedule_no_days') ?? issues[0];
    if (issue) throw new DomainError(issue.key, { field: 'scheduleId' });
  }

  private async changeStatus(
    tx: Tx,
    caller: Caller,
    id: number,
    status: SettableWarmupStatus,
  ): Promise<{ mailbox: repo.MailboxWarmup; startedFirst: boolean }> {
    const scope = scopeOf(caller);
    if (status === 'active') await repo.lockOwner(tx, scope);
    const mailbox = await repo.findOwnForUpdate(tx, scope, id);
    if (!mailbox) throw new DomainError('not_found');
    const current: WarmupStatus = mailbox.warmup?.status ?? 'disabled';
    const state = this.stateOf(mailbox);
    const settings = settingsOf(mailbox.warmup);
    let next: repo.WarmupValues;
    let startedFirst = false;
    if (status === 'active') {
      if (current === 'active' || current === 'pending') return { mailbox, startedFirst };
      if (!mailbox.imapHost) throw new DomainError('warmup_imap_required');
      const limit = warmupPlanLimits(caller.plan).maxMailboxes;
      // A paused warm-up already holds its place; a stopped one takes a new one.
      if (current === 'disabled' && limit !== null && (await repo.countOwnWarmingUp(tx, scope, id)) >= limit) {
        throw new DomainError('warmup_mailbox_limit_plan');
      }
      await this.assertSettingsAllowed(tx, caller, scope, settings);
      const reason = pendingReason(mailbox);
      const restart = current === 'disabled';
      startedFirst = mailbox.warmup?.startedAt == null;
      next = {
        ...state,
        ...settings,
        status: reason ? 'pending' : 'active',
        statusReason: reason,
        ...(restart ? { startedAt: this.now(), daysWarmed: 0, lastPlannedDay: null, throttledAt: null } : {}),
      };
    } else if (status === 'paused') {
      if (current === 'paused' || current === 'disabled') return { mailbox, startedFirst };
      next = { ...state, ...settings, status: 'paused', statusReason: null };
    } else {
      if (current === 'disabled') return { mailbox, startedFirst };
      next = { ...state, ...settings, status: 'disabled', statusReason: null };
    }
    const saved = await repo.saveOwn(tx, scope, id, next);
    return { mailbox: { ...mailbox, warmup: saved ?? null }, startedFirst };
  }

  private async figures(ids: readonly number[]) {
    const today = this.now();
    return repo.figuresBySender(
      this.db,
      ids,
      isoDay(today),
      isoDay(new Date(today.getTime() - (WARMUP_RULES.healthWindowDays - 1) * DAY_MS)),
      isoDay(new Date(today.getTime() - 29 * DAY_MS)),
    );
  }

  private async view(mailbox: repo.MailboxWarmup): Promise<WarmupAccount> {
    const [item] = await this.views([mailbox]);
    return item!;
  }

  private async views(rows: readonly repo.MailboxWarmup[]): Promise<WarmupAccount[]> {
    const figures = await this.figures(rows.map((row) => row.id));
    return rows.map((row) => {
      const warmup = row.warmup;
      const settings = settingsOf(warmup);
      const status: WarmupStatus = warmup?.status ?? 'disabled';
      const own = figures.get(row.id);
      const last7 = ratesOf(own?.last7);
      const daysWarmed = warmup?.daysWarmed ?? 0;
      const throttled = warmup?.throttledAt != null;
      // Today's target by the planner's own rule (the ramp, the campaign day cap, the throttle),
      // which targets the day after `days_warmed`: once today is planned (lastPlannedDay = today)
      // it is already counted there.
      const warmedBeforeToday = warmup?.lastPlannedDay === isoDay(this.now()) ? daysWarmed - 1 : daysWarmed;
      const dailyTarget = dailyTargetOf({
        start_volume: settings.startVolume,
        daily_increase: settings.dailyIncrease,
        ceiling: settings.ceiling,
        days_warmed: warmedBeforeToday,
        runs_campaign: row.runsCampaign,
        throttled,
      });
      return {
        id: row.id,
        emailAccountId: row.id,
        userId: row.userId,
        email: row.email,
        senderName: row.senderName,
        status,
        statusReason: status === 'pending' ? (warmup?.statusReason ?? null) : null,
        health: warmup?.health ?? null,
        dailyLimit: settings.ceiling,
        dailyTarget: status === 'active' ? dailyTarget : 0,
        sentToday: own?.sentToday ?? 0,
        inboxRate: last7.inboxRate,
        scheduleId: settings.scheduleId,
        startedAt: warmup?.startedAt ? warmup.startedAt.toISOString() : null,
        settings,
        daysWarmed,
        throttled,
        hasImap: row.imapHost !== null && row.imapHost !== '',
        last7,
        last30: ratesOf(own?.last30),
      };
    });
  }
}
