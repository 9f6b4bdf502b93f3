import { RECIPIENT_STATUSES } from '../recipients';
import {
  OPEN_RECIPIENT_STATUSES,
  RUNNING_RECIPIENT_STATUSES,
  STOPPED_RECIPIENT_STATUSES,
  USER_SETTABLE_RECIPIENT_STATUSES,
  WAITING_RECIPIENT_STATUSES,
  canMoveRecipient,
  recipientMovesTo,
  stopsRecipient,
} from './recipient-status';

describe('the recipient state machine', () => {
  it('puts every status in exactly one group', () => {
    const grouped = [...RUNNING_RECIPIENT_STATUSES, ...WAITING_RECIPIENT_STATUSES, ...STOPPED_RECIPIENT_STATUSES];
    expect([...grouped].sort()).toEqual([...RECIPIENT_STATUSES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('lets the executor finish, stop on a reply, a bounce or an unsubscribe', () => {
    expect(canMoveRecipient('active', 'processing', 'executor')).toBe(true);
    expect(canMoveRecipient('processing', 'active', 'executor')).toBe(true);
    expect(canMoveRecipient('active', 'done', 'executor')).toBe(true);
    for (const outcome of ['reply', 'bounce', 'unsubscribe'] as const) {
      expect(canMoveRecipient('active', outcome, 'executor')).toBe(true);
      expect(canMoveRecipient('processing', outcome, 'executor')).toBe(true);
      // Mail already sent still answers after the sequence ended or was paused.
      expect(canMoveRecipient('done', outcome, 'executor')).toBe(true);
      expect(canMoveRecipient('pause', outcome, 'executor')).toBe(true);
    }
  });

  it('never lets the executor restart a stopped or waiting recipient, nor touch deleted or moved ones', () => {
    expect(canMoveRecipient('pause', 'active', 'executor')).toBe(false);
    expect(canMoveRecipient('done', 'active', 'executor')).toBe(false);
    expect(canMoveRecipient('bounce', 'reply', 'executor')).toBe(false);
    expect(canMoveRecipient('unsubscribe', 'reply', 'executor')).toBe(false);
    expect(canMoveRecipient('deleted', 'reply', 'executor')).toBe(false);
    expect(canMoveRecipient('moved', 'bounce', 'executor')).toBe(false);
    expect(canMoveRecipient('active', 'active', 'executor')).toBe(false);
  });

  it('lets a user set only the settable statuses, never on a deleted or moved recipient', () => {
    expect(canMoveRecipient('pause', 'active', 'user')).toBe(true);
    expect(canMoveRecipient('tocheck', 'active', 'user')).toBe(true);
    expect(canMoveRecipient('reply', 'active', 'user')).toBe(true);
    expect(canMoveRecipient('active', 'processing', 'user')).toBe(false);
    expect(canMoveRecipient('active', 'deleted', 'user')).toBe(false);
    expect(canMoveRecipient('deleted', 'active', 'user')).toBe(false);
    for (const status of USER_SETTABLE_RECIPIENT_STATUSES) expect(canMoveRecipient('moved', status, 'user')).toBe(false);
  });

  it('answers which statuses stop a recipient and which keep a campaign open', () => {
    expect(stopsRecipient('active')).toBe(false);
    expect(stopsRecipient('processing')).toBe(false);
    expect(stopsRecipient('pause')).toBe(true);
    expect(stopsRecipient('done')).toBe(true);
    expect(OPEN_RECIPIENT_STATUSES).toEqual(['active', 'processing', 'pause', 'tocheck']);
  });

  it('lists the statuses a reply may come from, for SQL filters', () => {
    const from = recipientMovesTo('reply', 'executor', RECIPIENT_STATUSES);
    expect(from).toEqual(expect.arrayContaining(['active', 'processing', 'pause', 'done', 'oreply']));
    expect(from).not.toContain('bounce');
    expect(from).not.toContain('deleted');
  });
});
