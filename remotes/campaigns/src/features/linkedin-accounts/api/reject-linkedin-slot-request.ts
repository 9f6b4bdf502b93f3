import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/requests/:id/reject: the lead turns a request down. */
export const rejectLinkedinSlotRequestMutation = routeMutation(linkedinAccountsRoutes.rejectLinkedinSlotRequest, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useRejectLinkedinSlotRequest = () => useMutation(rejectLinkedinSlotRequestMutation);
