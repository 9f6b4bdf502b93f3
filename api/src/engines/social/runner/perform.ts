/**
 * Performing claimed actions (see runner.ts for the state machine): each action becomes
 * `running` — committed — before the network is asked, then the network's answer is written
 * (done with the invitation or message it left, failed with its key, tried again later, or back
 * to the queue when the session was lost) and the final outcomes are told to the listeners.
 * Accounts are served in parallel, each account's actions one after another.
 */
import type { PushEvent } from '@leadforge/contracts';
import { DomainError } from '../../../http/domain-error';
import type { ActionOutcome, SessionRef } from '../provider';
import * as repo from './repository';
import type { ActionRow, RunnerAccountRow } from './repository';
import { retryDelayMs, type ClaimedGroup, type LinkedinOutcomeEvent, type RunnerContext } from './types';

/** Performs claimed actions: accounts in parallel, each account's actions one after another. */
export async function performClaimed(ctx: RunnerContext, groups: readonly ClaimedGroup[], signal?: AbortSignal): Promise<number> {
  const counts = await Promise.all(groups.map((group) => performGroup(ctx, group, signal)));
  return counts.reduce((sum, count) => sum + count, 0);
}

async function performGroup(ctx: RunnerContext, { account, ids }: ClaimedGroup, signal?: AbortSignal): Promise<number> {
  let ref: SessionRef;
  try {
    ref = ctx.options.openSession(account);
  } catch (error) {
    // The stored session cannot be read (the key changed, the row was tampered with): the
    // account needs its owner to reconnect, and its actions wait for it.
    ctx.logger.error({ err: error, linkedinAccountId: account.id }, 'LinkedIn runner: the account session cannot be read');
    await loseSession(ctx, account, 'lost_connection');
    await repo.releaseClaimed(ctx.db, ids, ctx.workerId, ctx.now(), 'linkedin_account_not_active', ctx.now());
    return 0;
  }
  const provider = ctx.options.providers(account.provider);
  let performed = 0;
  for (const [index, id] of ids.entries()) {
    if (signal?.aborted) {
      await repo.releaseClaimed(ctx.db, ids.slice(index), ctx.workerId, ctx.now(), null, ctx.now());
      break;
    }
    const startedAt = ctx.now();
    const row = await repo.markRunning(ctx.db, id, ctx.workerId, new Date(startedAt.getTime() + ctx.limits.performLeaseMs), startedAt);
    // Its claim lapsed and another worker took it: not ours to perform.
    if (!row) continue;
    let outcome: ActionOutcome;
    try {
      outcome = await provider.perform(ref, { action: row.action, profileUrl: row.profileUrl, subject: row.subject, content: row.content }, startedAt);
    } catch (error) {
      // A refusal before anything was sent (the real boundary's service_unavailable), or a
      // provider fault: tried again later, and failed once the attempts run out.
      const key = error instanceof DomainError ? (error.items[0]?.key ?? 'linkedin_network_busy') : 'linkedin_network_busy';
      if (!(error instanceof DomainError)) ctx.logger.error({ err: error, actionId: row.id }, 'LinkedIn runner: the provider failed');
      outcome = { kind: 'retry', reason: key };
    }
    performed += 1;
    await settle(ctx, row, account, outcome);
    if (outcome.kind === 'session_lost') {
      // The rest would meet the same closed door: back to the queue, waiting for a reconnect.
      await repo.releaseClaimed(ctx.db, ids.slice(index + 1), ctx.workerId, ctx.now(), 'linkedin_account_not_active', ctx.now());
      break;
    }
  }
  return performed;
}

/** Writes what the network answered, and tells the listeners about a final outcome. */
async function settle(ctx: RunnerContext, row: ActionRow, account: RunnerAccountRow, outcome: ActionOutcome): Promise<void> {
  const now = ctx.now();
  switch (outcome.kind) {
    case 'done': {
      const { written, messageId } = await ctx.db.transaction(async (tx) => {
        const written = await repo.settleAction(tx, row.id, ctx.workerId, { state: 'done', result: outcome.message ? { message: outcome.message } : {} }, now);
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
      if (written) await emitOutcome(ctx, written, 'done', null, messageId);
      return;
    }
    case 'failed': {
      const written = await repo.settleAction(ctx.db, row.id, ctx.workerId, { state: 'failed', reason: outcome.reason, keepCount: false }, now);
      if (written) await emitOutcome(ctx, written, 'failed', outcome.reason, null);
      return;
    }
    case 'retry': {
      if (row.attempts >= ctx.limits.maxAttempts) {
        const written = await repo.settleAction(ctx.db, row.id, ctx.workerId, { state: 'failed', reason: outcome.reason, keepCount: false }, now);
        if (written) await emitOutcome(ctx, written, 'failed', outcome.reason, null);
        return;
      }
      await repo.settleAction(ctx.db, row.id, ctx.workerId, { state: 'queued', reason: outcome.reason, dueAt: new Date(now.getTime() + retryDelayMs(row.attempts, ctx.timeScale)) }, now);
      return;
    }
    case 'session_lost': {
      // Not performed: the action waits (due now) for the account to be reconnected.
      await repo.settleAction(ctx.db, row.id, ctx.workerId, { state: 'queued', reason: 'linkedin_account_not_active', dueAt: now }, now);
      await loseSession(ctx, account, outcome.state);
      return;
    }
  }
}

export async function emitOutcome(ctx: RunnerContext, row: ActionRow, outcome: LinkedinOutcomeEvent['outcome'], reason: string | null, messageId: number | null): Promise<void> {
  await ctx.emitOutcome({
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
    at: row.doneAt ?? ctx.now(),
    messageId,
  } satisfies LinkedinOutcomeEvent);
}

/** The account changes state (once, whichever worker sees it first) and its people are told. */
export async function loseSession(ctx: RunnerContext, account: RunnerAccountRow, state: 'expired' | 'lost_connection'): Promise<void> {
  const changed = await repo.loseSession(ctx.db, account.id, state, 'linkedin_session_invalid', ctx.now());
  if (!changed) return;
  ctx.logger.warn({ linkedinAccountId: account.id, state }, 'LinkedIn runner: an account lost its session; its actions wait');
  const event: PushEvent = { type: 'account.changed', payload: { what: 'linkedinAccount', linkedinAccountId: account.id, state } };
  for (const userId of new Set([changed.userId, changed.assignedUserId].filter((id): id is number => id !== null))) {
    try {
      ctx.options.push?.emitToUser(userId, event);
    } catch (error) {
      ctx.logger.warn({ err: error, userId }, 'LinkedIn runner: could not push the account change');
    }
  }
}
