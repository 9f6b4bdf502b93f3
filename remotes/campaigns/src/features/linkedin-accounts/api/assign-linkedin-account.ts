import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/assign: the lead gives a slot to a team member. */
export const assignLinkedinAccountMutation = routeMutation(linkedinAccountsRoutes.assignLinkedinAccount, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useAssignLinkedinAccount = () => useMutation(assignLinkedinAccountMutation);
