import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/requests: a team member asks the lead for a slot. */
export const requestLinkedinSlotMutation = routeMutation(linkedinAccountsRoutes.requestLinkedinSlot, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useRequestLinkedinSlot = () => useMutation(requestLinkedinSlotMutation);
