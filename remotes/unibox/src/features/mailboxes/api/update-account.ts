import { useMutation } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/**
 * PATCH /pipelines/api/unibox/accounts/:id: the unibox flag, first sync period or leads-only
 * setting. A mailbox leaving the unibox takes its threads and folders with it.
 */
export const updateAccountMutation = routeMutation(uniboxRoutes.updateUniboxAccount, {
  invalidates: () => [uniboxKeys.accounts(), uniboxKeys.directories(), uniboxKeys.threadLists()],
});

export const useUpdateAccount = () => useMutation(updateAccountMutation);
