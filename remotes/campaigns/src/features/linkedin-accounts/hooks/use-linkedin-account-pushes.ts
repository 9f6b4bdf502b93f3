import { useQueryClient } from '@tanstack/react-query';
import { usePushEvent } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/**
 * An account's state changed on the server (a session lost or expired, a code asked for, a slot
 * assigned or taken back in the team): every LinkedIn account view refreshes, so the state and
 * its "campaigns wait" notice show without a reload.
 */
export function useLinkedinAccountPushes(): void {
  const queryClient = useQueryClient();
  usePushEvent('account.changed', ({ payload }) => {
    if (payload.what === 'linkedinAccount' || payload.what === 'team' || payload.what === 'plan')
      void queryClient.invalidateQueries({ queryKey: campaignsKeys.linkedinAccounts() });
  });
}
