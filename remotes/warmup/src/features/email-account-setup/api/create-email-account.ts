import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** POST /email-account/create: tests both servers, then connects the mailbox (a 422 names the failing field). */
export const createEmailAccountMutation = routeMutation(emailAccountsRoutes.createEmailAccount, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useCreateEmailAccount = () => useMutation(createEmailAccountMutation);
