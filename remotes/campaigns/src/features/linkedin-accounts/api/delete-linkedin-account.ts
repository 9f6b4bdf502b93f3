import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** DELETE /linkedin-accounts/:id: the account goes to deleted, its queued actions are cancelled. */
export const deleteLinkedinAccountMutation = routeMutation(linkedinAccountsRoutes.deleteLinkedinAccount, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useDeleteLinkedinAccount = () => useMutation(deleteLinkedinAccountMutation);
