import type { UserInfo } from '@leadforge/contracts';
import type { SessionState } from './route-access';

/** The three states the guards know, from the start-up user-info (interfaces: anonymous answer). */
export function sessionStateOf(userInfo: UserInfo | null | undefined): SessionState {
  if (!userInfo) return { status: 'anonymous' };
  if (userInfo.twoFactorAuth.isNeedAuth) return { status: 'pendingTwoFactor' };
  if (!userInfo.userHashId) return { status: 'anonymous' };
  return { status: 'signedIn', planExpired: Boolean(userInfo.pricingPlan?.expired) };
}
