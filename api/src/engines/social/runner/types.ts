/**
 * The LinkedIn runner's contract with the rest of the API (its options, what it is asked to
 * queue, the events it emits) and what its parts share (runner.ts puts them together): claim.ts
 * takes due actions within the pacing, perform.ts asks the network and records the answer,
 * inbox.ts reads accepted invitations and replies, warmup.ts queues the warm-up's actions,
 * profile-reads.ts counts direct profile reads as visits.
 */
import { normaliseLinkedinProfileLink, type LinkedinActionType, type PushEvent } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import type { SessionRef, SocialNetworkProvider, SocialProfile, SocialProviderName } from '../provider';
import type { ActionRow, RunnerAccountRow } from './repository';
import { scaledMs } from '../time-scale';
import type { ActionOrigin } from './schedule';

export interface RunnerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

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
  /**
   * The test servers' fast clock (CAMPAIGN_TIME_SCALE, refused in production; 1, the default, is
   * real time): the gap between actions, re-checks, back-off and inbox polling are divided by it
   * (../time-scale.ts). Leases and the pass budget are not: they measure real workers.
   */
  timeScale?: number;
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

/** A profile read outside the queue: what the network answered (null: no profile there), or why it was not asked. */
export type ProfileReadResult = { kind: 'read'; profile: (SocialProfile & { degree: 1 | 2 | 3 }) | null } | { kind: 'not_read'; reason: string };

export type OutcomeListener = (event: LinkedinOutcomeEvent) => void | Promise<void>;
export type InboundListener = (event: LinkedinInboundEvent) => void | Promise<void>;

export interface PassReport {
  performed: number;
  nextDueAt: Date | null;
  /** The pass stopped early (budget or signal): run again at once. */
  more: boolean;
}

/** Actions one claim took for one account: performed one after another. */
export interface ClaimedGroup {
  account: RunnerAccountRow;
  ids: number[];
}

/** What the runner's parts (claim, perform, inbox, warm-up) work with: the runner's own state. */
export interface RunnerContext {
  readonly db: Db;
  readonly workerId: string;
  readonly options: LinkedinRunnerOptions;
  /** The logger of the moment (it is set once the job registry knows one). */
  readonly logger: RunnerLogger;
  readonly limits: { claimBatch: number; claimLeaseMs: number; performLeaseMs: number; passBudgetMs: number; maxAttempts: number };
  /** The fast clock of test servers (1: real time). */
  readonly timeScale: number;
  now(): Date;
  /** Tells the outcome listeners (each listener's failure is logged and kept from the others). */
  emitOutcome(event: LinkedinOutcomeEvent): Promise<void>;
  /** Tells the inbound listeners. */
  emitInbound(event: LinkedinInboundEvent): Promise<void>;
}

/**
 * The network's canonical form of a profile link (`https://www.linkedin.com/in/<handle>`), so the
 * invitations, messages and inbox of one person meet on one key; other links stay as given (the
 * network refuses them as unavailable profiles).
 */
export function canonicalProfileUrl(url: string): string {
  return normaliseLinkedinProfileLink(url) ?? url.trim();
}

/** Back-off of an action the network asked to try later: 2, 4, 8 … minutes, at most 2 hours (divided by a test server's time scale). */
export function retryDelayMs(attempts: number, timeScale = 1): number {
  return scaledMs(Math.min(2 * HOUR, 2 ** Math.max(1, attempts) * MINUTE), timeScale);
}
