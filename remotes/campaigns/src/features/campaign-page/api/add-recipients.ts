import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/add: prospects (or a whole list) join the launched campaign at the start of the sequence. */
export const addRecipientsMutation = routeMutation(recipientsRoutes.recipientsAdd, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useAddRecipients = () => useMutation(addRecipientsMutation);
