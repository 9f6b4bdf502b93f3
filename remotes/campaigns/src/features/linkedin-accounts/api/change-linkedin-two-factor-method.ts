import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/:id/two-factor-method: the two-factor code by SMS, e-mail or an authenticator app. */
export const changeLinkedinTwoFactorMethodMutation = routeMutation(linkedinAccountsRoutes.changeLinkedinTwoFactorMethod, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useChangeLinkedinTwoFactorMethod = () => useMutation(changeLinkedinTwoFactorMethodMutation);
