import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** PATCH /linkedin-accounts/:id: name, daily limits per action, working hours, gaps, connect limit. */
export const updateLinkedinAccountMutation = routeMutation(linkedinAccountsRoutes.updateLinkedinAccount, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useUpdateLinkedinAccount = () => useMutation(updateLinkedinAccountMutation);
