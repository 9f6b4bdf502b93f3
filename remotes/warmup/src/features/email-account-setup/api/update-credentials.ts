import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** PUT /email-account/:id/credentials: reconnects an SMTP mailbox with new servers or passwords, tested first. */
export const updateCredentialsMutation = routeMutation(emailAccountsRoutes.updateEmailAccountCredentials, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useUpdateCredentials = () => useMutation(updateCredentialsMutation);
