import { useQueryClient } from '@tanstack/react-query';
import { usePushEvent } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/**
 * A domain was checked on the server (the daily job, or a re-check from another tab or a
 * teammate's session of the same user): the list refreshes, so the new verdict shows without a reload.
 */
export function useDomainHealthPushes(): void {
  const queryClient = useQueryClient();
  usePushEvent('domain.healthChecked', () => {
    void queryClient.invalidateQueries({ queryKey: warmupKeys.domainHealth() });
  });
}
