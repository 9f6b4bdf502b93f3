import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/set-sender: the email or LinkedIn account that sends to the selection from now on. */
export const setRecipientsSenderMutation = routeMutation(recipientsRoutes.recipientsSetSender, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useSetRecipientsSender = () => useMutation(setRecipientsSenderMutation);
