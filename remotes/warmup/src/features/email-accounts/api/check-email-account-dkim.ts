import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** POST /email-account/:id/dkim/check: looks up the TXT record; a verified key shows as such. */
export const checkEmailAccountDkimMutation = routeMutation(emailAccountsRoutes.checkEmailAccountDkim, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useCheckEmailAccountDkim = () => useMutation(checkEmailAccountDkimMutation);
