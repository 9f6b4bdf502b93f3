import { useQueryClient } from '@tanstack/react-query';
import { usePushEvent } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** The API reports search tasks as `linkedin.search` and social-url imports as `linkedin.social-url`. */
export const LINKEDIN_TASK_KIND = 'linkedin.search';
export const SOCIAL_URL_IMPORT_KIND = 'linkedin.social-url';

/** Each progress push of a search task or an import refreshes its list. */
export function useLinkedinTaskPushes(): void {
  const queryClient = useQueryClient();
  usePushEvent('job.progress', ({ payload }) => {
    if (payload.kind === LINKEDIN_TASK_KIND) void queryClient.invalidateQueries({ queryKey: finderVerifierKeys.linkedinTasks() });
    if (payload.kind === SOCIAL_URL_IMPORT_KIND) void queryClient.invalidateQueries({ queryKey: finderVerifierKeys.socialUrlImports() });
  });
}
