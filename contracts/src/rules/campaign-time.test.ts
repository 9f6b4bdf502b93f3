import {
  DAY_SLOTS,
  adjustStartEnd,
  formatCampaignDateTime,
  parseCampaignDateTime,
  slotToTime,
  timeToSlot,
} from './campaign-time';

describe('campaign date parsing', () => {
  it.each([
    ['2024-03-05 9:30 AM', { date: '2024-03-05', hours: 9, minutes: 30 }],
    ['2024-03-05 12:00 AM', { date: '2024-03-05', hours: 0, minutes: 0 }],
    ['2024-03-05 12:15 PM', { date: '2024-03-05', hours: 12, minutes: 15 }],
    ['2024-03-05 11:59 PM', { date: '2024-03-05', hours: 23, minutes: 59 }],
    ['2024-02-29 1:00 pm', { date: '2024-02-29', hours: 13, minutes: 0 }],
    ['2023-02-29 1:00 PM', null],
    ['2024-03-05 13:00 PM', null],
    ['2024-03-05 9:60 AM', null],
    ['2024-03-05 09:30', null],
    ['05-03-2024 9:30 AM', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(parseCampaignDateTime(input)).toEqual(expected);
  });

  it('formats back to the same text', () => {
    for (const text of ['2024-03-05 9:30 AM', '2024-12-31 12:00 PM', '2024-01-01 12:00 AM']) {
      const parsed = parseCampaignDateTime(text);
      expect(parsed && formatCampaignDateTime(parsed)).toBe(text);
    }
  });
});

describe('half-hour slots', () => {
  it('has 48 slots from 12:00 AM to 11:30 PM', () => {
    expect(DAY_SLOTS).toHaveLength(48);
    expect(DAY_SLOTS[0]).toBe('12:00 AM');
    expect(DAY_SLOTS[1]).toBe('12:30 AM');
    expect(DAY_SLOTS[24]).toBe('12:00 PM');
    expect(DAY_SLOTS[47]).toBe('11:30 PM');
  });

  it.each([
    ['12:00 AM', 0],
    ['12:29 AM', 0],
    ['12:30 AM', 1],
    ['9:45 AM', 19],
    ['12:00 PM', 24],
    ['11:30 PM', 47],
    ['nonsense', null],
  ])('%s → slot %j', (time, slot) => {
    expect(timeToSlot(time)).toBe(slot);
  });

  it('round-trips every slot', () => {
    for (let slot = 0; slot < 48; slot += 1) expect(timeToSlot(slotToTime(slot))).toBe(slot);
    expect(() => slotToTime(48)).toThrow(RangeError);
  });
});

describe('start and end shifting', () => {
  const at = (date: string, time: string) => ({ date, time });
  it.each([
    [
      'start moved onto the end pushes the end one slot later',
      at('2024-05-01', '10:00 AM'),
      at('2024-05-01', '10:00 AM'),
      'start',
      at('2024-05-01', '10:00 AM'),
      at('2024-05-01', '10:30 AM'),
    ],
    [
      'start moved past the end pushes the end',
      at('2024-05-01', '3:00 PM'),
      at('2024-05-01', '10:00 AM'),
      'start',
      at('2024-05-01', '3:00 PM'),
      at('2024-05-01', '3:30 PM'),
    ],
    [
      'end moved before the start pulls the start one slot earlier',
      at('2024-05-01', '3:00 PM'),
      at('2024-05-01', '10:00 AM'),
      'end',
      at('2024-05-01', '9:30 AM'),
      at('2024-05-01', '10:00 AM'),
    ],
    [
      'start at the last slot pushes the end to the next day',
      at('2024-05-31', '11:30 PM'),
      at('2024-05-31', '9:00 AM'),
      'start',
      at('2024-05-31', '11:30 PM'),
      at('2024-06-01', '12:00 AM'),
    ],
    [
      'end at the first slot pulls the start to the previous day',
      at('2024-03-01', '9:00 AM'),
      at('2024-03-01', '12:00 AM'),
      'end',
      at('2024-02-29', '11:30 PM'),
      at('2024-03-01', '12:00 AM'),
    ],
    [
      'start before end is kept',
      at('2024-05-01', '9:00 AM'),
      at('2024-05-01', '5:00 PM'),
      'start',
      at('2024-05-01', '9:00 AM'),
      at('2024-05-01', '5:00 PM'),
    ],
    [
      'different days are kept',
      at('2024-05-01', '5:00 PM'),
      at('2024-05-02', '9:00 AM'),
      'end',
      at('2024-05-01', '5:00 PM'),
      at('2024-05-02', '9:00 AM'),
    ],
  ] as const)('%s', (_name, start, end, changed, expectedStart, expectedEnd) => {
    expect(adjustStartEnd(start, end, changed)).toEqual({ start: expectedStart, end: expectedEnd });
  });
});
