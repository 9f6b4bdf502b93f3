/**
 * Query keys of one campaign's page, under the area's `campaigns` root. Everything about a
 * campaign sits under `campaign(id)`, so a change to its recipients or its state refreshes its
 * figures, recipients and header at once.
 */
import { createQueryKeys } from '@leadforge/api-client';
import type { RecipientsListQuery } from '@leadforge/contracts';

const keys = createQueryKeys('campaigns');

export const campaignPageKeys = {
  campaign: (id: number) => keys.scope('campaign', id),
  view: (id: number) => keys.scope('campaign', id, 'view'),
  statistics: (id: number) => keys.scope('campaign', id, 'statistics'),
  totals: (id: number) => keys.scope('campaign', id, 'statistics', 'totals'),
  flowchartStatistics: (id: number) => keys.scope('campaign', id, 'statistics', 'flowchart'),
  daily: (id: number, range: { from?: string; to?: string }) => keys.scope('campaign', id, 'statistics', 'daily', range),
  statusCounts: (id: number) => keys.scope('campaign', id, 'statistics', 'recipients'),
  recipients: (id: number) => keys.scope('campaign', id, 'recipients'),
  recipientList: (id: number, query: Omit<RecipientsListQuery, 'campaignId'>) => keys.scope('campaign', id, 'recipients', 'list', query),
  sendersEverUsed: (id: number) => keys.scope('campaign', id, 'sendersEverUsed'),
  /** Lookups the pickers of the bulk actions use (not tied to one campaign). */
  senderAccounts: () => keys.scope('senderAccounts'),
  teamProspectLists: () => keys.scope('teamProspectLists'),
  listProspects: (listId: number, page: number) => keys.scope('teamProspectLists', listId, page),
  userInfo: () => keys.scope('userInfo'),
};
