import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /linkedin-accounts/:id/reconnect: signs an expired or disconnected account in again. */
export const reconnectLinkedinAccountMutation = routeMutation(linkedinAccountsRoutes.reconnectLinkedinAccount, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useReconnectLinkedinAccount = () => useMutation(reconnectLinkedinAccountMutation);
