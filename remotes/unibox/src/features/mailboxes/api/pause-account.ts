import { useMutation } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/** POST /pipelines/api/unibox/accounts/:id/pause: stops syncing a mailbox into the unibox. */
export const pauseAccountMutation = routeMutation(uniboxRoutes.pauseUniboxAccount, {
  invalidates: () => [uniboxKeys.accounts()],
});

export const usePauseAccount = () => useMutation(pauseAccountMutation);
