import { useQuery } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';

/** GET /pipelines/api/unibox/thread-groups/:threadId/messages: the conversation, oldest first, with sanitised HTML. */
export const listThreadMessagesQueryOptions = (threadId: number, forUserId: number | undefined) =>
  routeQueryOptions(
    uniboxRoutes.uniboxThreadMessages,
    { params: { threadId }, query: ownerPart(forUserId) },
    uniboxKeys.threadMessages(threadId),
  );

export const useListThreadMessages = (threadId: number, forUserId: number | undefined) =>
  useQuery(listThreadMessagesQueryOptions(threadId, forUserId));
