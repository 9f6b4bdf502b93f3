import type { CampaignQuickStats } from '@leadforge/contracts';

/** The quick figures the list shows, in order; each with its rate when the contract has one. */
export const QUICK_STAT_KEYS = ['sent', 'opened', 'clicked', 'replied', 'bounced'] as const;
export type QuickStatKey = (typeof QUICK_STAT_KEYS)[number];

const RATE_OF: Record<QuickStatKey, keyof CampaignQuickStats | null> = {
  sent: null,
  opened: 'openRate',
  clicked: 'clickRate',
  replied: 'replyRate',
  bounced: 'bounceRate',
};

/** A rate (0…1) of the stats for a figure; null before anything was sent, or for "sent" itself. */
export function quickStatRate(stats: CampaignQuickStats, key: QuickStatKey): number | null {
  const rateKey = RATE_OF[key];
  if (rateKey === null) return null;
  const value = stats[rateKey];
  return typeof value === 'number' ? value : null;
}

/** A rate as a percentage with at most one decimal: 0.125 → "12.5%", 0.5 → "50%". */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}
