import { useQueryClient } from '@tanstack/react-query';
import { usePushEvent } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/**
 * Keeps the open unibox current: a synced message (`mail.inbound`) or a changed unread count
 * (`unibox.unread`) refetches the lists, the open conversation and the mailboxes' counts, and the
 * engine's answer to a sent message (`unibox.delivery`) its conversation. Only
 * queries on screen refetch; the rest are marked stale for their next showing.
 */
export function useUniboxPushes(openThreadId: number | null): void {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: uniboxKeys.threadLists() });
    void client.invalidateQueries({ queryKey: uniboxKeys.accounts() });
    void client.invalidateQueries({ queryKey: uniboxKeys.directories() });
    void client.invalidateQueries({ queryKey: uniboxKeys.unreadCount() });
    if (openThreadId !== null) void client.invalidateQueries({ queryKey: uniboxKeys.threadMessages(openThreadId) });
  };
  usePushEvent('mail.inbound', refresh);
  usePushEvent('unibox.unread', refresh);
  // A message sent from a conversation got the engine's answer: that conversation shows its new state.
  usePushEvent('unibox.delivery', (event) => {
    void client.invalidateQueries({ queryKey: uniboxKeys.threadMessages(event.payload.threadId) });
  });
}
