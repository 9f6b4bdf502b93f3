import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/:id/verification-code/resend: asks the network to send the code again. */
export const resendLinkedinCodeMutation = routeMutation(linkedinAccountsRoutes.resendLinkedinCode, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useResendLinkedinCode = () => useMutation(resendLinkedinCodeMutation);
