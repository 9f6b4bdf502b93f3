/** Campaign schedules read as sending windows: delays and sends land inside the sending days and hours. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockMinutes, scheduleWindow, withinSchedule } from './schedule';

const WEEKDAYS_9_TO_5 = {
  timezone: 'Europe/Berlin',
  days: [
    ...['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, enabled: true, from: '9:00 AM', to: '5:00 PM' })),
    { day: 'sat', enabled: false, from: '9:00 AM', to: '5:00 PM' },
  ],
};

describe('campaign schedules', () => {
  it('reads clock times of the campaign screens', () => {
    assert.equal(clockMinutes('9:00 AM'), 540);
    assert.equal(clockMinutes('12:30 AM'), 30);
    assert.equal(clockMinutes('12:00 PM'), 720);
    assert.equal(clockMinutes('5:30 PM'), 1050);
    assert.equal(clockMinutes('25:00'), null);
  });

  it('keeps an instant inside the hours and moves one outside to the next opening, in the schedule’s time zone', () => {
    const window = scheduleWindow(WEEKDAYS_9_TO_5);
    // Wednesday 10:00 in Berlin (UTC+1 in March before DST): inside.
    const inside = new Date('2030-03-06T09:00:00Z');
    assert.deepEqual(withinSchedule(window, inside), inside);
    // Friday 18:00 Berlin → Monday 9:00 Berlin (the disabled Saturday and the missing Sunday skipped).
    assert.deepEqual(withinSchedule(window, new Date('2030-03-08T17:00:00Z')), new Date('2030-03-11T08:00:00Z'));
    // Across the spring DST change: Monday 1 April 2030 9:00 Berlin is 7:00 UTC.
    assert.deepEqual(withinSchedule(window, new Date('2030-03-29T17:00:00Z')), new Date('2030-04-01T07:00:00Z'));
  });

  it('treats 12:00 AM as the end of the day, answers the instant itself without a schedule, and null for a schedule that never opens', () => {
    const late = scheduleWindow({ timezone: 'UTC', days: [{ day: 'mon', enabled: true, from: '8:00 PM', to: '12:00 AM' }] });
    assert.deepEqual(withinSchedule(late, new Date('2030-03-04T23:30:00Z')), new Date('2030-03-04T23:30:00Z'));
    const at = new Date('2030-03-04T23:30:00Z');
    assert.equal(withinSchedule(null, at), at);
    assert.equal(withinSchedule(scheduleWindow({ timezone: 'UTC', days: [] }), at), null);
    assert.equal(withinSchedule(scheduleWindow({ timezone: 'Not/AZone', days: WEEKDAYS_9_TO_5.days }), at), null);
  });
});
