/** The daily chart's rows: one per day and charted kind, the kind's label as the series. */
import type { CampaignEventKind, StatisticsPoint } from '@leadforge/contracts';

export type ChartRow = { day: string; series: string; value: number };

/** Events per day for the chosen kinds, in day order; `label` names each series. */
export function chartRows(points: readonly StatisticsPoint[], kinds: readonly CampaignEventKind[], label: (kind: CampaignEventKind) => string): ChartRow[] {
  const chosen = new Set(kinds);
  return points
    .filter((point) => chosen.has(point.kind))
    .map((point) => ({ day: point.day, series: label(point.kind), value: point.count }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** Whether anything happened in the range (an all-zero chart shows the empty state instead). */
export function hasActivity(points: readonly StatisticsPoint[]): boolean {
  return points.some((point) => point.count > 0);
}
