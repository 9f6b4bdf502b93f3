import { formatRate, quickStatRate } from './quick-stats';

const stats = { sent: 10, opened: 5, clicked: 2, replied: 1, bounced: 0, openRate: 0.5, clickRate: 0.2, replyRate: 0.125, bounceRate: 0 };

describe('quick stats of a campaign', () => {
  it('pairs each figure with its rate, none for sent', () => {
    expect(quickStatRate(stats, 'sent')).toBeNull();
    expect(quickStatRate(stats, 'opened')).toBe(0.5);
    expect(quickStatRate(stats, 'bounced')).toBe(0);
    expect(quickStatRate({ ...stats, openRate: null }, 'opened')).toBeNull();
  });

  it('writes rates as percentages with one decimal at most', () => {
    expect(formatRate(0.125, 'en')).toBe('12.5%');
    expect(formatRate(0.5, 'en')).toBe('50%');
  });
});
