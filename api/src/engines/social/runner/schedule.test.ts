/** The runner's pacing as pure decisions: limits on the local day, the pending limit, the gap, working hours. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultLinkedinActionLimits } from '@leadforge/contracts';
import { decideAction, effectiveLimitsOf, gapAfter, type PacedAccount, type PacingRequest } from './schedule';

const account: PacedAccount = {
  id: 7,
  timezone: 'Europe/Berlin',
  workingHours: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, from: 9 * 60, to: 18 * 60 })),
  limits: { ...defaultLinkedinActionLimits(), visit: 10 },
  warmUp: false,
  warmUpStartedAt: null,
  minGapSeconds: 90,
  maxGapSeconds: 300,
  connectLimit: 3,
};

// Wednesday 2030-03-06, 10:00 in Berlin.
const now = new Date('2030-03-06T09:00:00Z');
const request = (extra: Partial<PacingRequest> = {}): PacingRequest => ({ account, action: 'visit', origin: 'campaign', usedToday: 0, pending: 0, lastActionAt: null, now, ...extra });

describe('the runner’s pacing', () => {
  it('allows an action inside the hours with the limits and the gap kept', () => {
    assert.deepEqual(decideAction(request()), { allowed: true });
    assert.deepEqual(decideAction(request({ lastActionAt: new Date(now.getTime() - 301_000) })), { allowed: true });
  });

  it('waits for the next local day, inside its hours, once the day’s limit is used', () => {
    const decision = decideAction(request({ usedToday: 10 }));
    assert.deepEqual(decision, { allowed: false, notBefore: new Date('2030-03-07T08:00:00Z'), reason: 'linkedin_daily_limit_reached' });
  });

  it('holds invitations while the pending ones reach the connect limit, and never warm-up actions', () => {
    const decision = decideAction(request({ action: 'invite', pending: 3 }));
    assert.equal(decision.allowed, false);
    assert.equal(!decision.allowed && decision.reason, 'linkedin_pending_limit_reached');
    assert.deepEqual(decideAction(request({ origin: 'warmup', usedToday: 99 })), { allowed: true });
  });

  it('keeps a gap between min and max after the last action, the same for every worker', () => {
    const last = new Date(now.getTime() - 10_000);
    const gap = gapAfter(account, last);
    assert.ok(gap >= 90_000 && gap <= 300_000);
    assert.equal(gapAfter(account, last), gap);
    assert.deepEqual(decideAction(request({ lastActionAt: last })), { allowed: false, notBefore: new Date(last.getTime() + gap), reason: null });
  });

  it('waits for the working hours on the account’s own clock, over the weekend', () => {
    // Friday 18:30 in Berlin: Monday 09:00 Berlin.
    const decision = decideAction(request({ now: new Date('2030-03-08T17:30:00Z') }));
    assert.deepEqual(decision, { allowed: false, notBefore: new Date('2030-03-11T08:00:00Z'), reason: 'linkedin_outside_working_hours' });
    const closed = decideAction(request({ account: { ...account, workingHours: [] } }));
    assert.equal(!closed.allowed && closed.reason, 'linkedin_outside_working_hours');
  });

  it('keeps the gap and the re-checks on a test server’s fast clock, and the hours and the day on the wall clock', () => {
    const last = new Date(now.getTime() - 10);
    const gap = gapAfter(account, last);
    assert.deepEqual(decideAction(request({ lastActionAt: last, timeScale: 1_440 })), { allowed: false, notBefore: new Date(last.getTime() + Math.round(gap / 1_440)), reason: null });
    assert.deepEqual(decideAction(request({ lastActionAt: new Date(now.getTime() - 300_000 / 1_440 - 1), timeScale: 1_440 })), { allowed: true });
    const pending = decideAction(request({ action: 'invite', pending: 3, timeScale: 1_440 }));
    assert.deepEqual(pending, { allowed: false, notBefore: new Date(now.getTime() + 2_500), reason: 'linkedin_pending_limit_reached' });
    // Friday evening in Berlin still waits for Monday morning, and a used day for the next one.
    const friday = decideAction(request({ now: new Date('2030-03-08T17:30:00Z'), timeScale: 1_440 }));
    assert.deepEqual(friday, { allowed: false, notBefore: new Date('2030-03-11T08:00:00Z'), reason: 'linkedin_outside_working_hours' });
    assert.deepEqual(decideAction(request({ usedToday: 10, timeScale: 1_440 })), decideAction(request({ usedToday: 10 })));
    // At scale 1 nothing changes.
    assert.deepEqual(decideAction(request({ lastActionAt: last, timeScale: 1 })), decideAction(request({ lastActionAt: last })));
  });

  it('lowers the limits during warm-up, never above the account’s own', () => {
    const warming = { ...account, warmUp: true, warmUpStartedAt: new Date(now.getTime() - 1_000) };
    assert.equal(effectiveLimitsOf(warming, now).visit, 10);
    assert.equal(effectiveLimitsOf(warming, now).invite, 4);
    assert.deepEqual(effectiveLimitsOf(warming, new Date(now.getTime() + 30 * 86_400_000)), account.limits);
  });
});
