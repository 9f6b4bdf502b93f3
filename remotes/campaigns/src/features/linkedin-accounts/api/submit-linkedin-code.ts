import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/:id/verification-code: the verification or two-factor code the network asked for. */
export const submitLinkedinCodeMutation = routeMutation(linkedinAccountsRoutes.submitLinkedinCode, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useSubmitLinkedinCode = () => useMutation(submitLinkedinCodeMutation);
