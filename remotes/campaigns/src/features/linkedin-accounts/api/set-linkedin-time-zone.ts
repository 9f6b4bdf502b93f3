import { useMutation } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** PUT /linkedin-accounts/:id/timezone: the zone its working hours are read in. */
export const setLinkedinTimeZoneMutation = routeMutation(linkedinAccountsRoutes.setLinkedinTimeZone, {
  invalidates: () => [campaignsKeys.linkedinAccounts()],
});

export const useSetLinkedinTimeZone = () => useMutation(setLinkedinTimeZoneMutation);
