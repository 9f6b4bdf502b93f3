import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/retract: the lead takes a slot back from its member. */
export const retractLinkedinAccountMutation = routeMutation(linkedinAccountsRoutes.retractLinkedinAccount, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useRetractLinkedinAccount = () => useMutation(retractLinkedinAccountMutation);
