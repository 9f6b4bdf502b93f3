import { MOMENT_TIME_OPTIONS, pickMoment } from './moment-slots';

const at = (date: string, time: string) => ({ date, time, timeZone: 'Europe/Kyiv' });

describe('picking the start and end on half-hour slots', () => {
  it('offers the 48 slots of a day', () => {
    expect(MOMENT_TIME_OPTIONS).toHaveLength(48);
    expect(MOMENT_TIME_OPTIONS[0]).toBe('12:00 AM');
    expect(MOMENT_TIME_OPTIONS[47]).toBe('11:30 PM');
  });

  it('moves the end to the next slot when the start is picked at or after it on the same day', () => {
    const picked = pickMoment({ startAt: null, completeAt: at('2026-12-01', '9:00 AM') }, 'start', at('2026-12-01', '10:00 AM'));
    expect(picked).toEqual({ startAt: at('2026-12-01', '10:00 AM'), completeAt: at('2026-12-01', '10:30 AM') });
  });

  it('moves the start to the previous slot when the end is picked at or before it', () => {
    const picked = pickMoment({ startAt: at('2026-12-01', '10:00 AM'), completeAt: null }, 'end', at('2026-12-01', '10:00 AM'));
    expect(picked.startAt).toEqual(at('2026-12-01', '9:30 AM'));
  });

  it('crosses midnight when the start is the last slot of the day', () => {
    const picked = pickMoment({ startAt: null, completeAt: at('2026-12-01', '1:00 PM') }, 'start', at('2026-12-01', '11:30 PM'));
    expect(picked.completeAt).toEqual(at('2026-12-02', '12:00 AM'));
  });

  it('leaves a start before the end, or either alone, as picked', () => {
    const both = { startAt: at('2026-12-01', '9:00 AM'), completeAt: at('2026-12-03', '9:00 AM') };
    expect(pickMoment(both, 'start', at('2026-12-02', '9:00 AM'))).toEqual({ ...both, startAt: at('2026-12-02', '9:00 AM') });
    expect(pickMoment({ startAt: null, completeAt: null }, 'end', null)).toEqual({ startAt: null, completeAt: null });
  });
});
