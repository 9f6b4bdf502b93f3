import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/to-check/start: verifies the to-check addresses, starts the valid ones; invalid ones become nosend. */
export const startToCheckRecipientsMutation = routeMutation(recipientsRoutes.recipientsToCheckStart, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useStartToCheckRecipients = () => useMutation(startToCheckRecipientsMutation);
