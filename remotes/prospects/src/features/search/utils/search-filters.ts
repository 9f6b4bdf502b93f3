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
