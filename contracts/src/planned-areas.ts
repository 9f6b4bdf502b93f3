/**
 * API path prefixes of the areas whose issues are still open (document 2 §7). A call under one
 * of them answers 501 `not_available_yet` — an honest "coming", unlike a misspelt path (404
 * `route_not_found`) or a missing record (404 `not_found`). A browser navigation under them still
 * gets the app. When an area is built, its issue deletes its lines here and declares its routes.
 */
export interface PlannedApiPrefix {
  /** Matches the path itself and everything below it (`/crm/api` → `/crm/api/deals/count`). */
  readonly prefix: string;
  readonly area: string;
}

export const PLANNED_API_PREFIXES: readonly PlannedApiPrefix[] = [
  // The campaigns area serves the rest of /pipelines/api; these sub-paths belong to areas still open.
  { prefix: '/pipelines/api/unibox', area: 'unibox' },
  { prefix: '/pipelines/api/domains', area: 'infrastructure' },
  { prefix: '/pipelines/api/mailboxes', area: 'infrastructure' },
  { prefix: '/pipelines/api/orders', area: 'infrastructure' },
  { prefix: '/pipelines/api/billing', area: 'infrastructure' },
  { prefix: '/unibox', area: 'unibox' },
  { prefix: '/enrichment/api', area: 'enrichment' },
  { prefix: '/api/ai-studio', area: 'studio' },
  { prefix: '/crm/api', area: 'crm' },
  { prefix: '/crm/tasks', area: 'crm' },
  { prefix: '/create-deals-validation', area: 'crm' },
  { prefix: '/infrastructure', area: 'infrastructure' },
  { prefix: '/billing', area: 'billing' },
  { prefix: '/payment-service', area: 'billing' },
  { prefix: '/api/getUserBalance', area: 'billing' },
  { prefix: '/hubspot/api', area: 'crm' },
  { prefix: '/pipedrive/api', area: 'crm' },
  { prefix: '/import/api', area: 'crm' },
];
