import { Column, Line } from '@ant-design/plots';
import type { ChartRow } from '../utils/daily-chart';

export type DailyChartProps = {
  rows: ChartRow[];
  kind: 'line' | 'column';
  /** Accessible name of the chart (it is drawn on a canvas). */
  label: string;
};

/**
 * The daily chart. @ant-design/plots is Ant Design's own chart library (G2 underneath): its
 * default theme uses antd's palette and typography, so the charts sit with the rest of the UI
 * without a theme of our own. Loaded lazily: the canvas library is only fetched when a chart shows.
 */
export function DailyChart({ rows, kind, label }: DailyChartProps) {
  const common = {
    data: rows,
    xField: 'day',
    yField: 'value',
    colorField: 'series',
    height: 300,
    autoFit: true,
    axis: { y: { labelFormatter: (value: number) => (Number.isInteger(value) ? String(value) : '') } },
  };
  return (
    <div role="img" aria-label={label} data-testid="daily-chart">
      {kind === 'line' ? <Line {...common} /> : <Column {...common} stack />}
    </div>
  );
}

export default DailyChart;
