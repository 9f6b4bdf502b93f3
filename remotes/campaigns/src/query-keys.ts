/**
 * The area's one query-key factory (CONVENTIONS: keys from general to specific, mutations
 * invalidate by factory). A request goes after these parts (`routeQueryOptions` appends it).
 */
import { createQueryKeys } from '@leadforge/api-client';

const keys = createQueryKeys('campaigns');

export const campaignsKeys = {
  campaigns: keys.all,
  /** What one unsubscribe link would do (public page, by the link's token). */
  unsubscribe: (token: string) => keys.scope('unsubscribe', token),
  /**
   * Every LinkedIn account query: the caller's list, the team's slots, the slot requests. Any
   * change to an account or a slot (connect, code, settings, assign, approve…) refreshes them all:
   * a slot moves between those views.
   */
  linkedinAccounts: () => keys.scope('linkedinAccounts'),
  linkedinAccountList: () => keys.scope('linkedinAccounts', 'list'),
  linkedinTeamAccounts: () => keys.scope('linkedinAccounts', 'team'),
  linkedinSlotRequests: () => keys.scope('linkedinAccounts', 'requests'),
  /** Countries the built-in proxies serve (they change only with the platform's set-up). */
  linkedinProxies: () => keys.scope('linkedinProxies'),
  /** The IANA time zones (the general call; they change only with DST). */
  timeZones: () => keys.scope('timeZones'),
  /** The caller's team and its members, to assign slots to (the general team call). */
  teamInfo: () => keys.scope('teamInfo'),
  // generator: feature scopes above this line
};
