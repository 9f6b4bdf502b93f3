/**
 * The LinkedIn action runner: every action (visit, like, follow, invite, message, InMail) is a row
 * of `linkedin_actions` written before the network is asked — unique per (campaign, recipient,
 * step) or (account, idempotency key) — claimed by one worker under a lease, performed through
 * the account's provider and recorded from the network's answer: exactly once, or visibly unknown
 * (CONVENTIONS "Exactly once or visibly unknown").
 *
 *   queued ──claim (lease, reserved on the day's counter)──▶ queued+claimed ──markRunning──▶ running
 *      ▲                 │ lease lapsed: taken again,                                         │
 *      │                 │ its reservation released                                           ├─▶ done
 *      ├─────────────────┘                                                                    ├─▶ failed (reason)
 *      ├──────────── retry (back-off) / session lost (the account waits) ◀────────────────────┤
 *      │                                                                                      └─ lease lapsed ─▶ failed
 *                                                                             linkedin_action_outcome_unknown (never again)
 *
 * Why a lapsed `running` action is failed rather than checked: the network has no reliable read
 * for "did this happen" for every action (a visit or a like leaves nothing to read back, a
 * message may be in a thread we cannot page to), and performing it again could send a second
 * invitation or message to a real person. So it is shown as unknown (its reservation stays
 * counted: it may have happened), and the campaign decides what to do with the step; should the
 * stuck worker's `done` still arrive, that known fact replaces the unknown.
 *
 * Claims take due actions with FOR UPDATE SKIP LOCKED, lock each account row, and apply the
 * pacing (schedule.ts) to the counters kept in the database, so the limits hold across worker
 * processes; an action the pacing holds back gets its new due time and the reason. An action is
 * `running` — committed — before the network is asked. Accounts are served in parallel, each
 * account's actions one after another.
 *
 * The parts: claim.ts (taking due actions within the pacing), perform.ts (asking the network,
 * recording the answer), inbox.ts, warmup.ts, profile-reads.ts; their shared types in types.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import type { SessionRef } from '../provider';
import { timeScaleOf } from '../time-scale';
import { claimDue } from './claim';
import { pollInbox } from './inbox';
import { emitOutcome, performClaimed } from './perform';
import { releaseVisit, reserveVisit } from './profile-reads';
import * as repo from './repository';
import {
  MINUTE,
  canonicalProfileUrl,
  type ClaimedGroup,
  type EnqueueRequest,
  type EnqueueResult,
  type InboundListener,
  type LinkedinInboundEvent,
  type LinkedinOutcomeEvent,
  type LinkedinRunnerOptions,
  type OutcomeListener,
  type PassReport,
  type ProfileReadResult,
  type RunnerContext,
  type RunnerLogger,
} from './types';
import { queueWarmup } from './warmup';

export {
  canonicalProfileUrl,
  retryDelayMs,
  type EnqueueRequest,
  type EnqueueResult,
  type InboundListener,
  type LinkedinInboundEvent,
  type LinkedinOutcomeEvent,
  type LinkedinRunnerOptions,
  type OutcomeListener,
  type PassReport,
  type ProfileReadResult,
  type RunnerLogger,
  type SessionOpener,
} from './types';
export { warmupPeople } from './warmup';

const SILENT: RunnerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class LinkedinRunner {
  readonly workerId: string;
  /** The test servers' fast clock (1: real time); the jobs pace the inbox polls by it too. */
  readonly timeScale: number;
  private readonly db: Db;
  private readonly now: () => Date;
  private logger: RunnerLogger;
  private readonly outcomeListeners = new Set<OutcomeListener>();
  private readonly inboundListeners = new Set<InboundListener>();
  private wake: ((actionId: number) => Promise<void>) | undefined;
  /** What the parts (claim, perform, inbox, warm-up) see of this runner. */
  private readonly ctx: RunnerContext;

  constructor(private readonly options: LinkedinRunnerOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger ?? SILENT;
    this.workerId = options.workerId ?? `linkedin-${process.pid}-${randomUUID().slice(0, 8)}`;
    const limits = {
      claimBatch: options.claimBatch ?? 100,
      claimLeaseMs: options.claimLeaseMs ?? 5 * MINUTE,
      performLeaseMs: options.performLeaseMs ?? 10 * MINUTE,
      passBudgetMs: options.passBudgetMs ?? MINUTE,
      maxAttempts: options.maxAttempts ?? 6,
    };
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context reads the logger of the moment
    const runner = this;
    this.timeScale = timeScaleOf(options.timeScale);
    this.ctx = {
      db: this.db,
      workerId: this.workerId,
      options,
      limits,
      timeScale: this.timeScale,
      get logger() {
        return runner.logger;
      },
      now: () => this.now(),
      emitOutcome: (event: LinkedinOutcomeEvent) => this.emit(this.outcomeListeners, event),
      emitInbound: (event: LinkedinInboundEvent) => this.emit(this.inboundListeners, event),
    };
  }

  /** Sets the logger once one is known (the service container has none; the job registry does). */
  useLogger(logger: RunnerLogger): void {
    this.logger = logger;
  }

  // ─── Subscribers ──────────────────────────────────────────────────────────────────────────

  /** Called once per final outcome (done, failed, unknown); returns the unsubscribe function. */
  onOutcome(listener: OutcomeListener): () => void {
    this.outcomeListeners.add(listener);
    return () => this.outcomeListeners.delete(listener);
  }

  /** Called once per accepted invitation and per reply stored; returns the unsubscribe function. */
  onInbound(listener: InboundListener): () => void {
    this.inboundListeners.add(listener);
    return () => this.inboundListeners.delete(listener);
  }

  /** How a queued action reaches a runner at once (the job queue); without it, the next tick takes it. */
  onEnqueued(wake: ((actionId: number) => Promise<void>) | undefined): void {
    this.wake = wake;
  }

  private async emit<T>(listeners: Set<(event: T) => void | Promise<void>>, event: T): Promise<void> {
    for (const listener of [...listeners]) {
      try {
        await listener(event);
      } catch (error) {
        // One consumer's bug must not stop the runner or the other consumers.
        this.logger.error({ err: error }, 'A LinkedIn runner listener failed');
      }
    }
  }

  // ─── Enqueue ──────────────────────────────────────────────────────────────────────────────

  /**
   * Writes the action; a repeated enqueue (same campaign step, or same idempotency key on the
   * account) answers the action already written. The caller has checked that the owner may use
   * the account (the inline route through its scoped repository, campaigns through their own).
   */
  async enqueue(request: EnqueueRequest): Promise<EnqueueResult> {
    const account = await repo.accountById(this.db, request.linkedinAccountId);
    if (!account || account.deleted) throw new DomainError('not_found');
    const now = this.now();
    const inserted = await repo.insertAction(this.db, {
      accountId: request.owner.accountId,
      userId: request.owner.userId,
      linkedinAccountId: request.linkedinAccountId,
      action: request.action,
      origin: request.origin,
      profileUrl: canonicalProfileUrl(request.profileUrl),
      subject: request.subject ?? null,
      content: request.content ?? null,
      campaignId: request.campaign?.campaignId ?? null,
      recipientId: request.campaign?.recipientId ?? null,
      step: request.campaign?.step ?? null,
      idempotencyKey: request.campaign ? null : (request.idempotencyKey ?? null),
      dueAt: request.dueAt ?? now,
      now,
    });
    if (inserted) {
      await this.notify(inserted.id);
      return { action: inserted, duplicate: false };
    }
    const key = request.campaign ?? (request.idempotencyKey ? { linkedinAccountId: request.linkedinAccountId, idempotencyKey: request.idempotencyKey } : null);
    const existing = key ? await repo.actionByKey(this.db, key) : undefined;
    if (!existing) throw new Error('linkedin_actions: a unique key was taken but its row is not visible');
    return { action: existing, duplicate: true };
  }

  private async notify(actionId: number): Promise<void> {
    try {
      await this.wake?.(actionId);
    } catch (error) {
      // The row is safe in the table; the runner's next tick takes it.
      this.logger.warn({ err: error, actionId }, 'LinkedIn runner: could not wake a runner');
    }
  }

  /** Cancels an account's queued actions (it was deleted); answers how many. */
  cancelForAccount(linkedinAccountId: number): Promise<number> {
    return repo.cancelQueued(this.db, linkedinAccountId, this.now());
  }

  // ─── Running ──────────────────────────────────────────────────────────────────────────────

  /**
   * One pass: fails lapsed running actions as unknown, then claims and performs due actions
   * until none is due (or the budget is spent). Answers when the runner is next needed.
   */
  async runOnce(signal?: AbortSignal): Promise<PassReport> {
    const started = Date.now();
    await this.sweep();
    let performed = 0;
    let more = false;
    while (!signal?.aborted) {
      if (Date.now() - started > this.ctx.limits.passBudgetMs) {
        more = true;
        break;
      }
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      performed += await this.performClaimed(claimed, signal);
    }
    return { performed, nextDueAt: await repo.nextDueAt(this.db), more: more || Boolean(signal?.aborted) };
  }

  /** Running actions whose lease lapsed become failed with an unknown outcome (never performed again). */
  async sweep(): Promise<number> {
    const swept = await repo.sweepLapsedRunning(this.db, this.now());
    if (swept.length > 0) this.logger.warn({ count: swept.length }, 'LinkedIn runner: actions left unknown by a stopped worker');
    for (const row of swept) await emitOutcome(this.ctx, row, 'unknown', 'linkedin_action_outcome_unknown', null);
    return swept.length;
  }


  /** Takes due actions the pacing allows and defers the others to the instant they will be allowed (claim.ts). */
  claim(): Promise<ClaimedGroup[]> {
    return claimDue(this.ctx);
  }

  /** Performs claimed actions: accounts in parallel, each account's actions one after another (perform.ts). */
  performClaimed(groups: readonly ClaimedGroup[], signal?: AbortSignal): Promise<number> {
    return performClaimed(this.ctx, groups, signal);
  }

  // ─── Profile reads ────────────────────────────────────────────────────────────────────────

  /**
   * Reads a profile on an active account's session now, as one of its visits (profile-reads.ts).
   * `not_read` with the reason when no visit is left today, the session cannot be opened or the
   * network refused; the caller then goes on without what the profile would have said.
   */
  async readProfileAsVisit(linkedinAccountId: number, profileUrl: string): Promise<ProfileReadResult> {
    const account = await repo.accountById(this.db, linkedinAccountId);
    if (!account || account.deleted || account.state !== 'active') return { kind: 'not_read', reason: 'linkedin_account_not_active' };
    let ref: SessionRef;
    try {
      ref = this.options.openSession(account);
    } catch {
      return { kind: 'not_read', reason: 'linkedin_account_not_active' };
    }
    const now = this.now();
    const visit = await reserveVisit(this.db, account.id, now);
    if (visit.kind === 'refused') return { kind: 'not_read', reason: visit.reason };
    try {
      return { kind: 'read', profile: await this.options.providers(account.provider).readProfile(ref, canonicalProfileUrl(profileUrl), now) };
    } catch (error) {
      await releaseVisit(this.db, visit);
      if (!(error instanceof DomainError)) this.logger.error({ err: error, linkedinAccountId }, 'LinkedIn runner: a profile read failed');
      return { kind: 'not_read', reason: error instanceof DomainError ? (error.items[0]?.key ?? 'service_unavailable') : 'linkedin_network_busy' };
    }
  }

  // ─── Inbox and warm-up ────────────────────────────────────────────────────────────────────

  /** Reads an active account's inbox since its cursor (inbox.ts). */
  pollInbox(linkedinAccountId: number): Promise<{ messages: number; accepted: number }> {
    return pollInbox(this.ctx, linkedinAccountId);
  }

  /** Active accounts whose inbox the polling job reads. */
  activeAccounts(): Promise<number[]> {
    return repo.activeAccountIds(this.db);
  }

  /** Queues the day's warm-up actions of every warming account (warmup.ts). */
  queueWarmup(): Promise<number> {
    return queueWarmup(this.ctx, (request) => this.enqueue(request));
  }
}
