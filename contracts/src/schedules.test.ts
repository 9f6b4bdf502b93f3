import { clockMinutes, defaultScheduleDays, saveScheduleBodySchema, scheduleIssues } from './schedules';

describe('schedule rules', () => {
  it('reads clock times as minutes of the day', () => {
    expect(clockMinutes('12:00 AM')).toBe(0);
    expect(clockMinutes('12:30 PM')).toBe(750);
    expect(clockMinutes('11:59 PM')).toBe(1439);
    expect(clockMinutes('13:00 PM')).toBeNull();
  });

  it('accepts the default working week', () => {
    expect(scheduleIssues(defaultScheduleDays())).toEqual([]);
  });

  it('refuses a week without an enabled day', () => {
    const days = defaultScheduleDays().map((day) => ({ ...day, enabled: false }));
    expect(scheduleIssues(days)).toEqual([{ key: 'schedule_no_days', field: 'days' }]);
  });

  it('refuses an enabled day that does not end after it starts, and ignores disabled days', () => {
    const days = defaultScheduleDays().map((day) =>
      day.day === 'tue' ? { ...day, from: '5:00 PM', to: '5:00 PM' } : day.day === 'sun' ? { ...day, from: '5:00 PM', to: '9:00 AM' } : day,
    );
    expect(scheduleIssues(days)).toEqual([{ key: 'schedule_hours_invalid', field: 'days.1.to' }]);
  });

  it('takes each day once and an IANA zone', () => {
    const body = { name: 'Office', timezone: 'Europe/Berlin', days: defaultScheduleDays() };
    expect(saveScheduleBodySchema.safeParse(body).success).toBe(true);
    expect(saveScheduleBodySchema.safeParse({ ...body, days: [...body.days.slice(0, 6), body.days[0]] }).success).toBe(false);
    expect(saveScheduleBodySchema.safeParse({ ...body, timezone: 'Mars/Olympus' }).success).toBe(false);
  });
});
