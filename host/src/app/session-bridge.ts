/**
 * The host's one door to @leadforge/session: the rest of the shell imports from here, so a renamed
 * session helper is fixed in one place.
 */
import {
  applyUserInfo,
  peekTeamJoinCode,
  takeIntendedUrl,
  takeTeamJoinCode,
} from '@leadforge/session';

export {
  userInfoQueryOptions,
  useSessionRealtimeSync,
  storeIntendedUrl,
  peekIntendedUrl,
  storeTeamJoinCode,
  TWO_FACTOR_PENDING_KEY,
} from '@leadforge/session';

/** A fresh user-info from login, register, 2FA, team or profile calls: cache, atom and language. */
export const applyFreshUserInfo = applyUserInfo;

/** The remembered page has served its purpose once a page of the signed-in area opened. */
export function clearIntendedUrl(): void {
  takeIntendedUrl();
}

/** The join code kept by /team/check-code/:code, until it is used or declined. */
export function readStoredTeamCode(): string | null {
  return peekTeamJoinCode();
}

export function clearStoredTeamCode(): void {
  takeTeamJoinCode();
}
