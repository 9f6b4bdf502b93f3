import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { connectRealtime, disconnectRealtime, usePushEvent } from '@leadforge/api-client';
import { useSessionRealtimeSync } from '../app/session-bridge';
import { unreadCountQueryKey } from './unread-count';

/**
 * The one realtime channel of a signed-in page, and the shell's own reactions to pushes: account
 * changes refresh the session, a locked account goes back to the login page.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    connectRealtime();
  }, []);

  // account.changed / account.locked / team.transfer refetch user-info (the session's own rule).
  useSessionRealtimeSync();
  usePushEvent('account.locked', () => {
    disconnectRealtime();
    navigate('/login', { replace: true });
  });
  usePushEvent('unibox.unread', (event) => {
    queryClient.setQueryData(unreadCountQueryKey, { unreadMessages: event.payload.unreadMessages });
  });
  return null;
}
