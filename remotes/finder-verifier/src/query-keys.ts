/**
 * The area's one query-key factory (CONVENTIONS: keys from general to specific, mutations
 * invalidate by factory). Two roots, because the area is two products: `finder` (searches, bulk
 * searches, social tasks) and `verification` (checks, bulk runs, credits). `verification.balance`
 * is the key the shell's credits badge reads too (host/src/layout/credits-balance.tsx), so a run
 * that spends credits refreshes the header by invalidating it here.
 * A request goes after these parts (`routeQueryOptions` appends it): `['finder', 'history', { query }]`.
 */
import { createQueryKeys } from '@leadforge/api-client';
import type { BulkKind } from '@leadforge/contracts';

const keys = createQueryKeys('finder');
const verification = createQueryKeys('verification');

export const finderVerifierKeys = {
  finder: keys.all,
  /** Single and domain searches, newest first: a new search of either kind refreshes it. */
  searchHistory: () => keys.scope('history'),
  companies: () => keys.scope('companies'),
  overview: () => keys.scope('overview'),
  positions: () => keys.scope('positions'),
  /** A stored domain search, one page at a time. */
  domainSearch: (searchId: string) => keys.scope('domainSearch', searchId),
  pluginHistory: (searchId: string) => keys.scope('pluginHistory', searchId),
  bestCompany: (searchId: string) => keys.scope('bestCompany', searchId),
  /** The caller's prospect lists offered as a target (the prospects area owns them). */
  listPicker: () => keys.scope('listPicker'),
  /** Every bulk search: a push or an action on one job refreshes the lists and the results. */
  finderBulk: () => keys.scope('bulk'),
  finderBulkJobs: (kind: BulkKind) => keys.scope('bulk', 'list', kind),
  finderBulkResults: (id: number) => keys.scope('bulk', 'results', id),
  /** Mutations that are not one route (pause/resume/cancel) are named under the same scope. */
  finderBulkAction: () => keys.scope('bulk', 'action'),
  /** LinkedIn search: search tasks, social-url imports and the connected accounts they run on. */
  linkedin: () => keys.scope('linkedin'),
  linkedinTasks: () => keys.scope('linkedin', 'tasks'),
  socialUrlImports: () => keys.scope('linkedin', 'socialUrl'),
  linkedinAccounts: () => keys.scope('linkedin', 'accounts'),

  /** Everything verification: a new result refreshes the last check, the history and the balance. */
  verification: verification.all,
  verificationCost: (version: number) => verification.scope('calculate', version),
  balance: () => verification.scope('balance'),
  verificationStatus: () => verification.scope('status'),
  lastSingleVerified: () => verification.scope('lastSingle'),
  lastVerified: () => verification.scope('lastVerified'),
  bulkVerifications: () => verification.scope('bulk'),
  bulkVerificationJobs: () => verification.scope('bulk', 'list'),
  bulkVerificationResults: (id: number) => verification.scope('bulk', 'results', id),
  bulkVerificationAction: () => verification.scope('bulk', 'action'),
  // generator: feature scopes above this line
};
