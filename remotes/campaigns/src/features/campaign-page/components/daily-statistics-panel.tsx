import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, Checkbox, Flex, Segmented, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CampaignEventKind } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { DashboardRangePicker, type RangePreset } from '../../dashboard/components/range-picker';
import { lastDays, type DayRange } from '../../dashboard/utils/date-range';
import { useGetDailyStatistics } from '../api/get-daily-statistics';
import { chartRows, hasActivity } from '../utils/daily-chart';

const DailyChart = lazy(() => import('./daily-chart'));

/** The kinds a reader usually compares; the others are a tick away. */
const DEFAULT_KINDS: CampaignEventKind[] = ['sent', 'opened', 'clicked', 'replied', 'bounced'];
const CHARTABLE_KINDS: CampaignEventKind[] = [
  'sent',
  'opened',
  'clicked',
  'replied',
  'auto_replied',
  'bounced',
  'unsubscribed',
  'linkedin_visit',
  'linkedin_invite',
  'linkedin_invite_accepted',
  'linkedin_message',
  'linkedin_replied',
];

export type DailyStatisticsPanelProps = { campaignId: number };

/** Events per day over a range of days (the last 30 by default), as a line or stacked columns, with a table of the same figures for screen readers. */
export function DailyStatisticsPanel({ campaignId }: DailyStatisticsPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const [kinds, setKinds] = useState<CampaignEventKind[]>(DEFAULT_KINDS);
  const [chart, setChart] = useState<'line' | 'column'>('line');
  const [range, setRange] = useState<DayRange>(() => lastDays(new Date()));
  const [preset, setPreset] = useState<RangePreset>(30);
  const daily = useGetDailyStatistics(campaignId, range);
  const label = (kind: CampaignEventKind) => t(`campaignPage.kinds.${kind}`);
  const rows = useMemo(
    () => chartRows(daily.data?.points ?? [], kinds, (kind) => t(`campaignPage.kinds.${kind}`)),
    [daily.data, kinds, t],
  );

  let body;
  if (daily.isPending) body = <LoadingState label={t('campaignPage.daily.loading')} />;
  else if (daily.isError) body = <ErrorState error={daily.error} onRetry={() => void daily.refetch()} />;
  else if (!hasActivity(daily.data.points)) body = <EmptyState title={t('campaignPage.daily.empty')} />;
  else
    body = (
      <Suspense fallback={<LoadingState label={t('campaignPage.daily.loading')} />}>
        <DailyChart rows={rows} kind={chart} label={t('campaignPage.daily.chartLabel', { from: daily.data.from, to: daily.data.to })} />
      </Suspense>
    );

  return (
    <Card
      title={t('campaignPage.daily.title')}
      extra={
        <Segmented
          aria-label={t('campaignPage.daily.chartType')}
          value={chart}
          onChange={(value) => setChart(value as 'line' | 'column')}
          options={[
            { value: 'line', label: t('campaignPage.daily.line') },
            { value: 'column', label: t('campaignPage.daily.column') },
          ]}
        />
      }
    >
      <Flex vertical gap={12}>
        <DashboardRangePicker
          preset={preset}
          onChange={(next, nextPreset) => {
            setRange(next);
            setPreset(nextPreset);
          }}
        />
        <Checkbox.Group
          aria-label={t('campaignPage.daily.kinds')}
          value={kinds}
          onChange={(value) => setKinds(value as CampaignEventKind[])}
          options={CHARTABLE_KINDS.map((kind) => ({ value: kind, label: label(kind) }))}
        />
        {body}
        {daily.data && hasActivity(daily.data.points) ? (
          <details>
            <summary>
              <Typography.Text>{t('campaignPage.daily.asTable')}</Typography.Text>
            </summary>
            <Table
              size="small"
              rowKey={(row) => `${row.day}-${row.series}`}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              dataSource={rows.filter((row) => row.value > 0)}
              columns={[
                { key: 'day', dataIndex: 'day', title: t('campaignPage.daily.day') },
                { key: 'series', dataIndex: 'series', title: t('campaignPage.daily.kind') },
                { key: 'value', dataIndex: 'value', title: t('campaignPage.daily.count') },
              ]}
            />
          </details>
        ) : null}
      </Flex>
    </Card>
  );
}
