/**
 * The global search form's filters and their checks (document 1 §5), through the contracts' rule
 * so the form and the API reject the same input.
 */
import { searchFilterError, type SearchFilterErrorKey, type SearchFilterKind } from '@leadforge/contracts';

export const SEARCH_FIELDS = ['prospect_name', 'company_name', 'company_url', 'email', 'campaign_title', 'position', 'country', 'location', 'industry'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const KIND_OF: Record<SearchField, SearchFilterKind> = {
  prospect_name: 'prospect_name',
  company_name: 'company_name',
  company_url: 'company_url',
  email: 'email',
  campaign_title: 'campaign_title',
  position: 'generic',
  country: 'generic',
  location: 'generic',
  industry: 'generic',
};

export type SearchValues = Partial<Record<SearchField, string>>;

/** Errors per filled field; an empty field is "not filtering" and never an error. */
export function searchErrors(values: SearchValues): Partial<Record<SearchField, SearchFilterErrorKey>> {
  const errors: Partial<Record<SearchField, SearchFilterErrorKey>> = {};
  for (const field of SEARCH_FIELDS) {
    const value = (values[field] ?? '').trim();
    if (value.length === 0) continue;
    const error = searchFilterError(KIND_OF[field], value);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The filled, trimmed filters to send; null when nothing is filled. */
export function searchFilters(values: SearchValues): Partial<Record<SearchField, string>> | null {
  const entries = SEARCH_FIELDS.map((field) => [field, (values[field] ?? '').trim()] as const).filter(([, value]) => value.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * The search shown, from the URL: one parameter per filled field (a reload or a shared link runs
 * it again). Null when no field is given or one breaks the §5 rules (the API would refuse it).
 */
export function searchFromParams(params: URLSearchParams): { values: SearchValues; filters: Partial<Record<SearchField, string>> } | null {
  const values: SearchValues = Object.fromEntries(SEARCH_FIELDS.flatMap((field) => (params.has(field) ? [[field, params.get(field) ?? '']] : [])));
  const filters = searchFilters(values);
  return filters && Object.keys(searchErrors(values)).length === 0 ? { values, filters } : null;
}

/** The URL parameters of a search: each field filled, every other one removed. */
export function searchToParams(filters: SearchValues): Record<SearchField, string | undefined> {
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [field, filters[field]?.trim() || undefined])) as Record<SearchField, string | undefined>;
}
