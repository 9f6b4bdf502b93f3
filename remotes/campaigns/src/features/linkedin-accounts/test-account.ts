/**
 * A LinkedIn account as GET …/all answers it, for the feature's tests: a connected sandbox account
 * with the default limits, changed by `overrides`. Parsed by the contract, so a test never answers
 * what the real API could not. Only test files import this module.
 */
import { defaultLinkedinActionLimits, linkedinAccountSchema, type LinkedinAccount } from '@leadforge/contracts';

const NOTHING_DONE = { visit: 0, like: 0, follow: 0, invite: 0, message: 0, in_mail: 0 };

export function testLinkedinAccount(overrides: Partial<LinkedinAccount> = {}): LinkedinAccount {
  return linkedinAccountSchema.parse({
    id: 7,
    provider: 'sandbox',
    name: 'Ada — sales',
    profileUrl: 'https://www.linkedin.com/in/ada-sandbox',
    profileName: 'Ada Lovelace',
    state: 'active',
    stateReason: null,
    stateChangedAt: '2025-03-03T09:00:00.000Z',
    twoFactorMethod: null,
    proxy: { kind: 'builtin', countryId: 276, countryName: 'Germany' },
    timezone: 'Europe/Berlin',
    workingHours: [
      { day: 'mon', from: 540, to: 1080 },
      { day: 'tue', from: 540, to: 1080 },
    ],
    limits: defaultLinkedinActionLimits(),
    effectiveLimits: defaultLinkedinActionLimits(),
    minGapSeconds: 90,
    maxGapSeconds: 300,
    connectLimit: 100,
    pendingInvitations: 0,
    doneToday: NOTHING_DONE,
    warmUp: false,
    warmUpDay: null,
    ownerId: 1,
    assignedUserId: null,
    assignedUserName: null,
    campaignsCount: 0,
    createdAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  });
}
