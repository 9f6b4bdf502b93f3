import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/requests/:id/withdraw: the member takes back their pending request. */
export const withdrawLinkedinSlotRequestMutation = routeMutation(linkedinAccountsRoutes.withdrawLinkedinSlotRequest, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useWithdrawLinkedinSlotRequest = () => useMutation(withdrawLinkedinSlotRequestMutation);
