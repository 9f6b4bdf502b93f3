import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** POST /email-account/oauth/complete: hands the provider's code over; the mailbox is connected or reconnected. */
export const completeOAuthMutation = routeMutation(emailAccountsRoutes.emailAccountOAuthComplete, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useCompleteOAuth = () => useMutation(completeOAuthMutation);
