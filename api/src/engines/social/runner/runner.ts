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
 */
import { randomUUID } from 'node:crypto';
import { LINKEDIN_WARMUP, normaliseLinkedinProfileLink, type LinkedinActionType, type PushEvent } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import type { ActionOutcome, InboxPage, SessionRef, SocialNetworkProvider, SocialProviderName } from '../provider';
import { sandboxSearchItem } from '../sandbox/search';
import * as repo from './repository';
import type { ActionRow, RunnerAccountRow } from './repository';
import { decideAction, localDayOf, type ActionOrigin } from './schedule';

export interface RunnerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const SILENT: RunnerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Reads an account's session and proxy (decrypted by the linkedin-accounts area); throws when they cannot be read. */
export type SessionOpener = (account: RunnerAccountRow) => SessionRef;

export interface LinkedinRunnerOptions {
  db: Db;
  /** The provider serving an account (its `provider` column). */
  providers: (name: SocialProviderName) => SocialNetworkProvider;
  openSession: SessionOpener;
  /** Where `account.changed` goes when an account loses its session. */
  push?: { emitToUser(userId: number, event: PushEvent): void };
  logger?: RunnerLogger;
  /** The runner's clock; tests move it. */
  now?: () => Date;
  /** Names this process in `claimed_by`. */
  workerId?: string;
  /** Actions looked at per claim. */
  claimBatch?: number;
  /** How long a claimed action may wait for its turn before another worker may take it. */
  claimLeaseMs?: number;
  /** How long the network may take with one action before the action is called unknown. */
  performLeaseMs?: number;
  /** A pass ends after this long and is rescheduled at once (keeps a job short). */
  passBudgetMs?: number;
  /** Attempts of an action the network keeps refusing with "try later" before it fails. */
  maxAttempts?: number;
}

export interface EnqueueRequest {
  /** Whose action it is (the slot's user and their account); the row carries them. */
  owner: { userId: number; accountId: number };
  linkedinAccountId: number;
  action: LinkedinActionType;
  profileUrl: string;
  subject?: string | null;
  content?: string | null;
  origin: ActionOrigin;
  /** A campaign step: unique per (campaign, recipient, step). */
  campaign?: { campaignId: number; recipientId: number; step: number };
  /** Unique per account; a second enqueue with it answers the first action. */
  idempotencyKey?: string;
  /** Not before this instant (a sequence's delay). */
  dueAt?: Date;
}

export interface EnqueueResult {
  action: ActionRow;
  duplicate: boolean;
}

/** A final outcome of an action, for the campaigns area (the recipient's LinkedIn value sets). */
export interface LinkedinOutcomeEvent {
  actionId: number;
  linkedinAccountId: number;
  accountId: number;
  userId: number;
  action: LinkedinActionType;
  origin: ActionOrigin;
  profileUrl: string;
  campaign: { campaignId: number; recipientId: number; step: number | null } | null;
  /** `unknown`: the worker stopped while the network was asked; the action is failed and never repeated. */
  outcome: 'done' | 'failed' | 'unknown';
  /** An error key when not done. */
  reason: string | null;
  at: Date;
  /** The stored message (linkedin_messages.id) of a message, InMail or invitation note. */
  messageId: number | null;
}

/** What the inbox polling found: an accepted invitation or a reply, announced once each. */
export type LinkedinInboundEvent =
  | {
      kind: 'invite_accepted';
      linkedinAccountId: number;
      accountId: number;
      /** The slot's user (the assignee, else the owner). */
      userId: number;
      profileUrl: string;
      profileName: string | null;
      acceptedAt: Date;
      invitationId: number;
      actionId: number | null;
      campaignId: number | null;
      recipientId: number | null;
    }
  | {
      kind: 'reply';
      /** A reply to a message or to an InMail. */
      messageKind: 'message' | 'in_mail';
      linkedinMessageId: number;
      threadKey: string;
      linkedinAccountId: number;
      accountId: number;
      userId: number;
      profileUrl: string;
      profileName: string | null;
      body: string;
      sentAt: Date;
      campaignId: number | null;
      recipientId: number | null;
    };

export type OutcomeListener = (event: LinkedinOutcomeEvent) => void | Promise<void>;
export type InboundListener = (event: LinkedinInboundEvent) => void | Promise<void>;

export interface PassReport {
  performed: number;
  nextDueAt: Date | null;
  /** The pass stopped early (budget or signal): run again at once. */
  more: boolean;
}

interface ClaimedGroup {
  account: RunnerAccountRow;
  ids: number[];
}

