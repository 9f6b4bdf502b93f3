import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** PATCH /email-account/:id: sender name, limits, gap, window, signature, reply-to, tracking domain, first sync. */
export const updateEmailAccountMutation = routeMutation(emailAccountsRoutes.updateEmailAccount, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useUpdateEmailAccount = () => useMutation(updateEmailAccountMutation);
