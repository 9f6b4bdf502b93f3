import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from './campaign-keys';

/** POST /pipelines/api/campaign/set-state: start (launch, all checks or nothing), pause, resume, complete. */
export const setCampaignStateMutation = routeMutation(campaignsRoutes.setCampaignState, {
  invalidates: (_data, request) => [campaignKeys.lists(), campaignKeys.campaign(request.body.campaignId)],
});

export const useSetCampaignState = () => useMutation(setCampaignStateMutation);
