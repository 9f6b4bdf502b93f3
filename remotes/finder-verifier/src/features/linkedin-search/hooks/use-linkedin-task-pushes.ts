import { useQueryClient } from '@tanstack/react-query';
import { usePushEvent } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** The API reports search tasks as `linkedin.search`. */
export const LINKEDIN_TASK_KIND = 'linkedin.search';

/** Each progress push of a search task refreshes the task list. */
export function useLinkedinTaskPushes(): void {
  const queryClient = useQueryClient();
  usePushEvent('job.progress', ({ payload }) => {
    if (payload.kind === LINKEDIN_TASK_KIND) void queryClient.invalidateQueries({ queryKey: finderVerifierKeys.linkedinTasks() });
  });
}
