import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/to-check/force-start: starts the to-check recipients without verifying them. */
export const forceStartToCheckRecipientsMutation = routeMutation(recipientsRoutes.recipientsToCheckForceStart, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useForceStartToCheckRecipients = () => useMutation(forceStartToCheckRecipientsMutation);
