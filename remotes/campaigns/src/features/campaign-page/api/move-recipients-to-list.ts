import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/move-to-list: the selection's prospects are added to another list (they stay in the campaign). */
export const moveRecipientsToListMutation = routeMutation(recipientsRoutes.recipientsMoveToList, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useMoveRecipientsToList = () => useMutation(moveRecipientsToListMutation);
