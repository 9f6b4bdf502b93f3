import { campaignRates, deliveredFigure, emptyCampaignFigures } from '@leadforge/contracts';
import { EMAIL_TOTALS, formatCount, formatRate, hasLinkedinFigures, totalTiles } from './figures';

describe('rates and figures', () => {
  it('formats a fraction as a percentage with at most one decimal', () => {
    expect(formatRate(0.1234, 'en')).toBe('12.3%');
    expect(formatRate(0.5, 'en')).toBe('50%');
    expect(formatRate(0, 'en')).toBe('0%');
    expect(formatRate(1, 'en')).toBe('100%');
  });

  it('formats in the reader language', () => {
    expect(formatRate(0.125, 'uk')).toMatch(/^12,5\s?%$/);
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('shows a dash for a rate that does not exist yet', () => {
    expect(formatRate(null, 'en')).toBe('—');
    expect(formatRate(Number.NaN, 'en')).toBe('—');
  });

  it('pairs each total with its rate: delivery and bounce over sent, the others over delivered', () => {
    const figures = emptyCampaignFigures();
    figures.sent = { count: 110, unique: 100 };
    figures.bounced = { count: 10, unique: 10 };
    figures.opened = { count: 90, unique: 45 };
    figures.replied = { count: 9, unique: 9 };
    const tiles = totalTiles(EMAIL_TOTALS, { figures, delivered: deliveredFigure(figures), rates: campaignRates(figures) });
    const byKey = Object.fromEntries(tiles.map((tile) => [tile.key, tile]));
    expect(byKey.sent).toEqual({ key: 'sent', count: 110, unique: 100, rate: null });
    expect(byKey.delivered).toEqual({ key: 'delivered', count: 100, unique: 90, rate: 0.9 });
    expect(byKey.opened!.rate).toBe(0.5);
    expect(byKey.replied!.rate).toBe(0.1);
    expect(byKey.bounced!.rate).toBe(0.1);
  });

  it('knows whether a campaign did anything on LinkedIn', () => {
    const figures = emptyCampaignFigures();
    expect(hasLinkedinFigures(figures)).toBe(false);
    figures.linkedin_visit = { count: 1, unique: 1 };
    expect(hasLinkedinFigures(figures)).toBe(true);
  });
});
