/** Builds user-info answers for the session tests (a test-only factory). */
import type { UserInfo } from '@leadforge/contracts';

export function buildUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userHashId: 'hash-1',
    account: { id: 10, isTeam: false, isLead: 0, hash: 'acc-1' },
    team: null,
    registrationInfo: { registrationId: null },
    pricingPlan: { name: 'ZB', isFreePlan: false, expired: false, willExpireDays: 20, daysUntilExpirationLimits: 23 },
    gamification: { eventsList: [], userEvents: [], userBalance: 0 },
    twoFactorAuth: { isNeedAuth: false },
    allowGamification: true,
    isAllowSentimentalStuff: false,
    locale: 'en',
    gaUserIdHash: null,
    currencyId: 1,
    name: 'Ada',
    email: 'ada@example.test',
    userCreated: '2024-01-01T00:00:00.000Z',
    allowKeepUpdate: true,
    lastActivity: null,
    redirect: null,
    session_expired: false,
    isAdminLogin: false,
    ...overrides,
  };
}

export const anonymousUserInfo = (): UserInfo =>
  buildUserInfo({
    userHashId: null,
    account: null,
    team: null,
    registrationInfo: null,
    pricingPlan: null,
    gamification: null,
    allowGamification: false,
    name: null,
    email: null,
    userCreated: null,
    currencyId: null,
  });
