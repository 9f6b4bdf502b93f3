import { delayHours, delayParts, windowMinutes, windowParts } from './time-units';

describe('trigger window and delay units', () => {
  it('shows minutes in the largest exact unit and keeps the window within 1 minute .. 30 days', () => {
    expect(windowParts(2 * 24 * 60)).toEqual({ value: 2, unit: 'days' });
    expect(windowParts(180)).toEqual({ value: 3, unit: 'hours' });
    expect(windowParts(90)).toEqual({ value: 90, unit: 'minutes' });
    expect(windowMinutes(2, 'days')).toBe(2880);
    expect(windowMinutes(31, 'days')).toBe(30 * 24 * 60);
    expect(windowMinutes(0, 'minutes')).toBe(1);
    expect(windowMinutes(null, 'hours')).toBeNull();
  });

  it('stores a delay in hours, picked in days or hours', () => {
    expect(delayParts(48)).toEqual({ value: 2, unit: 'days' });
    expect(delayParts(30)).toEqual({ value: 30, unit: 'hours' });
    expect(delayHours(1.5, 'days')).toBe(36);
    expect(delayHours(1000, 'days')).toBe(90 * 24);
  });
});
