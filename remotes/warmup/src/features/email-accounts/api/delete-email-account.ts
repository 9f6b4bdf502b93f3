import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** DELETE /email-account/:id: the mailbox goes, its queued messages are cancelled (the answer counts them). */
export const deleteEmailAccountMutation = routeMutation(emailAccountsRoutes.deleteEmailAccount, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useDeleteEmailAccount = () => useMutation(deleteEmailAccountMutation);
