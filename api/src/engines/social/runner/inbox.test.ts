/**
 * What the runner reads back from the sandbox network, on a clock the test moves: invitations
 * accepted after their delay, replies stored once however often the inbox is read, messages that
 * reach only connections, profiles that cannot be read, and the pending-invitation limit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LinkedinInboundEvent, LinkedinOutcomeEvent } from './runner';
import {
  TestClock,
  actionsOf,
  createLinkedinAccount,
  runnerWorld,
  peopleByDegree,
  recordingNetwork,
  rowsOf,
  sessionRefOf,
  testRunner,
  type AccountSettings,
} from './test-fixtures';

const HOUR = 3_600_000;

describe('the LinkedIn inbox and the sandbox network', () => {
  const world = runnerWorld('lf-li-inbox-');
  const database = () => world.database;

  async function account(settings: AccountSettings = {}) {
    await database().db.execute(sql`update linkedin_accounts set state = 'deleted', deleted_at = now() where deleted_at is null`);
    return createLinkedinAccount(database(), world.owner, world.cipher, settings);
  }

  it('turns an invitation accepted after its delay into an accepted invitation, announced once', async () => {
    const clock = new TestClock(new Date('2030-04-01T09:00:00Z'));
    const { id, memberKey } = await account();
    const network = recordingNetwork(database(), { acceptRate: 1, acceptHours: { min: 2, max: 3 }, replyRate: 0 });
    const runner = testRunner(database(), world.cipher, network, { now: clock.now });
    const inbound: LinkedinInboundEvent[] = [];
    runner.onInbound((event) => void inbound.push(event));
    const [stranger] = peopleByDegree(memberKey, 'invite-accepted', 1, false);

    const { action } = await runner.enqueue({
      owner: world.owner,
      linkedinAccountId: id,
      action: 'invite',
      profileUrl: stranger!,
      content: 'Hi, let us connect.',
      origin: 'campaign',
      campaign: { campaignId: 41, recipientId: 7, step: 2 },
    });
    assert.equal((await runner.runOnce()).performed, 1);
    const pending = await rowsOf<{ status: string; campaign_id: number }>(database(), sql`select status, campaign_id from linkedin_invitations where linkedin_account_id = ${id}`);
    assert.deepEqual(pending, [{ status: 'pending', campaign_id: 41 }]);
    const note = await rowsOf<{ kind: string; direction: string; body: string }>(database(), sql`select kind, direction, body from linkedin_messages where linkedin_account_id = ${id}`);
    assert.deepEqual(note, [{ kind: 'invite_note', direction: 'out', body: 'Hi, let us connect.' }]);

    clock.advance(HOUR);
    assert.deepEqual(await runner.pollInbox(id), { messages: 0, accepted: 0 }, 'not yet: the delay is 2 to 3 hours');
    clock.advance(3 * HOUR);
    assert.deepEqual(await runner.pollInbox(id), { messages: 0, accepted: 1 });
    assert.deepEqual(await runner.pollInbox(id), { messages: 0, accepted: 0 }, 'read again, announced once');
    assert.equal(inbound.length, 1);
    const event = inbound[0]!;
    assert.equal(event.kind, 'invite_accepted');
    assert.equal(event.kind === 'invite_accepted' && event.actionId, action.id);
    assert.equal(event.kind === 'invite_accepted' && event.campaignId, 41);
    assert.equal(event.kind === 'invite_accepted' && event.recipientId, 7);
    const [accepted] = await rowsOf<{ status: string; accepted_at: Date | string }>(database(), sql`select status, accepted_at from linkedin_invitations where linkedin_account_id = ${id}`);
    assert.equal(accepted?.status, 'accepted');
    const acceptedAt = new Date(accepted!.accepted_at).getTime();
    assert.ok(acceptedAt >= clock.now().getTime() - 3 * HOUR - 0 && acceptedAt <= clock.now().getTime(), 'accepted when the network says it was');

    // Now a connection: a message reaches them.
    await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'message', profileUrl: stranger!, content: 'Thanks for connecting!', origin: 'campaign', campaign: { campaignId: 41, recipientId: 7, step: 3 } });
    await runner.runOnce();
    const rows = await actionsOf(database(), [id]);
    assert.deepEqual(rows.map((row) => [row.action, row.state]), [['invite', 'done'], ['message', 'done']]);
  });

  it('stores a reply once however often the inbox is read, with the campaign it answers', async () => {
    const clock = new TestClock(new Date('2030-04-02T09:00:00Z'));
    const { id, memberKey } = await account();
    const network = recordingNetwork(database(), { replyRate: 1, replyHours: { min: 1, max: 1 } });
    const runner = testRunner(database(), world.cipher, network, { now: clock.now });
    const inbound: LinkedinInboundEvent[] = [];
    runner.onInbound((event) => void inbound.push(event));
    const [friend] = peopleByDegree(memberKey, 'reply-once', 1, true);
    await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'message', profileUrl: friend!, content: 'Quick question?', origin: 'campaign', campaign: { campaignId: 52, recipientId: 9, step: 1 } });
    await runner.runOnce();

    clock.advance(2 * HOUR);
    assert.deepEqual(await runner.pollInbox(id), { messages: 1, accepted: 0 });
    assert.deepEqual(await runner.pollInbox(id), { messages: 0, accepted: 0 });
    // Even from the start of the inbox again (a lost cursor), nothing is stored twice.
    await database().db.execute(sql`delete from linkedin_inbox_state where linkedin_account_id = ${id}`);
    assert.deepEqual(await runner.pollInbox(id), { messages: 0, accepted: 0 });

    const messages = await rowsOf<{ direction: string; kind: string; thread_key: string; campaign_id: number | null; recipient_id: number | null }>(
      database(),
      sql`select direction, kind, thread_key, campaign_id, recipient_id from linkedin_messages where linkedin_account_id = ${id} order by sent_at, id`,
    );
    assert.equal(messages.length, 2);
    assert.deepEqual(messages.map((message) => [message.direction, message.kind, message.campaign_id, message.recipient_id]), [
      ['out', 'message', 52, 9],
      ['in', 'message', 52, 9],
    ]);
    assert.equal(messages[0]!.thread_key, messages[1]!.thread_key, 'the reply is in the same thread');
    assert.equal(inbound.length, 1);
    assert.equal(inbound[0]!.kind === 'reply' && inbound[0]!.messageKind, 'message');
    assert.equal(inbound[0]!.kind === 'reply' && inbound[0]!.campaignId, 52);
  });

  it('sends messages only to connections, InMails to anyone, and nothing to a profile that cannot be read', async () => {
    const clock = new TestClock(new Date('2030-04-03T09:00:00Z'));
    const { id, memberKey } = await account();
    const network = recordingNetwork(database(), { replyRate: 0 });
    const runner = testRunner(database(), world.cipher, network, { now: clock.now });
    const outcomes: LinkedinOutcomeEvent[] = [];
    runner.onOutcome((event) => void outcomes.push(event));
    const [stranger] = peopleByDegree(memberKey, 'message-rules', 1, false);
    const removed = 'https://www.linkedin.com/in/unavailable-0a1b2c';
    await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'message', profileUrl: stranger!, content: 'Hello', origin: 'inline', idempotencyKey: 'message-rules-1' });
    await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'in_mail', profileUrl: stranger!, subject: 'An idea', content: 'Hello', origin: 'inline', idempotencyKey: 'message-rules-2' });
    await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'visit', profileUrl: removed, origin: 'inline', idempotencyKey: 'message-rules-3' });
    await runner.runOnce();
    assert.deepEqual(
      outcomes.map((event) => [event.action, event.outcome, event.reason]),
      [
        ['message', 'failed', 'linkedin_not_connected_to_profile'],
        ['in_mail', 'done', null],
        ['visit', 'failed', 'linkedin_profile_unavailable'],
      ],
    );
    const usage = await rowsOf<{ action: string; count: number }>(database(), sql`select action, count from linkedin_daily_usage where linkedin_account_id = ${id} order by action`);
    assert.deepEqual(usage, [
      { action: 'in_mail', count: 1 },
      { action: 'message', count: 0 },
      { action: 'visit', count: 0 },
    ], 'what the network refused does not use the day’s limits');
    const ref = await sessionRefOf(database(), world.cipher, id);
    const profile = await network.readProfile(ref, stranger!, clock.now());
    assert.ok(profile && profile.degree > 1 && profile.fullName.length > 0, JSON.stringify(profile));
    assert.equal(await network.readProfile(ref, removed, clock.now()), null);
  });

  it('holds invitations back while the pending ones reach the connect limit', async () => {
    const clock = new TestClock(new Date('2030-04-04T09:00:00Z'));
    const { id, memberKey } = await account({ connectLimit: 2 });
    const network = recordingNetwork(database(), { acceptRate: 0 });
    const runner = testRunner(database(), world.cipher, network, { now: clock.now });
    for (const [index, person] of peopleByDegree(memberKey, 'pending-limit', 3, false).entries()) {
      await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'invite', profileUrl: person, origin: 'campaign', campaign: { campaignId: 63, recipientId: index + 1, step: 1 } });
    }
    // The same step again is the same action.
    const again = await runner.enqueue({ owner: world.owner, linkedinAccountId: id, action: 'invite', profileUrl: 'https://www.linkedin.com/in/someone-else', origin: 'campaign', campaign: { campaignId: 63, recipientId: 1, step: 1 } });
    assert.equal(again.duplicate, true);
    await runner.runOnce();
    const rows = await actionsOf(database(), [id]);
    assert.deepEqual(rows.map((row) => [row.state, row.reason]), [
      ['done', null],
      ['done', null],
      ['queued', 'linkedin_pending_limit_reached'],
    ]);
    clock.advance(2 * HOUR);
    await runner.runOnce();
    assert.equal((await actionsOf(database(), [id]))[2]!.state, 'queued', 'still waiting: nobody accepted');
  });
});
