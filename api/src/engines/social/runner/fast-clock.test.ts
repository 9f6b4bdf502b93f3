/**
 * The runner on a test server's fast clock (CAMPAIGN_TIME_SCALE = 1,440: a day is a minute), on a
 * real database against the sandbox network: a visit → invite → accepted → message → reply run
 * takes simulated minutes with the human gap kept at its scaled length, while the leases that make
 * every action exactly once or visibly unknown stay in real time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LinkedinActionType } from '@leadforge/contracts';
import { SANDBOX_NETWORK_DEFAULTS } from '../sandbox/network';
import type { LinkedinInboundEvent, LinkedinRunner } from './runner';
import { gapAfter } from './schedule';
import {
  RecordingNetwork,
  TestClock,
  actionsOf,
  createLinkedinAccount,
  runnerWorld,
  peopleByDegree,
  testRunner,
} from './test-fixtures';

const SCALE = 1_440;

describe('the LinkedIn runner on a fast clock', () => {
  const world = runnerWorld('lf-li-fast-');
  const database = () => world.database;

  /** One account of this test (the others set aside) with a real human gap of 90–300 s. */
  async function account(cookie: string) {
    await database().db.execute(sql`update linkedin_accounts set state = 'deleted', deleted_at = now() where deleted_at is null`);
    return createLinkedinAccount(database(), world.owner, world.cipher, { cookie, minGapSeconds: 90, maxGapSeconds: 300 });
  }

  /** The sandbox network on the same clock: everybody accepts and answers, after 1–48 and 1–24 hours. */
  const network = () => new RecordingNetwork({ db: database().db, network: { ...SANDBOX_NETWORK_DEFAULTS, acceptRate: 1, replyRate: 1 }, timeScale: SCALE });

  /** A campaign step of this account (one recipient per account, so tests never share a key). */
  const enqueue = (runner: LinkedinRunner, linkedinAccountId: number, action: LinkedinActionType, profileUrl: string, step: number, content?: string) =>
    runner.enqueue({
      owner: world.owner,
      linkedinAccountId,
      action,
      profileUrl,
      origin: 'campaign',
      ...(content ? { content } : {}),
      campaign: { campaignId: 77, recipientId: linkedinAccountId, step },
    });

  /** Runs passes, moving the clock to each next due action, until `done` holds (at most `limitMs` of the clock). */
  async function runUntil(runner: LinkedinRunner, clock: TestClock, done: () => Promise<boolean>, limitMs: number): Promise<void> {
    const end = clock.now().getTime() + limitMs;
    while (!(await done())) {
      const pass = await runner.runOnce();
      if (await done()) return;
      const next = pass.nextDueAt ? Math.max(pass.nextDueAt.getTime(), clock.now().getTime() + 1) : end;
      assert.ok(next <= end, `nothing left to do by ${new Date(end).toISOString()}`);
      clock.set(new Date(next));
    }
  }

  it('runs visit → invite → accepted → message → reply in simulated minutes, the gap divided by the scale', async () => {
    // A Wednesday at noon in UTC, the account's zone, inside its (every day, all day) hours.
    const clock = new TestClock(new Date('2030-03-06T12:00:00Z'));
    const { id, memberKey } = await account('li_at-fast-clock-journey-01');
    const [person] = peopleByDegree(memberKey, 'fast-clock', 1, false);
    const sandbox = network();
    const runner = testRunner(database(), world.cipher, sandbox, { now: clock.now, timeScale: SCALE });
    const inbound: LinkedinInboundEvent[] = [];
    runner.onInbound((event) => void inbound.push(event));
    const states = async () => (await actionsOf(database(), [id])).map((row) => row.state);

    await enqueue(runner, id, 'visit', person!, 1);
    await enqueue(runner, id, 'invite', person!, 2);
    await runUntil(runner, clock, async () => (await states()).every((state) => state === 'done'), 60_000);
    const [visit, invite] = sandbox.calls;
    const gap = invite!.at.getTime() - visit!.at.getTime();
    const real = gapAfter({ id, minGapSeconds: 90, maxGapSeconds: 300 }, visit!.at);
    assert.ok(gap >= Math.round(real / SCALE) && gap <= 300_000 / SCALE + 1_000, `a gap of ${gap} ms (the real one is ${real} ms)`);

    // Accepted within 48 hours / 1,440 = two minutes of the clock; read by the inbox.
    clock.advance(2 * 60_000);
    assert.deepEqual(await runner.pollInbox(id), { messages: 0, accepted: 1 });
    assert.equal(inbound[0]?.kind, 'invite_accepted');

    // Connected now: the message goes, and its answer comes within 24 hours / 1,440 = one minute.
    await enqueue(runner, id, 'message', person!, 3, 'Thanks for connecting!');
    await runUntil(runner, clock, async () => (await states()).every((state) => state === 'done'), 60_000);
    assert.equal(sandbox.calls.at(-1)?.outcome?.kind, 'done');
    clock.advance(60_000);
    const read = await runner.pollInbox(id);
    assert.ok(read.messages >= 1, JSON.stringify(read));
    assert.ok(inbound.some((event) => event.kind === 'reply'));
    assert.equal(sandbox.calls.length, 3, 'each action reached the network once');
  });

  it('keeps the real perform lease: an action stuck mid-call is unknown only after real minutes, never sent again', async () => {
    const clock = new TestClock(new Date('2030-03-06T14:00:00Z'));
    const { id, memberKey } = await account('li_at-fast-clock-stuck-0002');
    const [person] = peopleByDegree(memberKey, 'fast-clock-stuck', 1, false);
    const sandbox = network();
    sandbox.hold = () => true;
    const dead = testRunner(database(), world.cipher, sandbox, { now: clock.now, timeScale: SCALE, workerId: 'fast-runner-dies' });
    await enqueue(dead, id, 'invite', person!, 1, 'Hello');
    const arrived = sandbox.waitForHeld();
    void dead.runOnce();
    await arrived;

    // Ten minutes divided by 1,440 have long passed: the worker may still be talking to the network.
    const next = testRunner(database(), world.cipher, sandbox, { now: clock.now, timeScale: SCALE, workerId: 'fast-runner-next' });
    clock.advance(5 * 60_000);
    assert.equal(await next.sweep(), 0);
    assert.equal((await actionsOf(database(), [id]))[0]?.state, 'running');
    // Past the real lease: unknown, and never performed again.
    clock.advance(6 * 60_000);
    assert.equal(await next.sweep(), 1);
    await next.runOnce();
    const [row] = await actionsOf(database(), [id]);
    assert.equal(row?.state, 'failed');
    assert.equal(row?.reason, 'linkedin_action_outcome_unknown');
    assert.equal(sandbox.calls.length, 1);
  });
});
