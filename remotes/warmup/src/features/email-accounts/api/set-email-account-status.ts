import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** PUT /email-account/:id/status: pause (`paused`) or resume (`active`) a mailbox. */
export const setEmailAccountStatusMutation = routeMutation(emailAccountsRoutes.setEmailAccountStatus, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useSetEmailAccountStatus = () => useMutation(setEmailAccountStatusMutation);
