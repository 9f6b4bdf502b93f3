import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** PUT /pipelines/api/campaign/:id/flowcharts: a launched campaign takes text and layout edits, refuses structural ones (campaign_structure_locked). */
export const saveCampaignFlowchartMutation = routeMutation(campaignsRoutes.putCampaignFlowchart, {
  invalidates: (data) => [campaignPageKeys.campaign(data.campaign.campaignId)],
});

export const useSaveCampaignFlowchart = () => useMutation(saveCampaignFlowchartMutation);
