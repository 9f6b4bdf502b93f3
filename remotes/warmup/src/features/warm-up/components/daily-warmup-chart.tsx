import { Flex, Table, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupDayStats } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const SERIES = ['sent', 'inbox', 'spam', 'replied'] as const;
type Series = (typeof SERIES)[number];

const BAR_AREA_HEIGHT = 160;

export type DailyWarmupChartProps = {
  daily: WarmupDayStats[];
};

/**
 * Warm-up mail per day: sent, landed in the inbox, landed in spam, replied. Drawn with plain
 * boxes in antd's colours (the remote has no chart library, and four small series do not need
 * one); the bars are a picture for the eye, and the same figures follow as a table for everyone.
 */
export function DailyWarmupChart({ daily }: DailyWarmupChartProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const colors: Record<Series, string> = {
    sent: token.colorPrimary,
    inbox: token.colorSuccess,
    spam: token.colorError,
    replied: token.colorInfoText,
  };
  const highest = Math.max(1, ...daily.flatMap((day) => SERIES.map((series) => day[series])));
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

  return (
    <Flex vertical gap={12}>
      <Flex gap={16} wrap aria-hidden>
        {SERIES.map((series) => (
          <Flex key={series} gap={6} align="center">
            <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: colors[series] }} />
            <Typography.Text>{t(`warmUp.chart.${series}`)}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <div aria-hidden style={{ overflowX: 'auto' }}>
        <Flex gap={6} align="flex-end" style={{ height: BAR_AREA_HEIGHT + 24, minWidth: daily.length * 28 }}>
          {daily.map((day) => (
            <Flex key={day.date} vertical align="center" gap={4} style={{ flex: 1, minWidth: 22 }}>
              <Flex gap={1} align="flex-end" style={{ height: BAR_AREA_HEIGHT }}>
                {SERIES.map((series) => (
                  <div
                    key={series}
                    title={`${dayLabel(day.date)} · ${t(`warmUp.chart.${series}`)}: ${day[series]}`}
                    style={{ width: 4, height: Math.round((day[series] / highest) * BAR_AREA_HEIGHT), minHeight: day[series] > 0 ? 2 : 0, background: colors[series] }}
                  />
                ))}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 10, whiteSpace: 'nowrap' }}>
                {dayLabel(day.date)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      </div>
      <Table<WarmupDayStats>
        size="small"
        rowKey="date"
        pagination={false}
        scroll={{ x: 'max-content' }}
        // Newest first: the reader looks for today.
        dataSource={[...daily].reverse()}
        columns={[
          { key: 'date', title: t('warmUp.chart.date'), render: (_, day) => dayLabel(day.date) },
          ...SERIES.map((series) => ({ key: series, title: t(`warmUp.chart.${series}`), dataIndex: series })),
        ]}
      />
    </Flex>
  );
}
