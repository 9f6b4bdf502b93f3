import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** PUT /linkedin-accounts/:id/warm-up: warm-up (a slow ramp of harmless actions) on or off. */
export const setLinkedinWarmUpMutation = routeMutation(linkedinAccountsRoutes.setLinkedinWarmUp, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useSetLinkedinWarmUp = () => useMutation(setLinkedinWarmUpMutation);
