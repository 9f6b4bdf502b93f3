import { SOCIAL_ACCOUNT_STATES } from '@leadforge/contracts';
import { campaignsWait, isEditable, nextStepOf, stateReasonKey } from './account-state';

describe('what each account state asks of the user', () => {
  it.each([
    ['active', null],
    ['pending_connection', 'connect'],
    ['verification_code', 'enterCode'],
    ['two_factor_code', 'enterCode'],
    ['expired', 'reconnect'],
    ['lost_connection', 'reconnect'],
    ['deleted', null],
  ] as const)('%s → %s', (state, step) => {
    expect(nextStepOf(state)).toBe(step);
  });

  it('covers every state of the contract', () => {
    for (const state of SOCIAL_ACCOUNT_STATES) expect(nextStepOf(state)).not.toBeUndefined();
  });

  it('makes campaigns wait only for an account whose session ended', () => {
    expect(SOCIAL_ACCOUNT_STATES.filter(campaignsWait)).toEqual(['expired', 'lost_connection']);
  });

  it('leaves a deleted account alone', () => {
    expect(isEditable({ state: 'deleted' })).toBe(false);
    expect(isEditable({ state: 'lost_connection' })).toBe(true);
  });

  it('shows a reason only when it is a key of the catalogue', () => {
    expect(stateReasonKey('linkedin_session_invalid')).toBe('linkedin_session_invalid');
    expect(stateReasonKey('checkpoint_challenge_42')).toBeNull();
    expect(stateReasonKey(null)).toBeNull();
  });
});
