import { lazy, Suspense, useMemo } from 'react';
import { Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardChannel, DashboardTableRow } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { chartRows, hasActivity } from '../../campaign-page/utils/daily-chart';
import { totalTiles } from '../../campaign-page/utils/figures';
import { useGetDashboardCharts } from '../api/get-dashboard-charts';
import { useGetDashboardTables } from '../api/get-dashboard-tables';
import { CHART_KINDS, TABLE_FIGURES } from '../utils/channel-figures';
import type { DayRange } from '../utils/date-range';
import { FigureCell } from './figure-cell';

const DailyChart = lazy(() => import('../../campaign-page/components/daily-chart'));

export type DashboardChannelProps = { channel: DashboardChannel; range: DayRange };

/** One channel of the dashboard (email, LinkedIn or summary): the chart per day and the table per campaign with its total. */
export function DashboardChannelView({ channel, range }: DashboardChannelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const charts = useGetDashboardCharts(channel, range);
  const tables = useGetDashboardTables(channel, range);
  const rows = useMemo(
    () => chartRows(charts.data?.points ?? [], CHART_KINDS[channel], (kind) => t(`campaignPage.kinds.${kind}`)),
    [charts.data, channel, t],
  );

  const columns: TableColumnsType<DashboardTableRow> = [
    {
      key: 'title',
      title: t('dashboard.table.campaign'),
      fixed: 'left',
      render: (_: unknown, row) => (
        <Flex vertical>
          <Link to={`/campaigns/${row.campaignId}/statistics`}>{row.title}</Link>
          <span>
            <Tag>{t(`campaignPage.status.${row.status}`)}</Tag>
          </span>
        </Flex>
      ),
    },
    ...TABLE_FIGURES[channel].map((key) => ({
      key,
      title: t(`campaignPage.kinds.${key}`),
      align: 'right' as const,
      render: (_: unknown, row: DashboardTableRow) => {
        const tile = totalTiles([key], row)[0]!;
        return <FigureCell tile={tile} locale={i18n.language} />;
      },
    })),
  ];

  let chart;
  if (charts.isPending) chart = <LoadingState label={t('dashboard.loading')} />;
  else if (charts.isError) chart = <ErrorState error={charts.error} onRetry={() => void charts.refetch()} />;
  else if (!hasActivity(charts.data.points)) chart = <EmptyState title={t('dashboard.emptyChart')} />;
  else
    chart = (
      <Suspense fallback={<LoadingState label={t('dashboard.loading')} />}>
        <DailyChart rows={rows} kind="line" label={t('dashboard.chartLabel', { channel: t(`dashboard.channels.${channel}`), from: range.from, to: range.to })} />
      </Suspense>
    );

  let table;
  if (tables.isPending) table = <LoadingState label={t('dashboard.loading')} />;
  else if (tables.isError) table = <ErrorState error={tables.error} onRetry={() => void tables.refetch()} />;
  else if (tables.data.rows.length === 0) table = <EmptyState title={t('dashboard.emptyTable')} />;
  else {
    const total = tables.data.total;
    table = (
      <Table<DashboardTableRow>
        size="small"
        rowKey="campaignId"
        dataSource={tables.data.rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>{t('dashboard.table.total')}</Typography.Text>
            </Table.Summary.Cell>
            {TABLE_FIGURES[channel].map((key, index) => (
              <Table.Summary.Cell key={key} index={index + 1} align="right">
                <FigureCell tile={totalTiles([key], total)[0]!} locale={i18n.language} />
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('dashboard.chartTitle')}>
        {chart}
      </Card>
      <Card size="small" title={t('dashboard.tableTitle')}>
        {table}
      </Card>
    </Flex>
  );
}
