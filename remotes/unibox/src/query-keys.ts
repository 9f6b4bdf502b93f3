/**
 * The area's one query-key factory (CONVENTIONS: keys from general to specific, mutations
 * invalidate by factory). Every unibox key starts with `unibox`; a request goes after these parts
 * (`routeQueryOptions` appends it), so another member's mailbox (`forUserId`) is another entry.
 */
import { createQueryKeys } from '@leadforge/api-client';

const keys = createQueryKeys('unibox');

export const uniboxKeys = {
  all: keys.all,
  /** The mailboxes with their settings, status and unread counts. */
  accounts: () => keys.scope('accounts'),
  /** The IMAP folders with their totals. */
  directories: () => keys.scope('directories'),
  /** Every page of every filtered thread list. */
  threadLists: () => keys.scope('threads', 'list'),
  /** The messages of every conversation (an answer whose conversation the call does not name). */
  allThreadMessages: () => keys.scope('threads', 'messages'),
  /** The messages of one conversation (any owner). */
  threadMessages: (threadId: number) => keys.scope('threads', 'messages', threadId),
  unreadCount: () => keys.scope('unreadCount'),
  trialStatus: () => keys.scope('trialStatus'),
  /** The campaigns offered by the campaign filter. */
  campaignOptions: () => keys.scope('campaignOptions'),
  /** A picture a message shows by its Content-ID, as a data: URL (one per message part and owner). */
  inlineImage: (messageId: number, index: number, forUserId: number | undefined) => keys.scope('inlineImage', messageId, index, forUserId ?? null),
  /** A conversation's prospect, for its card. */
  prospect: (prospectId: number) => keys.scope('prospect', prospectId),
  /** The caller's email templates, for the composer's template picker. */
  templates: () => keys.scope('templates'),
  /** The caller's team, for the "Mailbox of" selector. */
  teamInfo: () => keys.scope('teamInfo'),
};
