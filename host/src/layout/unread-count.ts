import { routeQueryOptions } from '@leadforge/api-client';
import { unreadMessagesCount } from '@leadforge/contracts';

export const unreadCountQueryKey = ['unibox', 'unreadCount'] as const;

/**
 * GET /unread-messages-count, fetched after start-up (document 2 §7.1): the unread synced mail of
 * the user's unibox mailboxes. A server without the unibox answers 501 `not_available_yet`, and no
 * figure is shown then.
 */
export const unreadCountQueryOptions = routeQueryOptions(unreadMessagesCount, {}, unreadCountQueryKey);