/**
 * The network's canonical form of a profile link (`https://www.linkedin.com/in/<handle>`), so the
 * invitations, messages and inbox of one person meet on one key; other links stay as given (the
 * network refuses them as unavailable profiles).
 */
export function canonicalProfileUrl(url: string): string {
  return normaliseLinkedinProfileLink(url) ?? url.trim();
}

/** Back-off of an action the network asked to try later: 2, 4, 8 … minutes, at most 2 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 * HOUR, 2 ** Math.max(1, attempts) * MINUTE);
}

export class LinkedinRunner {
  readonly workerId: string;
  private readonly db: Db;
  private readonly now: () => Date;
  private logger: RunnerLogger;
  private readonly claimBatch: number;
  private readonly claimLeaseMs: number;
  private readonly performLeaseMs: number;
  private readonly passBudgetMs: number;
  private readonly maxAttempts: number;
  private readonly outcomeListeners = new Set<OutcomeListener>();
  private readonly inboundListeners = new Set<InboundListener>();
  private wake: ((actionId: number) => Promise<void>) | undefined;

  constructor(private readonly options: LinkedinRunnerOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger ?? SILENT;
    this.workerId = options.workerId ?? `linkedin-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.claimBatch = options.claimBatch ?? 100;
    this.claimLeaseMs = options.claimLeaseMs ?? 5 * MINUTE;
    this.performLeaseMs = options.performLeaseMs ?? 10 * MINUTE;
    this.passBudgetMs = options.passBudgetMs ?? MINUTE;
    this.maxAttempts = options.maxAttempts ?? 6;
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
      if (Date.now() - started > this.passBudgetMs) {
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
    for (const row of swept) await this.emitOutcome(row, 'unknown', 'linkedin_action_outcome_unknown', null);
    return swept.length;
  }

  /** Takes due actions the pacing allows and defers the others to the instant they will be allowed. */
  async claim(): Promise<ClaimedGroup[]> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const due = await repo.lockDueActions(tx, now, this.claimBatch);
      if (due.length === 0) return [];
      const accounts = new Map((await repo.lockAccounts(tx, [...new Set(due.map((row) => row.linkedinAccountId))])).map((account) => [account.id, account]));
      const days = new Map<number, string>();
      const unreadable = new Set<number>();
      for (const account of accounts.values()) {
        try {
          days.set(account.id, localDayOf(account, now));
        } catch {
          unreadable.add(account.id);
        }
      }
      const [usage, pending] = await Promise.all([
        repo.usageOn(
          tx,
          [...days].map(([linkedinAccountId, day]) => ({ linkedinAccountId, day })),
        ),
        repo.pendingOf(tx, [...accounts.keys()]),
      ]);
      const counters = new Map(
        [...accounts.values()].map((account) => [
          account.id,
          {
            used: new Map(usage.filter((row) => row.linkedinAccountId === account.id).map((row) => [row.action, row.count])),
            pending: pending.get(account.id) ?? 0,
            lastActionAt: account.lastActionAt,
            taken: false,
          },
        ]),
      );

      const claims: repo.Claim[] = [];
      const deferred: { id: number; dueAt: Date; reason: string | null }[] = [];
      const stale: repo.DueAction[] = [];
      for (const row of due) {
        const account = accounts.get(row.linkedinAccountId);
        const counter = counters.get(row.linkedinAccountId);
        // Another claimer is deciding for this account right now: its actions wait for the next claim.
        if (!account || !counter) continue;
        // A claim of a worker that stopped before starting it: its reservation is released here.
        if (row.countedOn !== null) stale.push(row);
        const day = days.get(account.id);
        if (!day || unreadable.has(account.id)) {
          this.logger.error({ linkedinAccountId: account.id }, 'LinkedIn runner: the account time zone cannot be read');
          deferred.push({ id: row.id, dueAt: new Date(now.getTime() + HOUR), reason: 'linkedin_outside_working_hours' });
          continue;
        }
        let decision: ReturnType<typeof decideAction>;
        try {
          decision = decideAction({
            account,
            action: row.action,
            origin: row.origin,
            usedToday: counter.used.get(row.action) ?? 0,
            pending: counter.pending,
            lastActionAt: counter.lastActionAt,
            now,
          });
        } catch (error) {
          this.logger.error({ err: error, linkedinAccountId: account.id }, 'LinkedIn runner: the account limits or hours cannot be read');
          deferred.push({ id: row.id, dueAt: new Date(now.getTime() + HOUR), reason: 'linkedin_outside_working_hours' });
          continue;
        }
        if (!decision.allowed) {
          deferred.push({ id: row.id, dueAt: decision.notBefore, reason: decision.reason });
          continue;
        }
        claims.push({ id: row.id, linkedinAccountId: account.id, action: row.action, origin: row.origin, day });
        if (row.origin !== 'warmup') {
          counter.used.set(row.action, (counter.used.get(row.action) ?? 0) + 1);
          if (row.action === 'invite') counter.pending += 1;
        }
        counter.lastActionAt = now;
        counter.taken = true;
      }
      await repo.markClaimed(tx, claims, stale, this.workerId, new Date(now.getTime() + this.claimLeaseMs), now);
      await repo.deferActions(tx, deferred, now);
      for (const [accountId, counter] of counters) if (counter.taken) await repo.setLastActionAt(tx, accountId, now);

      const groups = new Map<number, ClaimedGroup>();
      for (const claim of claims) {
        const group = groups.get(claim.linkedinAccountId) ?? { account: accounts.get(claim.linkedinAccountId)!, ids: [] };
        group.ids.push(claim.id);
        groups.set(claim.linkedinAccountId, group);
      }
      return [...groups.values()];
    });
  }

  /** Performs claimed actions: accounts in parallel, each account's actions one after another. */
  async performClaimed(groups: readonly ClaimedGroup[], signal?: AbortSignal): Promise<number> {
    const counts = await Promise.all(groups.map((group) => this.performGroup(group, signal)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private async performGroup({ account, ids }: ClaimedGroup, signal?: AbortSignal): Promise<number> {
    let ref: SessionRef;
    try {
      ref = this.options.openSession(account);
    } catch (error) {
      // The stored session cannot be read (the key changed, the row was tampered with): the
      // account needs its owner to reconnect, and its actions wait for it.
      this.logger.error({ err: error, linkedinAccountId: account.id }, 'LinkedIn runner: the account session cannot be read');
      await this.loseSession(account, 'lost_connection');
      await repo.releaseClaimed(this.db, ids, this.workerId, this.now(), 'linkedin_account_not_active', this.now());
      return 0;
    }
    const provider = this.options.providers(account.provider);
    let performed = 0;
    for (const [index, id] of ids.entries()) {
      if (signal?.aborted) {
        await repo.releaseClaimed(this.db, ids.slice(index), this.workerId, this.now(), null, this.now());
        break;
      }
      const startedAt = this.now();
      const row = await repo.markRunning(this.db, id, this.workerId, new Date(startedAt.getTime() + this.performLeaseMs), startedAt);
      // Its claim lapsed and another worker took it: not ours to perform.
      if (!row) continue;
      let outcome: ActionOutcome;
      try {
        outcome = await provider.perform(ref, { action: row.action, profileUrl: row.profileUrl, subject: row.subject, content: row.content }, startedAt);
      } catch (error) {
        // A refusal before anything was sent (the real boundary's service_unavailable), or a
        // provider fault: tried again later, and failed once the attempts run out.
        const key = error instanceof DomainError ? (error.items[0]?.key ?? 'linkedin_network_busy') : 'linkedin_network_busy';
        if (!(error instanceof DomainError)) this.logger.error({ err: error, actionId: row.id }, 'LinkedIn runner: the provider failed');
        outcome = { kind: 'retry', reason: key };
      }
      performed += 1;
      await this.settle(row, account, outcome);
      if (outcome.kind === 'session_lost') {
        // The rest would meet the same closed door: back to the queue, waiting for a reconnect.
        await repo.releaseClaimed(this.db, ids.slice(index + 1), this.workerId, this.now(), 'linkedin_account_not_active', this.now());
        break;
      }
    }
    return performed;
  }

  /** Writes what the network answered, and tells the listeners about a final outcome. */
  private async settle(row: ActionRow, account: RunnerAccountRow, outcome: ActionOutcome): Promise<void> {
    const now = this.now();
    switch (outcome.kind) {
      case 'done': {
        const { written, messageId } = await this.db.transaction(async (tx) => {
          const written = await repo.settleAction(tx, row.id, this.workerId, { state: 'done', result: outcome.message ? { message: outcome.message } : {} }, now);
          if (!written) return { written, messageId: null };
          if (row.action === 'invite') {
            await repo.recordInvitation(tx, {
              linkedinAccountId: row.linkedinAccountId,
              actionId: row.id,
              profileUrl: row.profileUrl,
              profileName: null,
              campaignId: row.campaignId,
              recipientId: row.recipientId,
              sentAt: now,
            });
          }
          let messageId: number | null = null;
          if (outcome.message && row.content) {
            messageId = await repo.insertMessage(tx, {
              accountId: row.accountId,
              linkedinAccountId: row.linkedinAccountId,
              networkMessageId: outcome.message.networkMessageId,
              threadKey: outcome.message.threadKey,
              profileUrl: row.profileUrl,
              profileName: null,
              direction: 'out',
              kind: row.action === 'invite' ? 'invite_note' : row.action === 'in_mail' ? 'in_mail' : 'message',
              subject: row.subject,
              body: row.content,
              sentAt: outcome.message.sentAt,
              actionId: row.id,
              campaignId: row.campaignId,
              recipientId: row.recipientId,
              now,
            });
          }
          return { written, messageId };
        });
        if (written) await this.emitOutcome(written, 'done', null, messageId);
        return;
      }
      case 'failed': {
        const written = await repo.settleAction(this.db, row.id, this.workerId, { state: 'failed', reason: outcome.reason, keepCount: false }, now);
        if (written) await this.emitOutcome(written, 'failed', outcome.reason, null);
        return;
      }
      case 'retry': {
        if (row.attempts >= this.maxAttempts) {
          const written = await repo.settleAction(this.db, row.id, this.workerId, { state: 'failed', reason: outcome.reason, keepCount: false }, now);
          if (written) await this.emitOutcome(written, 'failed', outcome.reason, null);
          return;
        }
        await repo.settleAction(this.db, row.id, this.workerId, { state: 'queued', reason: outcome.reason, dueAt: new Date(now.getTime() + retryDelayMs(row.attempts)) }, now);
        return;
      }
      case 'session_lost': {
        // Not performed: the action waits (due now) for the account to be reconnected.
        await repo.settleAction(this.db, row.id, this.workerId, { state: 'queued', reason: 'linkedin_account_not_active', dueAt: now }, now);
        await this.loseSession(account, outcome.state);
        return;
      }
    }
  }

  private async emitOutcome(row: ActionRow, outcome: LinkedinOutcomeEvent['outcome'], reason: string | null, messageId: number | null): Promise<void> {
    await this.emit(this.outcomeListeners, {
      actionId: row.id,
      linkedinAccountId: row.linkedinAccountId,
      accountId: row.accountId,
      userId: row.userId,
      action: row.action,
      origin: row.origin,
      profileUrl: row.profileUrl,
      campaign: row.campaignId !== null && row.recipientId !== null ? { campaignId: row.campaignId, recipientId: row.recipientId, step: row.step } : null,
      outcome,
      reason,
      at: row.doneAt ?? this.now(),
      messageId,
    } satisfies LinkedinOutcomeEvent);
  }

  /** The account changes state (once, whichever worker sees it first) and its people are told. */
  private async loseSession(account: RunnerAccountRow, state: 'expired' | 'lost_connection'): Promise<void> {
    const changed = await repo.loseSession(this.db, account.id, state, 'linkedin_session_invalid', this.now());
    if (!changed) return;
    this.logger.warn({ linkedinAccountId: account.id, state }, 'LinkedIn runner: an account lost its session; its actions wait');
    const event: PushEvent = { type: 'account.changed', payload: { what: 'linkedinAccount', linkedinAccountId: account.id, state } };
    for (const userId of new Set([changed.userId, changed.assignedUserId].filter((id): id is number => id !== null))) {
      try {
        this.options.push?.emitToUser(userId, event);
      } catch (error) {
        this.logger.warn({ err: error, userId }, 'LinkedIn runner: could not push the account change');
      }
    }
  }

  // ─── Inbox ────────────────────────────────────────────────────────────────────────────────

  /**
   * Reads an active account's inbox since its cursor: replies are stored once per network id
   * (a re-read never duplicates, and only new ones are announced), accepted invitations turn
   * their pending row accepted. The session is checked first: a lost one changes the account's
   * state and nothing is read.
   */
  async pollInbox(linkedinAccountId: number): Promise<{ messages: number; accepted: number }> {
    const account = await repo.accountById(this.db, linkedinAccountId);
    if (!account || account.deleted || account.state !== 'active') return { messages: 0, accepted: 0 };
    let ref: SessionRef;
    try {
      ref = this.options.openSession(account);
    } catch (error) {
      this.logger.error({ err: error, linkedinAccountId }, 'LinkedIn runner: the account session cannot be read');
      await this.loseSession(account, 'lost_connection');
      return { messages: 0, accepted: 0 };
    }
    const provider = this.options.providers(account.provider);
    const now = this.now();
    let page: InboxPage;
    try {
      const state = await provider.checkSession(ref, now);
      await repo.markSessionChecked(this.db, account.id, now);
      if (state !== 'active') {
        await this.loseSession(account, state);
        return { messages: 0, accepted: 0 };
      }
      page = await provider.readInbox(ref, await repo.inboxCursor(this.db, account.id), now);
    } catch (error) {
      // The real boundary refuses until it is implemented: nothing to read, and nothing to retry.
      if (error instanceof DomainError) return { messages: 0, accepted: 0 };
      throw error;
    }
    const userId = account.assignedUserId ?? account.userId;
    let messages = 0;
    let accepted = 0;
    // Acceptances first: a thank-you reply to an invitation then finds the connection made.
    for (const invitation of page.acceptedInvitations) {
      const profileUrl = canonicalProfileUrl(invitation.profileUrl);
      const row = await repo.acceptInvitation(this.db, account.id, profileUrl, invitation.acceptedAt);
      if (!row) continue;
      accepted += 1;
      await this.emit(this.inboundListeners, {
        kind: 'invite_accepted',
        linkedinAccountId: account.id,
        accountId: account.accountId,
        userId,
        profileUrl,
        profileName: row.profileName,
        acceptedAt: invitation.acceptedAt,
        invitationId: row.id,
        actionId: row.actionId,
        campaignId: row.campaignId,
        recipientId: row.recipientId,
      } satisfies LinkedinInboundEvent);
    }
    for (const message of page.messages) {
      const profileUrl = canonicalProfileUrl(message.profileUrl);
      const campaign = await repo.campaignOfProfile(this.db, account.id, profileUrl);
      const id = await repo.insertMessage(this.db, {
        accountId: account.accountId,
        linkedinAccountId: account.id,
        networkMessageId: message.networkMessageId,
        threadKey: message.threadKey,
        profileUrl,
        profileName: message.profileName,
        direction: 'in',
        kind: message.kind,
        subject: message.subject,
        body: message.body,
        sentAt: message.sentAt,
        actionId: null,
        campaignId: campaign?.campaignId ?? null,
        recipientId: campaign?.recipientId ?? null,
        now,
      });
      if (id === null) continue;
      messages += 1;
      await this.emit(this.inboundListeners, {
        kind: 'reply',
        messageKind: message.kind,
        linkedinMessageId: id,
        threadKey: message.threadKey,
        linkedinAccountId: account.id,
        accountId: account.accountId,
        userId,
        profileUrl,
        profileName: message.profileName,
        body: message.body,
        sentAt: message.sentAt,
        campaignId: campaign?.campaignId ?? null,
        recipientId: campaign?.recipientId ?? null,
      } satisfies LinkedinInboundEvent);
    }
    await repo.saveInboxCursor(this.db, account.id, page.cursor, now);
    return { messages, accepted };
  }

  /** Active accounts whose inbox the polling job reads. */
  activeAccounts(): Promise<number[]> {
    return repo.activeAccountIds(this.db);
  }

  // ─── Warm-up ──────────────────────────────────────────────────────────────────────────────

  /**
   * Queues the day's harmless actions (visits and likes of the network's people) of every warming
   * account: LINKEDIN_WARMUP.dailyActions per local day, keyed by day and number so the job may
   * run as often as it likes. They keep the gap and the working hours but count apart from the
   * limits (origin `warmup`).
   */
  async queueWarmup(): Promise<number> {
    const now = this.now();
    let queued = 0;
    for (const id of await repo.activeAccountIds(this.db, { warmingOnly: true })) {
      const account = await repo.accountById(this.db, id);
      if (!account) continue;
      let day: string;
      try {
        day = localDayOf(account, now);
      } catch {
        continue;
      }
      const people = warmupPeople(account.id, day, LINKEDIN_WARMUP.dailyActions);
      for (const [index, profileUrl] of people.entries()) {
        const result = await this.enqueue({
          owner: { userId: account.assignedUserId ?? account.userId, accountId: account.accountId },
          linkedinAccountId: account.id,
          action: index % 2 === 0 ? 'visit' : 'like',
          profileUrl,
          origin: 'warmup',
          idempotencyKey: `warmup:${day}:${index}`,
        });
        if (!result.duplicate) queued += 1;
      }
    }
    return queued;
  }
}

/** The people a warming account visits on a day: readable profiles of a search of its own. */
export function warmupPeople(linkedinAccountId: number, day: string, count: number): string[] {
  const url = `https://www.linkedin.com/search/results/people/?keywords=warmup-${linkedinAccountId}-${day}`;
  const people: string[] = [];
  for (let index = 0; people.length < count && index < count * 4; index += 1) {
    const item = sandboxSearchItem(url, index);
    if (item.kind === 'profile') people.push(item.profile.profileUrl);
  }
  return people;
}
