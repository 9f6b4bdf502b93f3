import { useMutation } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/**
 * PUT /warm-up/api/:emailAccountId: start (active), pause or stop one mailbox's warm-up. The
 * email-accounts list shows warm-up on or off, so it refreshes too.
 */
export const setWarmupStatusMutation = routeMutation(warmupRoutes.warmupSetStatus, {
  invalidates: () => [warmupKeys.warmUp(), warmupKeys.emailAccounts()],
});

export const useSetWarmupStatus = () => useMutation(setWarmupStatusMutation);
