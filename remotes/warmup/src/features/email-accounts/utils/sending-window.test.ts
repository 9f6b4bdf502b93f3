import type { SendingWindowSetting } from '@leadforge/contracts';
import { formToWindow, minutesToTime, timeChoices, windowSpans, windowToForm } from './sending-window';

const officeHours: SendingWindowSetting = {
  timeZone: 'Europe/Kyiv',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day: day as 'mon', from: 540, to: 1_020 })),
};

describe('the sending window', () => {
  it('writes minutes after midnight as a clock time, the end of the day as 24:00', () => {
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(545)).toBe('09:05');
    expect(minutesToTime(1_440)).toBe('24:00');
  });

  it('offers every half hour and keeps a saved time between them', () => {
    const choices = timeChoices([545]);
    expect(choices[0]).toBe(0);
    expect(choices.at(-1)).toBe(1_440);
    expect(choices).toContain(545);
    expect(choices).toHaveLength(50);
  });

  it('sums consecutive days with the same hours into one span', () => {
    const window: SendingWindowSetting = {
      timeZone: 'UTC',
      days: [...officeHours.days, { day: 'sun', from: 600, to: 840 }],
    };
    expect(windowSpans(window)).toEqual([
      { firstDay: 'mon', lastDay: 'fri', from: '09:00', to: '17:00' },
      { firstDay: 'sun', lastDay: 'sun', from: '10:00', to: '14:00' },
    ]);
  });

  it('starts a new span at a gap or at other hours', () => {
    const window: SendingWindowSetting = {
      timeZone: 'UTC',
      days: [
        { day: 'mon', from: 540, to: 1_020 },
        { day: 'wed', from: 540, to: 1_020 },
        { day: 'thu', from: 600, to: 1_020 },
      ],
    };
    expect(windowSpans(window).map((span) => `${span.firstDay}-${span.lastDay}`)).toEqual(['mon-mon', 'wed-wed', 'thu-thu']);
  });

  it('opens a saved window in the form and saves the same window back', () => {
    const form = windowToForm(officeHours, 'UTC');
    expect(form).toEqual({ limited: true, days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 540, to: 1_020, timeZone: 'Europe/Kyiv' });
    expect(formToWindow(form)).toEqual(officeHours);
  });

  it('reads no window as any time, offering office hours in the browser’s zone once turned on', () => {
    const form = windowToForm(null, 'America/Sao_Paulo');
    expect(form.limited).toBe(false);
    expect(formToWindow(form)).toBeNull();
    expect(formToWindow({ ...form, limited: true })).toEqual({
      timeZone: 'America/Sao_Paulo',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, from: 540, to: 1_020 })),
    });
  });

  it('saves the days in week order whatever order they were ticked in', () => {
    const window = formToWindow({ limited: true, days: ['fri', 'mon'], from: 0, to: 1_440, timeZone: 'UTC' });
    expect(window?.days.map((open) => open.day)).toEqual(['mon', 'fri']);
  });
});
