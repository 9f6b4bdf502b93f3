import { MAILBOX_DEFAULTS } from '../constants';
import { mailboxDailyMax } from './mailbox-limits';

describe('mailboxDailyMax', () => {
  it('keeps the free plan and the trial low and gives paid plans the providers’ cap', () => {
    expect(mailboxDailyMax({ name: 'FREE', expired: false })).toBe(50);
    expect(mailboxDailyMax({ name: 'TRIAL', expired: false })).toBe(200);
    expect(mailboxDailyMax({ name: 'XXL', expired: false })).toBe(MAILBOX_DEFAULTS.dailyLimitMax);
  });

  it('treats an ended plan as the free plan', () => {
    expect(mailboxDailyMax({ name: 'XXL', expired: true })).toBe(50);
  });

  it('never allows less than a new mailbox’s default', () => {
    expect(mailboxDailyMax({ name: 'FREE', expired: false })).toBeGreaterThanOrEqual(MAILBOX_DEFAULTS.dailyLimit);
  });
});
