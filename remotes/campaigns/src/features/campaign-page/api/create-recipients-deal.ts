import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/create-deal: answers not_available_yet until the CRM area exists. */
export const createRecipientsDealMutation = routeMutation(recipientsRoutes.recipientsCreateDeal, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useCreateRecipientsDeal = () => useMutation(createRecipientsDealMutation);
