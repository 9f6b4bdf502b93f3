/**
 * The area's one query-key factory (CONVENTIONS: keys from general to specific, mutations
 * invalidate by factory, never by string literal). Every key starts with `warmup`; the email
 * accounts are one scope, so any change to a mailbox (edit, pause, share, delete, a new one
 * connected) refreshes its list, its record and its delete figures at once.
 * A request goes after these parts (`routeQueryOptions` appends it):
 * `['warmup', 'emailAccounts', 'list', { query: { page, search, status } }]`.
 */
import { createQueryKeys } from '@leadforge/api-client';

const keys = createQueryKeys('warmup');

export const warmupKeys = {
  all: keys.all,
  /** Every mailbox query: the list, one mailbox, what deleting it would cancel. */
  emailAccounts: () => keys.scope('emailAccounts'),
  emailAccountList: () => keys.scope('emailAccounts', 'list'),
  emailAccount: (id: number) => keys.scope('emailAccounts', 'one', id),
  emailAccountUsage: (id: number) => keys.scope('emailAccounts', 'usage', id),
  /** Whether Google and Microsoft can connect here, and through the sandbox. */
  oauthOptions: () => keys.scope('oauthOptions'),
  /** The IANA time zones of the sending window (the general call; they change only with DST). */
  timeZones: () => keys.scope('timeZones'),
  /** The sending domains' health checks (the list and each re-check). */
  domainHealth: () => keys.scope('domainHealth'),
  domainHealthList: () => keys.scope('domainHealth', 'list'),
  /**
   * Every warm-up query: the list, the plan's limits (used mailboxes, pool), one mailbox's
   * statistics and the schedules with their users. A start, pause or settings change refreshes them all.
   */
  warmUp: () => keys.scope('warmUp'),
  warmUpList: () => keys.scope('warmUp', 'list'),
  /** One mailbox's warm-up (its page). */
  warmUpAccount: (emailAccountId: number) => keys.scope('warmUp', 'account', emailAccountId),
  warmUpLimits: () => keys.scope('warmUp', 'limits'),
  warmUpStatistics: (emailAccountId: number) => keys.scope('warmUp', 'statistics', emailAccountId),
  warmUpSchedules: () => keys.scope('warmUp', 'schedules'),
  // generator: feature scopes above this line
};
