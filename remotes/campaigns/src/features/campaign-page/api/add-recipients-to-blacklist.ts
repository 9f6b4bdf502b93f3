import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/add-to-blacklist: the selection's addresses go on the no-send list; they become nosend. */
export const addRecipientsToBlacklistMutation = routeMutation(recipientsRoutes.recipientsAddToBlacklist, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useAddRecipientsToBlacklist = () => useMutation(addRecipientsToBlacklistMutation);
