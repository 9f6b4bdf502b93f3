import type { WarmupAccount, WarmupRates, WarmupStatistics, WarmupUserLimits } from '@leadforge/contracts';

/** Test data of the warm-up screens, shaped exactly as the contracts answer it (the client validates answers). */
export const testRates = (overrides: Partial<WarmupRates> = {}): WarmupRates => ({
  sent: 0,
  inbox: 0,
  spam: 0,
  replied: 0,
  inboxRate: null,
  spamRate: null,
  replyRate: null,
  ...overrides,
});

export const testWarmupAccount = (overrides: Partial<WarmupAccount> = {}): WarmupAccount => ({
  id: 12,
  emailAccountId: overrides.id ?? 12,
  email: 'ada@acme.test',
  senderName: 'Ada Lovelace',
  userId: 3,
  status: 'active',
  statusReason: null,
  health: 'good',
  dailyLimit: 40,
  sentToday: 7,
  dailyTarget: 14,
  inboxRate: 96,
  scheduleId: null,
  startedAt: '2026-11-20T08:00:00.000Z',
  settings: { startVolume: 10, dailyIncrease: 1, ceiling: 40, replyRate: 30, weekdaysOnly: false, scheduleId: null },
  daysWarmed: 4,
  throttled: false,
  hasImap: true,
  last7: testRates({ sent: 60, inbox: 48, spam: 2, replied: 15, inboxRate: 96, spamRate: 4, replyRate: 25 }),
  last30: testRates({ sent: 80, inbox: 62, spam: 3, replied: 20, inboxRate: 95.4, spamRate: 4.6, replyRate: 25 }),
  ...overrides,
});

export const testUserLimits = (overrides: Partial<WarmupUserLimits> = {}): WarmupUserLimits => ({
  maxMailboxes: 2,
  usedMailboxes: 1,
  maxCeiling: 40,
  defaults: { startVolume: 10, dailyIncrease: 1, ceiling: 40, replyRate: 30, weekdaysOnly: false, scheduleId: null },
  poolSize: 12,
  poolMinimum: 5,
  ...overrides,
});

export const testStatistics = (overrides: Partial<WarmupStatistics> = {}): WarmupStatistics => ({
  daily: [
    { date: '2026-11-27', sent: 12, inbox: 11, spam: 1, replied: 3 },
    { date: '2026-11-28', sent: 13, inbox: 13, spam: 0, replied: 4 },
  ],
  last7: testRates({ sent: 25, inbox: 24, spam: 1, replied: 7, inboxRate: 96, spamRate: 4, replyRate: 28 }),
  last30: testRates({ sent: 25, inbox: 24, spam: 1, replied: 7, inboxRate: 96, spamRate: 4, replyRate: 28 }),
  health: 'good',
  recent: [
    { id: 71, direction: 'sent', partnerDomain: 'beta.test', at: '2026-11-28T09:30:00.000Z', placement: 'spam', rescued: true, replied: true },
    { id: 70, direction: 'received', partnerDomain: 'gamma.test', at: '2026-11-28T08:10:00.000Z', placement: 'inbox', rescued: false, replied: false },
  ],
  ...overrides,
});
