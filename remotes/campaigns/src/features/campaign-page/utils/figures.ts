/**
 * Figures and rates as the campaign page and the dashboard show them. Rates arrive as fractions
 * 0..1 computed by contracts' campaignRates (unique recipients): here they are only formatted.
 */
import type { CampaignEventKind, CampaignFigures, CampaignRates, CampaignFigure } from '@leadforge/contracts';

const DASH = '—';

/** 0.1234 → "12.3%" in the reader's language; null (nothing sent yet) → "—". */
export function formatRate(rate: number | null | undefined, locale: string): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return DASH;
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(rate);
}

export function formatCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(count);
}

/** The tiles of the totals, in the order a reader follows a send: each with its figure and the rate that goes with it. */
export const EMAIL_TOTALS = ['sent', 'delivered', 'opened', 'clicked', 'replied', 'auto_replied', 'bounced', 'unsubscribed', 'complained'] as const;
export const LINKEDIN_TOTALS = [
  'linkedin_visit',
  'linkedin_like',
  'linkedin_follow',
  'linkedin_invite',
  'linkedin_invite_accepted',
  'linkedin_message',
  'linkedin_in_mail',
  'linkedin_replied',
] as const;
export type TotalKey = (typeof EMAIL_TOTALS)[number] | (typeof LINKEDIN_TOTALS)[number];

const RATE_OF: Partial<Record<TotalKey, keyof CampaignRates>> = {
  delivered: 'delivery',
  opened: 'open',
  clicked: 'click',
  replied: 'reply',
  auto_replied: 'autoReply',
  bounced: 'bounce',
  unsubscribed: 'unsubscribe',
  linkedin_invite_accepted: 'linkedinAccept',
};

export type TotalTile = { key: TotalKey; count: number; unique: number; rate: number | null };

/** One tile per key: the events, the recipients they happened to, and the rate (null for a figure without one, e.g. sent). */
export function totalTiles(
  keys: readonly TotalKey[],
  totals: { figures: CampaignFigures; delivered: CampaignFigure; rates: CampaignRates },
): TotalTile[] {
  return keys.map((key) => {
    const figure = key === 'delivered' ? totals.delivered : totals.figures[key as CampaignEventKind];
    const rateKey = RATE_OF[key];
    return { key, count: figure.count, unique: figure.unique, rate: rateKey ? totals.rates[rateKey] : null };
  });
}

/** Whether a campaign did anything on LinkedIn (the LinkedIn totals are shown only then, or when it has LinkedIn blocks). */
export function hasLinkedinFigures(figures: CampaignFigures): boolean {
  return LINKEDIN_TOTALS.some((kind) => figures[kind].count > 0);
}
