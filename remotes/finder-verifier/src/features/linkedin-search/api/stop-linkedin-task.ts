import { useMutation } from '@tanstack/react-query';
import { finderLinkedinStop } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /linkedin-search/tasks/:id/stop. */
export const stopLinkedinTaskMutation = routeMutation(finderLinkedinStop, {
  invalidates: () => [finderVerifierKeys.linkedinTasks()],
});

export const useStopLinkedinTask = () => useMutation(stopLinkedinTaskMutation);
