import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { WEEK_DAYS, type WeekDay } from '@leadforge/contracts';
import {
  MAILBOX_LIMIT_DEFAULTS,
  decideSend,
  isInWindow,
  nextWindowOpening,
  requiredGapMs,
  sendingDay,
  windowStretchEnd,
  type MailboxLimits,
  type MailboxUsage,
  type ScheduleRequest,
  type SendingWindow,
} from './limits';

const HOUR = 60;
const WEEKDAYS: WeekDay[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

function limitsOf(overrides: Partial<MailboxLimits> = {}): MailboxLimits {
  return {
    mailboxId: 'mailbox-1',
    dailyCap: MAILBOX_LIMIT_DEFAULTS.dailyCap,
    planDailyMax: 100,
    minGapSeconds: MAILBOX_LIMIT_DEFAULTS.minGapSeconds,
    maxGapSeconds: MAILBOX_LIMIT_DEFAULTS.maxGapSeconds,
    firstEmailDailyLimit: null,
    ...overrides,
  };
}

function windowOf(timeZone: string, days: readonly WeekDay[], from: number, to: number): SendingWindow {
  return { timeZone, days: days.map((day) => ({ day, from, to })) };
}

const IDLE: MailboxUsage = { sentToday: 0, firstEmailsSentToday: 0, lastSentAt: null };
const BERLIN_OFFICE = windowOf('Europe/Berlin', WEEKDAYS, 9 * HOUR, 17 * HOUR);

function request(overrides: Partial<ScheduleRequest>): ScheduleRequest {
  return {
    limits: limitsOf(),
    window: BERLIN_OFFICE,
    usage: IDLE,
    isFirstEmail: false,
    now: new Date('2026-03-04T10:00:00Z'),
    ...overrides,
  };
}

/**
 * The local wall clock of an instant, read independently of the scheduler's own helpers: the
 * Swedish locale writes an ISO-like "2026-03-08 03:15:00".
 */
function localOf(at: Date | number, timeZone: string): { date: string; minute: number; weekDay: WeekDay } {
  const instant = new Date(at);
  const [date, time] = instant.toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' }).split(' ') as [string, string];
  const [hours, minutes, seconds] = time.split(':').map(Number) as [number, number, number];
  const weekDay = instant.toLocaleDateString('en-US', { timeZone, weekday: 'short' }).toLowerCase() as WeekDay;
  return { date, minute: hours * 60 + minutes + seconds / 60, weekDay };
}

describe('sending scheduler', () => {
  it('allows a send inside the window with room under every limit', () => {
    assert.deepEqual(decideSend(request({})), { allowed: true });
  });

  it('waits for the daily cap to reset at local midnight, then for the window', () => {
    // Wednesday 11:00 in Berlin, cap reached: Thursday 09:00 Berlin (08:00Z).
    const decision = decideSend(request({ usage: { ...IDLE, sentToday: 30 } }));
    assert.deepEqual(decision, { allowed: false, notBefore: new Date('2026-03-05T08:00:00Z'), reason: 'daily_cap' });
  });

  it('never goes above the plan maximum, whatever the mailbox says', () => {
    const limits = limitsOf({ dailyCap: 200, planDailyMax: 50 });
    assert.equal(decideSend(request({ limits, usage: { ...IDLE, sentToday: 49 } })).allowed, true);
    assert.equal(decideSend(request({ limits, usage: { ...IDLE, sentToday: 50 } })).allowed, false);
  });

  it('keeps a jittered gap between 60 and 120 s, the same for every worker', () => {
    const lastSentAt = new Date('2026-03-04T09:59:30Z');
    const decision = decideSend(request({ usage: { ...IDLE, sentToday: 3, lastSentAt } }));
    assert.equal(decision.allowed, false);
    assert.equal(!decision.allowed && decision.reason, 'min_gap');
    const gap = (decision.allowed ? 0 : (decision.notBefore?.getTime() ?? 0)) - lastSentAt.getTime();
    assert.ok(gap >= 60_000 && gap <= 120_000, `${gap} ms`);
    assert.deepEqual(decideSend(request({ usage: { ...IDLE, sentToday: 3, lastSentAt } })), decision);
    const gaps = new Set(
      Array.from({ length: 50 }, (_, index) => requiredGapMs(limitsOf(), new Date(lastSentAt.getTime() + index * 1_000))),
    );
    assert.ok(gaps.size > 40, 'the jitter varies from send to send');
  });

  it('applies the first-email limit to first emails only', () => {
    const limits = limitsOf({ firstEmailDailyLimit: 10 });
    const usage = { ...IDLE, sentToday: 12, firstEmailsSentToday: 10 };
    assert.deepEqual(decideSend(request({ limits, usage, isFirstEmail: true })), {
      allowed: false,
      notBefore: new Date('2026-03-05T08:00:00Z'),
      reason: 'first_email_limit',
    });
    assert.deepEqual(decideSend(request({ limits, usage, isFirstEmail: false })), { allowed: true });
  });

  it('waits for the window to open, the next open day after the close, and Monday after Friday', () => {
    const early = decideSend(request({ now: new Date('2026-03-04T06:00:00Z') }));
    assert.deepEqual(early, { allowed: false, notBefore: new Date('2026-03-04T08:00:00Z'), reason: 'outside_window' });
    const late = decideSend(request({ now: new Date('2026-03-04T16:00:00Z') }));
    assert.deepEqual(late, { allowed: false, notBefore: new Date('2026-03-05T08:00:00Z'), reason: 'outside_window' });
    const friday = decideSend(request({ now: new Date('2026-03-06T16:30:00Z') }));
    assert.deepEqual(friday, { allowed: false, notBefore: new Date('2026-03-09T08:00:00Z'), reason: 'outside_window' });
  });

  it('uses each day’s own hours and treats a window ending at 24:00 as open until midnight', () => {
    const window: SendingWindow = {
      timeZone: 'UTC',
      days: [
        { day: 'wed', from: 22 * HOUR, to: 24 * HOUR },
        { day: 'thu', from: 6 * HOUR, to: 7 * HOUR },
      ],
    };
    assert.equal(isInWindow(window, new Date('2026-03-04T23:59:59Z')), true);
    assert.equal(isInWindow(window, new Date('2026-03-05T00:00:00Z')), false);
    assert.deepEqual(nextWindowOpening(window, new Date('2026-03-05T00:00:00Z')), new Date('2026-03-05T06:00:00Z'));
  });

  it('reports a window that never opens and a cap of zero instead of a date', () => {
    assert.deepEqual(decideSend(request({ window: { timeZone: 'UTC', days: [] } })), {
      allowed: false,
      notBefore: null,
      reason: 'window_never_opens',
    });
    assert.deepEqual(decideSend(request({ window: windowOf('UTC', ['mon'], 600, 600) })), {
      allowed: false,
      notBefore: null,
      reason: 'window_never_opens',
    });
    assert.deepEqual(decideSend(request({ limits: limitsOf({ planDailyMax: 0 }) })), {
      allowed: false,
      notBefore: null,
      reason: 'no_daily_allowance',
    });
  });

  it('refuses settings that cannot be scheduled', () => {
    assert.throws(() => decideSend(request({ window: windowOf('Mars/Olympus_Mons', WEEKDAYS, 0, 60) })), /unknown time zone/);
    assert.throws(() => decideSend(request({ limits: limitsOf({ minGapSeconds: 120, maxGapSeconds: 60 }) })), /gap/);
    assert.throws(() => decideSend(request({ window: windowOf('UTC', WEEKDAYS, 0, 1_500) })), /within/);
    assert.throws(() => decideSend(request({ limits: limitsOf({ dailyCap: 2.5 }) })), /dailyCap/);
  });
});

describe('sending scheduler across DST changes', () => {
  it('has 23- and 25-hour days where the clocks change', () => {
    const spring = sendingDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    assert.deepEqual(spring, {
      date: '2026-03-08',
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
    const autumn = sendingDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    assert.equal(autumn.end.getTime() - autumn.start.getTime(), 25 * 3_600_000);
    // Chile moves its clocks at midnight: the day begins at 01:00.
    const santiago = sendingDay(new Date('2026-09-06T12:00:00Z'), 'America/Santiago');
    assert.deepEqual(santiago.start, new Date('2026-09-06T04:00:00Z'));
    assert.equal(localOf(santiago.start, 'America/Santiago').minute, 60);
  });

  it('opens a window whose start the clocks skip at the first minute that exists', () => {
    const night = windowOf('America/New_York', [...WEEK_DAYS], 2 * HOUR, 3 * HOUR + 30);
    // 02:00 does not exist on 8 March 2026 in New York: 03:00 EDT is the first instant of the window.
    assert.deepEqual(nextWindowOpening(night, new Date('2026-03-08T05:00:00Z')), new Date('2026-03-08T07:00:00Z'));
    // A window lying wholly inside the skipped hour does not open that day.
    const skipped = windowOf('America/New_York', [...WEEK_DAYS], 2 * HOUR, 2 * HOUR + 45);
    assert.deepEqual(nextWindowOpening(skipped, new Date('2026-03-08T05:00:00Z')), new Date('2026-03-09T06:00:00Z'));
  });

  it('opens once on the repeated hour of the autumn change and stays open through both passes', () => {
    const window = windowOf('America/New_York', [...WEEK_DAYS], 1 * HOUR, 1 * HOUR + 30);
    const opening = nextWindowOpening(window, new Date('2026-11-01T04:00:00Z'));
    assert.ok(opening);
    assert.equal(localOf(opening, 'America/New_York').minute, 60);
    // 01:10 EST, the second pass through 01:00–02:00, is inside the window too.
    assert.equal(isInWindow(window, new Date('2026-11-01T06:10:00Z')), true);
  });
});

describe('sending scheduler properties', () => {
  const ZONES = [
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'America/Santiago',
    'Pacific/Chatham',
    'Asia/Tehran',
  ];
  const windowArb = fc.record({
    timeZone: fc.constantFrom(...ZONES),
    days: fc.uniqueArray(
      fc.record({
        day: fc.constantFrom(...WEEK_DAYS),
        from: fc.integer({ min: 0, max: 47 }).map((slot) => slot * 30),
        length: fc.integer({ min: 1, max: 48 }).map((slots) => slots * 30),
      }),
      { selector: (entry) => entry.day, minLength: 1, maxLength: 7 },
    ),
  });
  // 2026 holds every DST change of the zones above.
  const instantArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) });

  it('names a notBefore at which the send is allowed, and not a second earlier', () => {
    fc.assert(
      fc.property(
        windowArb,
        instantArb,
        fc.integer({ min: 0, max: 40 }),
        fc.option(fc.integer({ min: 0, max: 600_000 })),
        fc.boolean(),
        (rawWindow, nowMs, sentToday, lastAgo, isFirstEmail) => {
          const window: SendingWindow = {
            timeZone: rawWindow.timeZone,
            days: rawWindow.days.map(({ day, from, length }) => ({ day, from, to: Math.min(24 * HOUR, from + length) })),
          };
          const limits = limitsOf({ dailyCap: 30, firstEmailDailyLimit: 10 });
          const now = new Date(nowMs);
          const usage: MailboxUsage = {
            sentToday,
            firstEmailsSentToday: Math.min(sentToday, 12),
            lastSentAt: lastAgo === null ? null : new Date(nowMs - lastAgo),
          };
          const decision = decideSend({ limits, window, usage, isFirstEmail, now });
          const usageAt = (at: Date): MailboxUsage =>
            sendingDay(at, window.timeZone).date === sendingDay(now, window.timeZone).date
              ? usage
              : { ...usage, sentToday: 0, firstEmailsSentToday: 0 };
          if (decision.allowed) {
            assert.ok(isInWindow(window, now));
            assert.ok(sentToday < 30);
            if (usage.lastSentAt) assert.ok(nowMs - usage.lastSentAt.getTime() >= limits.minGapSeconds * 1000);
            return;
          }
          assert.ok(decision.notBefore, `${decision.reason} without a date`);
          const at = decision.notBefore;
          assert.ok(at.getTime() > nowMs);
          assert.deepEqual(decideSend({ limits, window, usage: usageAt(at), isFirstEmail, now: at }), { allowed: true });
          const before = new Date(at.getTime() - 1_000);
          if (before.getTime() > nowMs)
            assert.equal(decideSend({ limits, window, usage: usageAt(before), isFirstEmail, now: before }).allowed, false);
        },
      ),
      { numRuns: 400, seed: 20_260_308 },
    );
  });
});

