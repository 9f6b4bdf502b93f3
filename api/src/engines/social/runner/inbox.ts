/**
 * Reading an active account's inbox (see runner.ts): replies stored once per network id and
 * announced once, accepted invitations turning their pending row accepted.
 */
import { DomainError } from '../../../http/domain-error';
import type { InboxPage, SessionRef } from '../provider';
import { loseSession } from './perform';
import * as repo from './repository';
import { canonicalProfileUrl, type LinkedinInboundEvent, type RunnerContext } from './types';

/**
 * Reads an active account's inbox since its cursor: replies are stored once per network id
 * (a re-read never duplicates, and only new ones are announced), accepted invitations turn
 * their pending row accepted. The session is checked first: a lost one changes the account's
 * state and nothing is read.
 */
export async function pollInbox(ctx: RunnerContext, linkedinAccountId: number): Promise<{ messages: number; accepted: number }> {
  const account = await repo.accountById(ctx.db, linkedinAccountId);
  if (!account || account.deleted || account.state !== 'active') return { messages: 0, accepted: 0 };
  let ref: SessionRef;
  try {
    ref = ctx.options.openSession(account);
  } catch (error) {
    ctx.logger.error({ err: error, linkedinAccountId }, 'LinkedIn runner: the account session cannot be read');
    await loseSession(ctx, account, 'lost_connection');
    return { messages: 0, accepted: 0 };
  }
  const provider = ctx.options.providers(account.provider);
  const now = ctx.now();
  let page: InboxPage;
  try {
    const state = await provider.checkSession(ref, now);
    await repo.markSessionChecked(ctx.db, account.id, now);
    if (state !== 'active') {
      await loseSession(ctx, account, state);
      return { messages: 0, accepted: 0 };
    }
    page = await provider.readInbox(ref, await repo.inboxCursor(ctx.db, account.id), now);
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
    const row = await repo.acceptInvitation(ctx.db, account.id, profileUrl, invitation.acceptedAt);
    if (!row) continue;
    accepted += 1;
    await ctx.emitInbound({
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
    const campaign = await repo.campaignOfProfile(ctx.db, account.id, profileUrl);
    const id = await repo.insertMessage(ctx.db, {
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
    await ctx.emitInbound({
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
  await repo.saveInboxCursor(ctx.db, account.id, page.cursor, now);
  return { messages, accepted };
}
