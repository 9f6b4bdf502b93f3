/** A rate in per cent (0…100) in the reader's language, one decimal at most; null (nothing placed yet) is a dash. */
export function formatRate(value: number | null, locale: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
