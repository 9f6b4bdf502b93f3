import { useMemo } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { campaignCapabilities, type Flowchart } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { SequenceEditor } from '../../flowchart-editor';
import { useGetCampaignUserInfo } from '../api/get-campaign-user-info';
import { useGetFlowchartStatistics } from '../api/get-flowchart-statistics';
import { flowchartCounts } from '../utils/flowchart-counts';

export type FlowchartFunnelProps = { campaignId: number; flowchart: Flowchart };

/** A launched campaign was checked against its plan at launch: the read-only view shows no plan warnings. */
const ALL_CAPABILITIES = campaignCapabilities('paid');
const ignoreChange = () => undefined;

/** The per-block funnel: the flowchart, read-only, with each block's figures drawn on it. */
export function FlowchartFunnel({ campaignId, flowchart }: FlowchartFunnelProps) {
  const { t } = useTranslation(NAMESPACE);
  const stats = useGetFlowchartStatistics(campaignId);
  // The variables the emails may use, so `{{firstName}}` is not drawn as an unknown variable.
  const userInfo = useGetCampaignUserInfo();
  const variables = useMemo(() => (userInfo.data?.variables ?? []).map((variable) => variable.name), [userInfo.data]);
  // A new object per render would redraw every block: the counts change only with the figures.
  const counts = useMemo(
    () => (stats.data ? flowchartCounts(flowchart, stats.data.blocks, (key) => t(`campaignPage.funnel.${key}`)) : undefined),
    [flowchart, stats.data, t],
  );

  let body;
  if (flowchart.operators.length === 0) body = <EmptyState title={t('campaignPage.funnel.noBlocks')} />;
  else if (stats.isPending || userInfo.isPending) body = <LoadingState label={t('campaignPage.funnel.loading')} />;
  else if (stats.isError) body = <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  else
    body = (
      <div style={{ height: 520 }} data-testid="flowchart-funnel">
        <SequenceEditor
          value={flowchart}
          onChange={ignoreChange}
          capabilities={ALL_CAPABILITIES}
          isNewCampaign={false}
          knownVariables={variables}
          readOnly
          counts={counts}
        />
      </div>
    );

  return <Card title={t('campaignPage.funnel.title')}>{body}</Card>;
}
