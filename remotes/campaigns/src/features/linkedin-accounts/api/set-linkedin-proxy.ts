import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** PUT /linkedin-accounts/:id/proxy: a built-in proxy by country, or a custom one (tried before it is saved). */
export const setLinkedinProxyMutation = routeMutation(linkedinAccountsRoutes.setLinkedinProxy, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useSetLinkedinProxy = () => useMutation(setLinkedinProxyMutation);
