import { useQuery } from '@tanstack/react-query';
import { uniboxRoutes, type UniboxMessageItem } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';

/**
 * How often an open conversation is read again while one of its messages sent from here is still
 * queued or sending. The engine's answer comes as a push (`unibox.delivery`, use-unibox-pushes.ts);
 * this slow poll only covers a push that never arrived (a dropped socket, a worker without Redis).
 */
const DELIVERY_POLL_MS = 15_000;
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
