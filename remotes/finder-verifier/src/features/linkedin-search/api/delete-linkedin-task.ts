import { useMutation } from '@tanstack/react-query';
import { finderLinkedinDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** DELETE /linkedin-search/tasks/:id. */
export const deleteLinkedinTaskMutation = routeMutation(finderLinkedinDelete, {
  invalidates: () => [finderVerifierKeys.linkedinTasks()],
});

export const useDeleteLinkedinTask = () => useMutation(deleteLinkedinTaskMutation);
