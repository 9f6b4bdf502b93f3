import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/delete: the selection is marked deleted; what was queued for it is cancelled. */
export const deleteRecipientsMutation = routeMutation(recipientsRoutes.recipientsDelete, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useDeleteRecipients = () => useMutation(deleteRecipientsMutation);
