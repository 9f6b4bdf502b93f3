import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** POST /email-account/:id/tracking-domain/check: looks up the CNAME; a verified domain shows in the list. */
export const checkTrackingDomainMutation = routeMutation(emailAccountsRoutes.checkTrackingDomain, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useCheckTrackingDomain = () => useMutation(checkTrackingDomainMutation);
