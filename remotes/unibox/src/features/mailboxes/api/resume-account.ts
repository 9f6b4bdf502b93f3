import { useMutation } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/** POST /pipelines/api/unibox/accounts/:id/resume: syncs a paused mailbox again. */
export const resumeAccountMutation = routeMutation(uniboxRoutes.resumeUniboxAccount, {
  invalidates: () => [uniboxKeys.accounts()],
});

export const useResumeAccount = () => useMutation(resumeAccountMutation);
