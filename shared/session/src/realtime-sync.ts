/**
 * Kept apart from user-info.ts: the push subscription brings the socket client, which the sign-in
 * pages (they read user-info too) must not download.
 */
import { useQueryClient } from '@tanstack/react-query';
import { usePushEvent } from '@leadforge/api-client';
import { sessionKeys } from './user-info';

/** Refetches user-info when the server says the account, plan, team or session changed. */
export function useSessionRealtimeSync(): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
  usePushEvent('account.changed', refresh);
  usePushEvent('account.locked', refresh);
  usePushEvent('team.transfer', refresh);
}
