import { DEFAULT_RAMP, WARMUP_RULES, warmupDailyTarget, warmupHealthOf, warmupPlanLimits, warmupThrottleAfter } from './warmup';

describe('the warm-up ramp', () => {
  it('starts at the start volume, adds the increase each day and stops at the ceiling', () => {
    const days = Array.from({ length: 35 }, (_, index) => warmupDailyTarget(DEFAULT_RAMP, index + 1));
    expect(days.slice(0, 3)).toEqual([10, 11, 12]);
    expect(days[29]).toBe(39);
    expect(days[30]).toBe(40);
    expect(days[34]).toBe(40);
    expect(warmupDailyTarget({ startVolume: 5, dailyIncrease: 3, ceiling: 20 }, 4)).toBe(14);
  });

  it('sends nothing before day 1, at most the campaign cap beside a campaign, and the start volume when throttled', () => {
    expect(warmupDailyTarget(DEFAULT_RAMP, 0)).toBe(0);
    expect(warmupDailyTarget(DEFAULT_RAMP, Number.NaN)).toBe(0);
    expect(warmupDailyTarget(DEFAULT_RAMP, 20, { runsCampaign: true })).toBe(WARMUP_RULES.campaignDayCap);
    expect(warmupDailyTarget(DEFAULT_RAMP, 20, { throttled: true })).toBe(10);
    expect(warmupDailyTarget({ startVolume: 10, dailyIncrease: 1, ceiling: 4 }, 1)).toBe(4);
  });
});

describe('warm-up health', () => {
  it('is unknown below the sample minimum and follows the spam share above it', () => {
    expect(warmupHealthOf({ inbox: 10, spam: 9, bounces: 0 })).toBeNull();
    expect(warmupHealthOf({ inbox: 96, spam: 4, bounces: 0 })).toBe('good');
    expect(warmupHealthOf({ inbox: 95, spam: 5, bounces: 0 })).toBe('ok');
    expect(warmupHealthOf({ inbox: 91, spam: 9, bounces: 0 })).toBe('ok');
    expect(warmupHealthOf({ inbox: 90, spam: 10, bounces: 0 })).toBe('bad');
  });

  it('is bad after any bounce, however few samples', () => {
    expect(warmupHealthOf({ inbox: 1, spam: 0, bounces: 1 })).toBe('bad');
  });
});

describe('the warm-up throttle', () => {
  const DAY_MS = 86_400_000;
  const badAt = new Date('2030-03-01T00:05:00Z');
  const after = (days: number) => new Date(badAt.getTime() + days * DAY_MS);

  it('throttles on a bad verdict and holds from the latest one', () => {
    expect(warmupThrottleAfter('bad', null, badAt)).toEqual(badAt);
    expect(warmupThrottleAfter('bad', badAt, after(3))).toEqual(after(3));
  });

  it('lifts at once when health is good or ok again', () => {
    expect(warmupThrottleAfter('good', badAt, after(1))).toBeNull();
    expect(warmupThrottleAfter('ok', badAt, after(1))).toBeNull();
  });

  it('lifts a throttle whose health cannot be known (start volume 1–2: under 20 mails a week) after 7 days without a bad verdict', () => {
    // At a start volume of 2 the 7-day window holds at most 14 placed mails: health stays unknown.
    expect(warmupHealthOf({ inbox: 14, spam: 0, bounces: 0 })).toBeNull();
    expect(warmupThrottleAfter(null, badAt, after(6.99))).toEqual(badAt);
    expect(warmupThrottleAfter(null, badAt, after(WARMUP_RULES.throttleLiftDays))).toBeNull();
    // A later bad verdict starts the 7 days again.
    const again = warmupThrottleAfter('bad', badAt, after(5))!;
    expect(warmupThrottleAfter(null, again, after(WARMUP_RULES.throttleLiftDays))).toEqual(after(5));
    expect(warmupThrottleAfter(null, again, after(5 + WARMUP_RULES.throttleLiftDays))).toBeNull();
  });

  it('leaves an unthrottled mailbox unthrottled unless the verdict is bad', () => {
    expect(warmupThrottleAfter(null, null, badAt)).toBeNull();
    expect(warmupThrottleAfter('good', null, badAt)).toBeNull();
  });
});

describe('warm-up plan limits', () => {
  it('lets the free plan warm two mailboxes up to the default ceiling, the trial five, paid plans any number', () => {
    expect(warmupPlanLimits({ name: 'FREE', expired: false })).toEqual({ maxMailboxes: 2, maxCeiling: WARMUP_RULES.ceiling });
    expect(warmupPlanLimits({ name: 'TRIAL', expired: false })).toEqual({ maxMailboxes: 5, maxCeiling: 60 });
    expect(warmupPlanLimits({ name: 'PRO', expired: false })).toEqual({ maxMailboxes: null, maxCeiling: 80 });
  });

  it('treats an ended plan as the free plan, and always allows the default ramp', () => {
    expect(warmupPlanLimits({ name: 'PRO', expired: true }).maxMailboxes).toBe(2);
    for (const name of ['FREE', 'TRIAL', 'PRO']) expect(warmupPlanLimits({ name, expired: false }).maxCeiling).toBeGreaterThanOrEqual(DEFAULT_RAMP.ceiling);
  });
});
