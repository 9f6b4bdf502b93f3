/**
 * The LinkedIn runner on a real database (PostgreSQL, or PGlite's single connection) against the
 * sandbox network, on a clock the test moves: the limits, working hours, gaps and the pending
 * limit hold over hundreds of actions; two runners never take the same action; an action whose
 * worker stopped mid-call is never performed again; a lost session makes the account's actions
 * wait until it is reconnected; warm-up actions count apart.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LinkedinActionType, PushEvent } from '@leadforge/contracts';
import { isInWindow } from '../../mail/outbound/limits';
import type { LinkedinOutcomeEvent, LinkedinRunner } from './runner';
import { effectiveLimitsOf, gapAfter, localDayOf, windowOf, type PacedAccount } from './schedule';
import {
  TestClock,
  actionsOf,
  createLinkedinAccount,
  runnerWorld,
  reconnect,
  recordingNetwork,
  rowsOf,
  sandboxPeople,
  testRunner,
  type AccountSettings,
} from './test-fixtures';

const HOUR = 3_600_000;

describe('the LinkedIn runner', () => {
  const world = runnerWorld('lf-li-runner-');
  const database = () => world.database;

  /** Accounts of one test only: every other account is set aside, so no earlier action is claimed. */
  async function accountsFor(settings: AccountSettings[]): Promise<{ id: number; memberKey: string }[]> {
    await database().db.execute(sql`update linkedin_accounts set state = 'deleted', deleted_at = now() where deleted_at is null`);
    const made = [];
    for (const one of settings) made.push(await createLinkedinAccount(database(), world.owner, world.cipher, one));
    return made;
  }

  async function enqueue(runner: LinkedinRunner, linkedinAccountId: number, action: LinkedinActionType, profileUrl: string, extra: { content?: string; step?: number } = {}) {
    return runner.enqueue({
      owner: world.owner,
      linkedinAccountId,
      action,
      profileUrl,
      origin: 'campaign',
      ...(extra.content ? { content: extra.content } : {}),
      campaign: { campaignId: 9_000 + linkedinAccountId, recipientId: hash(profileUrl), step: extra.step ?? 1 },
    });
  }

  it('runs 300 actions of 3 accounts with no daily limit, working hour, gap or pending limit broken', async () => {
    const clock = new TestClock(new Date('2030-03-04T06:00:00Z'));
    const settings: (AccountSettings & Required<Pick<AccountSettings, 'timezone' | 'workingHours' | 'minGapSeconds' | 'maxGapSeconds' | 'connectLimit'>>)[] = [
      {
        cookie: 'li_at-runner-berlin-0001',
        timezone: 'Europe/Berlin',
        workingHours: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, from: 9 * 60, to: 18 * 60 })),
        limits: { visit: 12, like: 6, follow: 6, invite: 6, message: 6, in_mail: 3 },
        minGapSeconds: 90,
        maxGapSeconds: 300,
        connectLimit: 8,
      },
      {
        cookie: 'li_at-runner-newyork-0002',
        timezone: 'America/New_York',
        workingHours: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const).map((day) => ({ day, from: 8 * 60, to: 20 * 60 })),
        limits: { visit: 10, like: 5, follow: 5, invite: 5, message: 5, in_mail: 2 },
        minGapSeconds: 60,
        maxGapSeconds: 120,
        connectLimit: 8,
      },
      {
        cookie: 'li_at-runner-tokyo-0003',
        timezone: 'Asia/Tokyo',
        workingHours: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, from: 10 * 60, to: 16 * 60 })),
        limits: { visit: 15, like: 8, follow: 8, invite: 7, message: 6, in_mail: 3 },
        minGapSeconds: 120,
        maxGapSeconds: 600,
        connectLimit: 9,
      },
    ];
    const accounts = await accountsFor(settings);
    const network = recordingNetwork(database(), { acceptRate: 0.7, acceptHours: { min: 1, max: 20 }, replyRate: 0.3 });
    const runner = testRunner(database(), world.cipher, network, { now: clock.now, claimBatch: 40 });

    // 100 actions each, to distinct people: visits, likes, follows, invitations, then messages and InMails.
    const mix: [LinkedinActionType, number][] = [['visit', 30], ['like', 15], ['follow', 15], ['invite', 20], ['message', 12], ['in_mail', 8]];
    for (const [index, account] of accounts.entries()) {
      const people = sandboxPeople(`runner-300-${index}`, 100);
      let next = 0;
      for (const [action, count] of mix) {
        for (let n = 0; n < count; n += 1) {
          const profileUrl = people[next++]!;
          await enqueue(runner, account.id, action, profileUrl, action === 'message' || action === 'in_mail' || action === 'invite' ? { content: `Hello from the test, ${n}` } : {});
        }
      }
    }

    // Drive the clock from one due action to the next, reading every inbox each simulated hour.
    const polls: { at: Date; linkedinAccountId: number; accepted: number }[] = [];
    let nextPoll = clock.now().getTime();
    const ids = accounts.map((account) => account.id);
    for (let round = 0; round < 20_000; round += 1) {
      const pass = await runner.runOnce();
      const now = clock.now().getTime();
      if (now >= nextPoll) {
        for (const id of ids) polls.push({ at: clock.now(), linkedinAccountId: id, ...(await runner.pollInbox(id)) });
        nextPoll = now + HOUR;
      }
      const open = await rowsOf<{ n: number }>(database(), sql`select count(*)::int as n from linkedin_actions where state in ('queued', 'running') and linkedin_account_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      if (open[0]!.n === 0) break;
      const due = pass.nextDueAt ? pass.nextDueAt.getTime() : Number.POSITIVE_INFINITY;
      clock.set(new Date(Math.max(now + 1_000, Math.min(due, nextPoll))));
    }

    const rows = await actionsOf(database(), ids);
    assert.equal(rows.length, 300);
    assert.deepEqual([...new Set(rows.map((row) => row.state))].sort(), rows.some((row) => row.state === 'failed') ? ['done', 'failed'] : ['done'], 'every action is settled');
    for (const row of rows.filter((candidate) => candidate.state === 'failed')) {
      // The only refusal the sandbox gives these people: a message to someone not (yet) connected.
      assert.equal(row.reason, 'linkedin_not_connected_to_profile', JSON.stringify(row));
    }
    // Exactly once: one call per action reached the network.
    assert.equal(network.calls.length, 300);
    assert.equal(new Set(network.calls.map((call) => `${call.linkedinAccountId} ${call.request.profileUrl}`)).size, 300);

    for (const [index, account] of accounts.entries()) {
      const paced: PacedAccount = {
        id: account.id,
        timezone: settings[index]!.timezone,
        workingHours: settings[index]!.workingHours,
        limits: { visit: 80, like: 30, follow: 30, invite: 20, message: 50, in_mail: 10, ...settings[index]!.limits },
        warmUp: false,
        warmUpStartedAt: null,
        minGapSeconds: settings[index]!.minGapSeconds,
        maxGapSeconds: settings[index]!.maxGapSeconds,
        connectLimit: settings[index]!.connectLimit,
      };
      const calls = network.calls.filter((call) => call.linkedinAccountId === account.id);
      assert.equal(calls.length, 100);
      // Working hours, on the account's own wall clock.
      for (const call of calls) assert.ok(isInWindow(windowOf(paced), call.at), `account ${index}: ${call.request.action} at ${call.at.toISOString()} is outside its hours`);
      // The human gap between two actions of the account.
      for (let n = 1; n < calls.length; n += 1) {
        const gap = calls[n]!.at.getTime() - calls[n - 1]!.at.getTime();
        assert.ok(gap >= gapAfter(paced, calls[n - 1]!.at), `account ${index}: a gap of ${gap} ms after ${calls[n - 1]!.at.toISOString()}`);
        assert.ok(gap >= paced.minGapSeconds * 1000);
      }
      // Daily limits, on the account's local day, of what the network did.
      const perDay = new Map<string, number>();
      for (const call of calls.filter((candidate) => candidate.outcome?.kind === 'done')) {
        const key = `${localDayOf(paced, call.at)} ${call.request.action}`;
        perDay.set(key, (perDay.get(key) ?? 0) + 1);
      }
      for (const [key, count] of perDay) {
        const action = key.split(' ')[1] as LinkedinActionType;
        assert.ok(count <= effectiveLimitsOf(paced, clock.now())[action], `account ${index}: ${count} × ${key}`);
      }
      assert.ok([...perDay.values()].some((count) => count === paced.limits.visit || count === paced.limits.like), `account ${index} reached a daily limit at least once`);
      // Pending invitations, as the runner knew them when it sent each one.
      const invites = calls.filter((call) => call.request.action === 'invite');
      let reachedLimit = false;
      for (const invite of invites) {
        const sentBefore = invites.filter((other) => other.at < invite.at).length;
        const acceptedBefore = polls.filter((poll) => poll.linkedinAccountId === account.id && poll.at < invite.at).reduce((sum, poll) => sum + poll.accepted, 0);
        const pending = sentBefore - acceptedBefore;
        assert.ok(pending < paced.connectLimit, `account ${index}: an invitation sent with ${pending} pending`);
        if (pending === paced.connectLimit - 1) reachedLimit = true;
      }
      assert.ok(reachedLimit || invites.length < paced.connectLimit, `account ${index}: the pending limit was approached`);
    }
    const waitedForPending = await rowsOf<{ n: number }>(
      database(),
      sql`select count(*)::int as n from linkedin_invitations where linkedin_account_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    assert.equal(waitedForPending[0]!.n, 60, 'every invitation is recorded once');
  });

  it('never lets two runners take the same action', async () => {
    const clock = new TestClock(new Date('2030-03-05T10:00:00Z'));
    const accounts = await accountsFor(Array.from({ length: 4 }, () => ({ limits: { visit: 250 } })));
    const network = recordingNetwork(database());
    const first = testRunner(database(), world.cipher, network, { now: clock.now, claimBatch: 7, workerId: 'runner-one' });
    const second = testRunner(database(), world.cipher, network, { now: clock.now, claimBatch: 7, workerId: 'runner-two' });
    for (const [index, account] of accounts.entries()) {
      for (const profileUrl of sandboxPeople(`two-runners-${index}`, 50)) await enqueue(first, account.id, 'visit', profileUrl);
    }
    for (let round = 0; round < 200; round += 1) {
      const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
      if (a.performed + b.performed === 0) break;
    }
    const rows = await actionsOf(database(), accounts.map((account) => account.id));
    assert.equal(rows.length, 200);
    assert.ok(rows.every((row) => row.state === 'done' && row.attempts === 1), 'each done at the first attempt');
    assert.equal(network.calls.length, 200, 'each reached the network once');
    assert.equal(new Set(network.calls.map((call) => call.request.profileUrl)).size, 200);
  });

  it('never performs again an action whose runner stopped mid-call; it shows as unknown', async () => {
    const clock = new TestClock(new Date('2030-03-05T12:00:00Z'));
    const [account] = await accountsFor([{}]);
    const [held, other] = sandboxPeople('killed-runner', 2);
    const network = recordingNetwork(database());
    let heldOnce = false;
    network.hold = (request) => {
      if (request.profileUrl !== held || heldOnce) return false;
      heldOnce = true;
      return true;
    };
    const dead = testRunner(database(), world.cipher, network, { now: clock.now, workerId: 'runner-dies' });
    await enqueue(dead, account!.id, 'invite', held!, { content: 'Hello' });
    const arrived = network.waitForHeld();
    // The first runner sends the invitation and never hears back (stuck; kill.test.ts kills a real
    // runner process there): never awaited.
    void dead.runOnce();
    await arrived;
    const [running] = await actionsOf(database(), [account!.id]);
    assert.equal(running?.state, 'running', 'committed as running before the network was asked');

    // Another runner, once the lease has lapsed.
    clock.advance(11 * 60_000);
    const next = testRunner(database(), world.cipher, network, { now: clock.now, workerId: 'runner-next' });
    const outcomes: LinkedinOutcomeEvent[] = [];
    next.onOutcome((event) => void outcomes.push(event));
    await enqueue(next, account!.id, 'visit', other!);
    await next.runOnce();
    await next.runOnce();
    const rows = await actionsOf(database(), [account!.id]);
    const invite = rows.find((row) => row.profile_url === held)!;
    assert.equal(invite.state, 'failed');
    assert.equal(invite.reason, 'linkedin_action_outcome_unknown');
    assert.equal(invite.attempts, 1);
    assert.equal(network.calls.filter((call) => call.request.profileUrl === held).length, 1, 'the network got the invitation exactly once');
    assert.equal(rows.find((row) => row.profile_url === other)?.state, 'done', 'the account goes on with its other actions');
    assert.deepEqual(
      outcomes.map((event) => [event.outcome, event.reason, event.profileUrl]),
      [
        ['unknown', 'linkedin_action_outcome_unknown', held],
        ['done', null, other],
      ],
    );
    // It may have happened, so it stays counted against the day's invitations.
    const [usage] = await rowsOf<{ count: number }>(database(), sql`select count from linkedin_daily_usage where linkedin_account_id = ${account!.id} and action = 'invite'`);
    assert.equal(usage?.count, 1);
  });

  it('hands a claim back when its runner stopped before starting it, and performs it once', async () => {
    const clock = new TestClock(new Date('2030-03-05T14:00:00Z'));
    const [account] = await accountsFor([{}]);
    const network = recordingNetwork(database());
    const stopped = testRunner(database(), world.cipher, network, { now: clock.now, workerId: 'runner-claims-and-stops' });
    const [person] = sandboxPeople('claim-lapsed', 1);
    await enqueue(stopped, account!.id, 'follow', person!);
    const claimed = await stopped.claim();
    assert.equal(claimed.length, 1);
    clock.advance(6 * 60_000);
    const next = testRunner(database(), world.cipher, network, { now: clock.now, workerId: 'runner-takes-over' });
    assert.equal((await next.runOnce()).performed, 1);
    // The first runner wakes up late: its claim is no longer its own.
    assert.equal(await stopped.performClaimed(claimed), 0);
    assert.equal(network.calls.length, 1);
    const [usage] = await rowsOf<{ count: number }>(database(), sql`select count from linkedin_daily_usage where linkedin_account_id = ${account!.id} and action = 'follow'`);
    assert.equal(usage?.count, 1, 'the lapsed reservation was released, the new one kept');
  });

  it('makes the actions of an account that lost its session wait, and resumes them after a reconnect', async () => {
    const start = new Date('2030-03-06T09:00:00Z');
    const clock = new TestClock(start);
    // A session that the network ends after 2.4 hours; an action every half hour.
    const [account] = await accountsFor([{ sessionDays: 0.1, connectedAt: start, minGapSeconds: 1_800, maxGapSeconds: 1_800 }]);
    const network = recordingNetwork(database());
    const pushes: { userId: number; event: PushEvent }[] = [];
    const runner = testRunner(database(), world.cipher, network, { now: clock.now, push: { emitToUser: (userId, event) => void pushes.push({ userId, event }) } });
    const people = sandboxPeople('session-lost', 10);
    for (const person of people) await enqueue(runner, account!.id, 'visit', person);

    for (let round = 0; round < 10; round += 1) {
      await runner.runOnce();
      clock.advance(30 * 60_000);
    }
    const [state] = await rowsOf<{ state: string; state_reason: string | null }>(database(), sql`select state, state_reason from linkedin_accounts where id = ${account!.id}`);
    assert.equal(state?.state, 'expired');
    assert.equal(state?.state_reason, 'linkedin_session_invalid');
    assert.deepEqual(pushes, [{ userId: world.owner.userId, event: { type: 'account.changed', payload: { what: 'linkedinAccount', linkedinAccountId: account!.id, state: 'expired' } } }]);
    let rows = await actionsOf(database(), [account!.id]);
    const done = rows.filter((row) => row.state === 'done').length;
    assert.equal(done, 5, 'five visits before the session ended');
    assert.ok(rows.filter((row) => row.state === 'queued').every((row) => row.reason === 'linkedin_account_not_active' || row.reason === null));
    assert.equal(rows.filter((row) => row.state === 'queued').length, 5, 'nothing is lost');
    // While it waits, nothing is performed.
    assert.equal((await runner.runOnce()).performed, 0);

    await reconnect(database(), world.cipher, account!.id, clock.now());
    for (let round = 0; round < 12; round += 1) {
      await runner.runOnce();
      clock.advance(30 * 60_000);
    }
    rows = await actionsOf(database(), [account!.id]);
    assert.ok(rows.every((row) => row.state === 'done'), JSON.stringify(rows.map((row) => row.state)));
    const done2 = network.calls.filter((call) => call.outcome?.kind === 'done');
    assert.equal(done2.length, 10);
    assert.equal(new Set(done2.map((call) => call.request.profileUrl)).size, 10, 'each visit done once');
    assert.equal(pushes.length, 1);
  });

  it('counts warm-up actions apart from the daily limits', async () => {
    const start = new Date('2030-03-07T08:00:00Z');
    const clock = new TestClock(start);
    const [account] = await accountsFor([{ warmUp: true, warmUpStartedAt: start, limits: { visit: 80 } }]);
    const network = recordingNetwork(database());
    const runner = testRunner(database(), world.cipher, network, { now: clock.now });
    assert.equal(await runner.queueWarmup(), 12);
    assert.equal(await runner.queueWarmup(), 0, 'the day’s warm-up is queued once');
    for (const person of sandboxPeople('warm-up-campaign', 30)) await enqueue(runner, account!.id, 'visit', person);
    for (let round = 0; round < 100; round += 1) if ((await runner.runOnce()).performed === 0) break;

    // Day 1 of the ramp: 20 % of the default 80 visits.
    const rows = await actionsOf(database(), [account!.id]);
    const campaignDone = rows.filter((row) => row.origin === 'campaign' && row.state === 'done').length;
    assert.equal(campaignDone, 16);
    assert.equal(rows.filter((row) => row.origin === 'warmup' && row.state === 'done').length, 12, 'every warm-up action done although the limit is reached');
    const waiting = rows.filter((row) => row.origin === 'campaign' && row.state === 'queued');
    assert.equal(waiting.length, 14);
    assert.ok(waiting.every((row) => row.reason === 'linkedin_daily_limit_reached'));
    const usage = await rowsOf<{ action: string; count: number; warmup: number }>(
      database(),
      sql`select action, count, warmup from linkedin_daily_usage where linkedin_account_id = ${account!.id} order by action`,
    );
    assert.deepEqual(usage, [
      { action: 'like', count: 0, warmup: 6 },
      { action: 'visit', count: 16, warmup: 6 },
    ]);
  });
});

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value & 0x7fffffff || 1;
}
