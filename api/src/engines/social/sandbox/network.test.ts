/** The sandbox network's people decide deterministically, at the configured rates. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_NETWORK_DEFAULTS, invitationAcceptedAt, replyAt, sandboxBaseDegree } from './network';

const handles = Array.from({ length: 4_000 }, (_, index) => `person-${index}-x`);
const sentAt = new Date('2030-05-01T10:00:00Z');

describe('the sandbox network’s people', () => {
  it('are the same for the same member every time, and differ between members', () => {
    assert.deepEqual(handles.map((handle) => sandboxBaseDegree('member-a', handle)), handles.map((handle) => sandboxBaseDegree('member-a', handle)));
    assert.notDeepEqual(handles.map((handle) => sandboxBaseDegree('member-a', handle)), handles.map((handle) => sandboxBaseDegree('member-b', handle)));
    const first = handles.filter((handle) => sandboxBaseDegree('member-a', handle) === 1).length / handles.length;
    assert.ok(first > 0.15 && first < 0.25, String(first));
  });

  it('accept invitations at the configured rate within the configured hours', () => {
    const accepted = handles.map((handle) => invitationAcceptedAt('member-a', handle, sentAt, SANDBOX_NETWORK_DEFAULTS)).filter((at): at is Date => at !== null);
    const share = accepted.length / handles.length;
    assert.ok(share > 0.55 && share < 0.65, String(share));
    for (const at of accepted) {
      const hours = (at.getTime() - sentAt.getTime()) / 3_600_000;
      assert.ok(hours >= 1 && hours <= 48, String(hours));
    }
    assert.equal(handles.every((handle) => invitationAcceptedAt('member-a', handle, sentAt, { ...SANDBOX_NETWORK_DEFAULTS, acceptRate: 0 }) === null), true);
  });

  it('answer a share of messages after a delay', () => {
    const answered = handles.filter((handle) => replyAt('member-a', handle, 'message', sentAt, SANDBOX_NETWORK_DEFAULTS) !== null).length / handles.length;
    assert.ok(answered > 0.25 && answered < 0.35, String(answered));
    const always = replyAt('member-a', 'someone', 'in_mail', sentAt, { ...SANDBOX_NETWORK_DEFAULTS, replyRate: 1, replyHours: { min: 2, max: 2 } });
    assert.deepEqual(always, new Date(sentAt.getTime() + 2 * 3_600_000));
  });
});
