import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** DELETE /email-account/:id/dkim: the mailbox's mail leaves without its DKIM signature. */
export const deleteEmailAccountDkimMutation = routeMutation(emailAccountsRoutes.deleteEmailAccountDkim, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useDeleteEmailAccountDkim = () => useMutation(deleteEmailAccountDkimMutation);
