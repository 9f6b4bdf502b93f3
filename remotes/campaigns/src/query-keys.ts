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
  // generator: feature scopes above this line
};
