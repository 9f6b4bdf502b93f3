/**
 * Query keys of the campaigns themselves (list, folders, one campaign and the wizard's look-ups),
 * under the area's `campaigns` root like every other key of the remote: a change invalidates by
 * these factories.
 */
import { createQueryKeys } from '@leadforge/api-client';

const keys = createQueryKeys('campaigns');

export const campaignKeys = {
  /** Every list page and search: a new, copied, moved or deleted campaign changes them all. */
  lists: () => keys.scope('list'),
  folders: () => keys.scope('folders'),
  userInfo: () => keys.scope('userInfo'),
  tips: () => keys.scope('tips'),
  /** One campaign and everything read about it (prospect count, launch checks). */
  campaign: (id: number) => keys.scope('campaign', id),
  campaignProspects: (id: number) => keys.scope('campaign', id, 'prospects'),
  launchCheck: (id: number) => keys.scope('campaign', id, 'launchCheck'),
  teamProspectLists: () => keys.scope('teamProspectLists'),
  senderAccounts: () => keys.scope('senderAccounts'),
};
