import { useMutation } from '@tanstack/react-query';
import { recipientsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** POST /pipelines/api/recipients/set-status: a status a user may set; stopping ones cancel what was queued for them. */
export const setRecipientsStatusMutation = routeMutation(recipientsRoutes.recipientsSetStatus, {
  invalidates: (_data, request) => [campaignPageKeys.campaign(request.body.campaignId)],
});

export const useSetRecipientsStatus = () => useMutation(setRecipientsStatusMutation);
