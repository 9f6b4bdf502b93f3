import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts: connects by session cookie or e-mail and password through a proxy; the answer may ask for a code. */
export const connectLinkedinAccountMutation = routeMutation(linkedinAccountsRoutes.connectLinkedinAccount, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useConnectLinkedinAccount = () => useMutation(connectLinkedinAccountMutation);
