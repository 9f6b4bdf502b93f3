import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useGetCampaignTotals } from '../api/get-campaign-totals';
import { hasLinkedinFigures } from '../utils/figures';
import { DailyStatisticsPanel } from './daily-statistics-panel';
import { ExportRecipientsButton } from './export-recipients-button';
import { FlowchartFunnel } from './flowchart-funnel';
import { TotalsPanel } from './totals-panel';

export type StatisticsSectionProps = { campaign: CampaignView };

/** Totals with rates, the per-block funnel on the flowchart, the daily chart and the CSV export. */
export function StatisticsSection({ campaign }: StatisticsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const totals = useGetCampaignTotals(campaign.campaignId);
  const hasLinkedinBlocks = campaign.flowchart.operators.some((operator) => operator.block.type === 'linkedin');

  if (campaign.status === 'new') return <EmptyState title={t('campaignPage.statistics.notLaunched')} description={t('campaignPage.statistics.notLaunchedHint')} />;

  let totalsBody;
  if (totals.isPending) totalsBody = <LoadingState label={t('campaignPage.totals.loading')} />;
  else if (totals.isError) totalsBody = <ErrorState error={totals.error} onRetry={() => void totals.refetch()} />;
  else totalsBody = <TotalsPanel totals={totals.data} showLinkedin={hasLinkedinBlocks || hasLinkedinFigures(totals.data.figures)} />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <ExportRecipientsButton campaignId={campaign.campaignId} title={campaign.title} />
      </Flex>
      {totalsBody}
      <FlowchartFunnel campaignId={campaign.campaignId} flowchart={campaign.flowchart} />
      <DailyStatisticsPanel campaignId={campaign.campaignId} />
    </Flex>
  );
}
