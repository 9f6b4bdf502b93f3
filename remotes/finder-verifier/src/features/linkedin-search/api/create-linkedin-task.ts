import { useMutation } from '@tanstack/react-query';
import { finderLinkedinCreate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /linkedin-search/tasks: a search task that harvests profiles into a list. */
export const createLinkedinTaskMutation = routeMutation(finderLinkedinCreate, {
  invalidates: () => [finderVerifierKeys.linkedinTasks()],
});

export const useCreateLinkedinTask = () => useMutation(createLinkedinTaskMutation);
