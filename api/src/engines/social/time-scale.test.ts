/** The social engine's fast clock for test servers: what it divides, and that 1 is real time exactly. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INBOX_POLL_FLOOR_MS, INBOX_POLL_MS, inboxPollMs } from './runner/jobs';
import { RECHECK_MS, recheckMs } from './runner/schedule';
import { retryDelayMs } from './runner/types';
import { SANDBOX_NETWORK_DEFAULTS, invitationAcceptedAt, replyAt } from './sandbox/network';
import { scaledMs, scaledPeriodMs, scaledSandboxNetwork, timeScaleOf } from './time-scale';

const sentAt = new Date('2030-05-01T10:00:00Z');
const handles = Array.from({ length: 500 }, (_, index) => `fast-clock-person-${index}`);

describe('the social engine’s fast clock', () => {
  it('is real time, to the millisecond, at scale 1 (and for any scale that is not a number ≥ 1)', () => {
    for (const scale of [1, 0, 0.5, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.equal(scaledMs(90_001, scale), 90_001);
      assert.equal(scaledPeriodMs(INBOX_POLL_MS, scale, 10 * INBOX_POLL_MS), INBOX_POLL_MS, 'the floor never applies to real time');
    }
    assert.equal(timeScaleOf(undefined), 1);
    assert.equal(recheckMs(), RECHECK_MS);
    assert.equal(inboxPollMs(), INBOX_POLL_MS);
    assert.deepEqual([1, 2, 3, 4, 7, 12].map((attempts) => retryDelayMs(attempts)), [2, 4, 8, 16, 120, 120].map((minutes) => minutes * 60_000));
    assert.equal(scaledSandboxNetwork(SANDBOX_NETWORK_DEFAULTS, 1), SANDBOX_NETWORK_DEFAULTS);
  });

  it('divides the runner’s re-checks, back-off and inbox period by the scale, the period never below its floor', () => {
    assert.equal(recheckMs(1_440), 2_500);
    assert.equal(retryDelayMs(1, 1_440), 83);
    assert.equal(retryDelayMs(12, 1_440), 5_000);
    assert.equal(inboxPollMs(10), 30_000);
    assert.equal(inboxPollMs(1_440), INBOX_POLL_FLOOR_MS, 'not every 208 ms: each poll is a job');
  });

  it('makes the same sandbox people accept and answer, that many times sooner', () => {
    const settings = { ...SANDBOX_NETWORK_DEFAULTS, replyRate: 0.5 };
    const fast = scaledSandboxNetwork(settings, 1_440);
    assert.deepEqual(fast.acceptHours, { min: 1 / 1_440, max: 48 / 1_440 });
    assert.equal(fast.acceptRate, settings.acceptRate);
    let accepted = 0;
    for (const handle of handles) {
      const real = invitationAcceptedAt('member-f', handle, sentAt, settings);
      const quick = invitationAcceptedAt('member-f', handle, sentAt, fast);
      assert.equal(quick === null, real === null, 'who accepts does not depend on the clock');
      const realReply = replyAt('member-f', handle, 'message', sentAt, settings);
      const quickReply = replyAt('member-f', handle, 'message', sentAt, fast);
      assert.equal(quickReply === null, realReply === null);
      if (!real || !quick || !realReply || !quickReply) continue;
      accepted += 1;
      // Within a millisecond of the real delay divided by 1,440 (both are rounded to whole ms).
      const expected = (real.getTime() - sentAt.getTime()) / 1_440;
      assert.ok(Math.abs(quick.getTime() - sentAt.getTime() - expected) <= 1, `${handle}: ${quick.getTime() - sentAt.getTime()} ms, not ${expected}`);
      assert.ok(quick.getTime() - sentAt.getTime() <= 2 * 60_000, '48 hours become two minutes');
      assert.ok(Math.abs(quickReply.getTime() - sentAt.getTime() - (realReply.getTime() - sentAt.getTime()) / 1_440) <= 1);
    }
    assert.ok(accepted > 50, String(accepted));
  });
});