// ─── The fake-clock test ──────────────────────────────────────────────────────────────────────

interface SimMailbox {
  limits: MailboxLimits;
  window: SendingWindow;
  firsts: number;
  followUps: number;
  sends: Array<{ at: number; first: boolean }>;
  /** What the scheduler last promised: asking the same question at that instant must be allowed. */
  promise: { at: number; isFirstEmail: boolean } | null;
}

/** A small seeded generator (mulberry32), so a failure replays exactly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function simMailbox(
  limits: Partial<MailboxLimits> & { mailboxId: string },
  window: SendingWindow,
  firsts: number,
  followUps: number,
): SimMailbox {
  return { limits: limitsOf(limits), window, firsts, followUps, sends: [], promise: null };
}

describe('500 sends over 5 mailboxes on a simulated clock', () => {
  it('breaks no cap, gap or window, across three DST changes', () => {
    const mailboxes: SimMailbox[] = [
      simMailbox(
        { mailboxId: 'ny-office', dailyCap: 30, planDailyMax: 50 },
        windowOf('America/New_York', WEEKDAYS, 9 * HOUR, 17 * HOUR),
        60,
        40,
      ),
      // Its window straddles the hour New York skips on 8 March.
      simMailbox(
        { mailboxId: 'ny-night', dailyCap: 8, planDailyMax: 8, minGapSeconds: 60, maxGapSeconds: 600, firstEmailDailyLimit: 5 },
        windowOf('America/New_York', [...WEEK_DAYS], 90, 210),
        50,
        50,
      ),
      // The plan caps it at 3 a day: 34 days, through the UK change on 29 March.
      simMailbox(
        { mailboxId: 'london-plan', dailyCap: 40, planDailyMax: 3, minGapSeconds: 120, maxGapSeconds: 300 },
        windowOf('Europe/London', [...WEEK_DAYS], 8 * HOUR, 20 * HOUR),
        70,
        30,
      ),
      // Whole days, a half-hour DST change on 5 April, and a first-email limit.
      simMailbox(
        { mailboxId: 'lord-howe', dailyCap: 4, planDailyMax: 50, minGapSeconds: 60, maxGapSeconds: 90, firstEmailDailyLimit: 2 },
        windowOf('Australia/Lord_Howe', ['mon', 'wed', 'fri', 'sat', 'sun'], 0, 24 * HOUR),
        40,
        60,
      ),
      simMailbox(
        { mailboxId: 'kolkata-split' },
        {
          timeZone: 'Asia/Kolkata',
          days: [
            { day: 'mon', from: 10 * HOUR, to: 12 * HOUR },
            { day: 'tue', from: 13 * HOUR + 30, to: 18 * HOUR },
            { day: 'wed', from: 9 * HOUR, to: 17 * HOUR + 30 },
            { day: 'thu', from: 9 * HOUR, to: 17 * HOUR + 30 },
            { day: 'fri', from: 9 * HOUR, to: 17 * HOUR + 30 },
          ],
        },
        50,
        50,
      ),
    ];
    const rng = random(13);
    const start = Date.UTC(2026, 2, 5);
    const end = start + 60 * 24 * 3_600_000;
    let clock = start;
    let brokenPromises = 0;

    const usageOf = (mailbox: SimMailbox, at: number): MailboxUsage => {
      const { start: dayStart, end: dayEnd } = sendingDay(new Date(at), mailbox.window.timeZone);
      const today = mailbox.sends.filter((send) => send.at >= dayStart.getTime() && send.at < dayEnd.getTime());
      const last = mailbox.sends[mailbox.sends.length - 1];
      return {
        sentToday: today.length,
        firstEmailsSentToday: today.filter((send) => send.first).length,
        lastSentAt: last ? new Date(last.at) : null,
      };
    };

    while (mailboxes.some((mailbox) => mailbox.firsts + mailbox.followUps > 0) && clock < end) {
      let wake = Number.POSITIVE_INFINITY;
      for (const mailbox of mailboxes) {
        for (;;) {
          if (mailbox.firsts + mailbox.followUps === 0) break;
          const ask = (isFirstEmail: boolean) =>
            decideSend({
              limits: mailbox.limits,
              window: mailbox.window,
              usage: usageOf(mailbox, clock),
              isFirstEmail,
              now: new Date(clock),
            });
          let isFirstEmail = mailbox.firsts > 0 && (mailbox.followUps === 0 || rng() < 0.5);
          let decision = ask(isFirstEmail);
          if (!decision.allowed && decision.reason === 'first_email_limit' && mailbox.followUps > 0) {
            isFirstEmail = false;
            decision = ask(false);
          }
          if (
            mailbox.promise &&
            mailbox.promise.at === clock &&
            mailbox.promise.isFirstEmail === isFirstEmail &&
            !decision.allowed
          )
            brokenPromises += 1;
          if (!decision.allowed) {
            assert.ok(decision.notBefore, `${mailbox.limits.mailboxId}: ${decision.reason}`);
            mailbox.promise = { at: decision.notBefore.getTime(), isFirstEmail };
            wake = Math.min(wake, decision.notBefore.getTime());
            break;
          }
          mailbox.sends.push({ at: clock, first: isFirstEmail });
          if (isFirstEmail) mailbox.firsts -= 1;
          else mailbox.followUps -= 1;
          mailbox.promise = null;
        }
      }
      // Workers also wake for other reasons (other mailboxes, retries, restarts): at random moments too.
      clock = Math.min(wake, clock + Math.floor(rng() * 45 * 60_000) + 1);
    }

    const total = mailboxes.reduce((sum, mailbox) => sum + mailbox.sends.length, 0);
    assert.equal(total, 500, 'every message was sent within the simulated 60 days');
    assert.equal(brokenPromises, 0, 'at its notBefore every mailbox was allowed to send');

    // Replay the log against the rules, reading the wall clock independently of the scheduler.
    const violations: string[] = [];
    for (const mailbox of mailboxes) {
      const { limits, window } = mailbox;
      const cap = Math.min(limits.dailyCap, limits.planDailyMax);
      const perDay = new Map<string, { all: number; firsts: number }>();
      let previous: number | null = null;
      const gaps = new Set<number>();
      for (const send of mailbox.sends) {
        const local = localOf(send.at, window.timeZone);
        const count = perDay.get(local.date) ?? { all: 0, firsts: 0 };
        count.all += 1;
        if (send.first) count.firsts += 1;
        perDay.set(local.date, count);
        if (count.all > cap) violations.push(`${limits.mailboxId}: ${count.all} sends on ${local.date} (cap ${cap})`);
        if (limits.firstEmailDailyLimit !== null && count.firsts > limits.firstEmailDailyLimit)
          violations.push(`${limits.mailboxId}: ${count.firsts} first emails on ${local.date}`);
        const hours = window.days.find((day) => day.day === local.weekDay);
        if (!hours || local.minute < hours.from || local.minute >= hours.to)
          violations.push(
            `${limits.mailboxId}: send at ${new Date(send.at).toISOString()} (${local.weekDay} ${local.date} minute ${local.minute.toFixed(1)}) outside the window`,
          );
        if (previous !== null) {
          if (send.at - previous < limits.minGapSeconds * 1000)
            violations.push(`${limits.mailboxId}: ${send.at - previous} ms gap at ${new Date(send.at).toISOString()}`);
          gaps.add(send.at - previous);
        }
        previous = send.at;
      }
      assert.ok(gaps.size > mailbox.sends.length / 2, `${limits.mailboxId}: the gaps are jittered`);
    }
    assert.deepEqual(violations, []);

    // The days that make time-zone code go wrong were actually exercised.
    const daysOf = (id: string) =>
      new Set(
        mailboxes
          .find((mailbox) => mailbox.limits.mailboxId === id)
          ?.sends.map(
            (send) => localOf(send.at, mailboxes.find((m) => m.limits.mailboxId === id)?.window.timeZone ?? 'UTC').date,
          ),
      );
    assert.ok(daysOf('ny-night').has('2026-03-08'), 'New York sent on its spring-forward night');
    assert.ok(daysOf('london-plan').has('2026-03-29'), 'London sent on its change day');
    assert.ok(daysOf('lord-howe').has('2026-04-05'), 'Lord Howe sent on its half-hour change day');
  });
});

describe('the open stretch of a window', () => {
  it('ends where stepping minute by minute leaves the window, through midnight when the next day opens at once, never past the limit', () => {
    const day = fc.record({ from: fc.integer({ min: 0, max: 1_439 }), span: fc.integer({ min: 1, max: 1_440 }) });
    fc.assert(
      fc.property(
        fc.constantFrom('UTC', 'Asia/Tokyo'),
        fc.array(fc.option(day, { nil: null }), { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 0, max: 14 * 1_440 }),
        fc.integer({ min: 60, max: 2 * 1_440 }),
        (timeZone, hours, minute, limitMinutes) => {
          const window: SendingWindow = {
            timeZone,
            days: WEEK_DAYS.flatMap((name, index) => {
              const open = hours[index];
              return open ? [{ day: name, from: open.from, to: Math.min(1_440, open.from + open.span) }] : [];
            }),
          };
          const at = new Date(Date.UTC(2030, 2, 4) + minute * 60_000);
          if (!isInWindow(window, at)) return;
          const limitMs = limitMinutes * 60_000;
          let stepped = at.getTime();
          while (stepped - at.getTime() < limitMs && isInWindow(window, new Date(stepped))) stepped += 60_000;
          assert.equal(windowStretchEnd(window, at, limitMs).getTime(), Math.min(stepped, at.getTime() + limitMs));
        },
      ),
      { numRuns: 300 },
    );
  });
});
