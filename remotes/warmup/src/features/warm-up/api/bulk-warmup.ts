import { useMutation } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** POST /warm-up/api/bulk: starts or pauses up to 100 mailboxes, each on its own (refusals come back per mailbox). */
export const bulkWarmupMutation = routeMutation(warmupRoutes.warmupBulk, {
  invalidates: () => [warmupKeys.warmUp(), warmupKeys.emailAccounts()],
});

export const useBulkWarmup = () => useMutation(bulkWarmupMutation);
