import { defaultScheduleDays } from '@leadforge/contracts';
import { dayRuns } from './schedule-summary';

describe('the one-line summary of a schedule', () => {
  it('groups neighbouring days with the same hours', () => {
    expect(dayRuns(defaultScheduleDays())).toEqual([{ first: 'mon', last: 'fri', from: '9:00 AM', to: '5:00 PM' }]);
  });

  it('starts a new run after a day off or a change of hours', () => {
    const days = defaultScheduleDays().map((day) =>
      day.day === 'wed' ? { ...day, enabled: false } : day.day === 'fri' ? { ...day, to: '1:00 PM' } : day,
    );
    expect(dayRuns(days)).toEqual([
      { first: 'mon', last: 'tue', from: '9:00 AM', to: '5:00 PM' },
      { first: 'thu', last: 'thu', from: '9:00 AM', to: '5:00 PM' },
      { first: 'fri', last: 'fri', from: '9:00 AM', to: '1:00 PM' },
    ]);
  });
});
