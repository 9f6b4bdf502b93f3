import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/requests/:id/approve: the lead gives the member a new or free slot. */
export const approveLinkedinSlotRequestMutation = routeMutation(linkedinAccountsRoutes.approveLinkedinSlotRequest, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useApproveLinkedinSlotRequest = () => useMutation(approveLinkedinSlotRequestMutation);
