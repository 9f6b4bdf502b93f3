/**
 * The area's one query-key factory (CONVENTIONS: keys from general to specific, mutations
 * invalidate by factory). Every key starts with `prospects`, so a push that changes "everything"
 * (an import finished) invalidates `prospectsKeys.all`.
 */
import { createQueryKeys } from '@leadforge/api-client';

const keys = createQueryKeys('prospects');

export const prospectsKeys = {
  all: keys.all,
  /** Pages of the prospects table: `['prospects', 'list', { listId, page, sort, filter }]`. */
  lists: () => keys.scope('list'),
  list: (request: object) => keys.scope('list', request),
  /** The lists sidebar and list pickers. */
  sidebar: () => keys.scope('sidebar'),
  sidebarFor: (teamFilter: string) => keys.scope('sidebar', { teamFilter }),
  /** The caller's folders (shared by prospect and company lists); under the sidebar, so folder changes refresh it. */
  folders: () => keys.scope('sidebar', 'folders'),
  listPicker: (request: object) => keys.scope('sidebar', 'picker', request),
  /** The campaigns that use a list (asked in the delete confirmation); under the sidebar, so list changes refresh it. */
  listUsage: (listId: number) => keys.scope('sidebar', 'usage', listId),
  columns: () => keys.scope('columns'),
  prospect: (prospectId: number) => keys.scope('prospect', prospectId),
  prospectInfo: (prospectId: number, listId: number) => keys.scope('prospect', prospectId, 'info', listId),
  notes: (prospectId: number) => keys.scope('prospect', prospectId, 'notes'),
  pinnedNotes: (prospectId: number) => keys.scope('prospect', prospectId, 'notes', 'pinned'),
  timeline: (prospectId: number, page: number) => keys.scope('prospect', prospectId, 'timeline', page),
  verification: (ids: readonly number[]) => keys.scope('verification', [...ids].sort((a, b) => a - b)),
  withoutEmails: (listId: number | null) => keys.scope('withoutEmails', listId),
  tags: () => keys.scope('tags'),
  tagProcess: (id: string) => keys.scope('tags', 'process', id),
  fieldGroups: () => keys.scope('fieldGroups'),
  countryIndustry: () => keys.scope('countryIndustry'),
  search: (request: object) => keys.scope('search', request),
  lastSearches: () => keys.scope('search', 'last'),
  importStatus: (importId: string) => keys.scope('import', importId),
  /** Everything about companies: a list renamed or deleted shows in the lists, the table and the history. */
  companiesAll: () => keys.scope('companies'),
  companyLists: () => keys.scope('companies', 'lists'),
  /** A free name to offer for a new company list; under the lists, so a list created refreshes it. */
  companyListDefaultName: () => keys.scope('companies', 'lists', 'default-name'),
  companySearch: (query: string) => keys.scope('companies', 'search', query),
  companyHistory: () => keys.scope('companies', 'history'),
  /** One company list's history (listId), or everything (null). */
  companyHistoryOf: (listId: number | null) => keys.scope('companies', 'history', { listId }),
  companies: (request: object) => keys.scope('companies', 'table', request),
  companyOverview: (id: number) => keys.scope('companies', 'overview', id),
  // generator: feature scopes above this line
};
