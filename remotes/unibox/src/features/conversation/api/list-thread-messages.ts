import { useQuery } from '@tanstack/react-query';
import { uniboxRoutes, type UniboxMessageItem } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';

/**
 * How often an open conversation is read again while one of its messages sent from here is still
 * queued or sending: the engine's answer comes with no push (mail.inbound and unibox.unread are
 * about synced mail), so without it "Queued" stayed on a message long sent.
 */
const DELIVERY_POLL_MS = 3_000;
const isUnderway = (message: UniboxMessageItem) => message.delivery === 'queued' || message.delivery === 'sending';

/** GET /pipelines/api/unibox/thread-groups/:threadId/messages: the conversation, oldest first, with sanitised HTML. */
export const listThreadMessagesQueryOptions = (threadId: number, forUserId: number | undefined) => ({
  ...routeQueryOptions(
    uniboxRoutes.uniboxThreadMessages,
    { params: { threadId }, query: ownerPart(forUserId) },
    uniboxKeys.threadMessages(threadId),
  ),
  refetchInterval: (query: { state: { data?: { items: UniboxMessageItem[] } | undefined } }) =>
    query.state.data?.items.some(isUnderway) ? DELIVERY_POLL_MS : false,
});

export const useListThreadMessages = (threadId: number, forUserId: number | undefined) =>
  useQuery(listThreadMessagesQueryOptions(threadId, forUserId));
