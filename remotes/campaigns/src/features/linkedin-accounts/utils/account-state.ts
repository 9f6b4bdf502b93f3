/**
 * What each connection state of an account (document 1 §4) asks of the user, as the list shows
 * it: the way out of the state, and whether its campaigns' LinkedIn steps wait meanwhile.
 */
import { ERROR_KEYS, type ErrorKey, type LinkedinAccount, type SocialAccountState } from '@leadforge/contracts';

/** The one action that moves an account on: connect an empty slot, enter the code asked for, sign in again. */
export type AccountNextStep = 'connect' | 'enterCode' | 'reconnect';

const NEXT_STEP: Readonly<Record<SocialAccountState, AccountNextStep | null>> = {
  active: null,
  pending_connection: 'connect',
  verification_code: 'enterCode',
  two_factor_code: 'enterCode',
  expired: 'reconnect',
  lost_connection: 'reconnect',
  deleted: null,
};

export function nextStepOf(state: SocialAccountState): AccountNextStep | null {
  return NEXT_STEP[state];
}

/** Tag colours: green when it works, orange when the user can finish it, red when it broke. */
export const STATE_COLOR: Readonly<Record<SocialAccountState, string>> = {
  active: 'success',
  pending_connection: 'default',
  verification_code: 'warning',
  two_factor_code: 'warning',
  expired: 'error',
  lost_connection: 'error',
  deleted: 'default',
};

/**
 * A session that ended under a working account (expired, lost): its campaigns' LinkedIn steps
 * wait until it is signed in again, and the list says so.
 */
export function campaignsWait(state: SocialAccountState): boolean {
  return state === 'expired' || state === 'lost_connection';
}

/** A deleted account is history: nothing is changed on it any more. */
export function isEditable(account: Pick<LinkedinAccount, 'state'>): boolean {
  return account.state !== 'deleted';
}

/** The catalogue key the server gave as the reason of a state; anything else is not shown as a reason. */
export function stateReasonKey(reason: string | null): ErrorKey | null {
  return reason && (ERROR_KEYS as readonly string[]).includes(reason) ? (reason as ErrorKey) : null;
}
