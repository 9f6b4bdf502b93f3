/** Search filter rules of document 1 §5 "Prospect and search". */
import type { ErrorKey } from '../errors';

/** Filters that reject a value of exactly one character (too vague to search on). */
export const ONE_CHARACTER_FILTERS = ['prospect_name', 'company_name', 'company_url'] as const;
export type SearchFilterKind = (typeof ONE_CHARACTER_FILTERS)[number] | 'email' | 'campaign_title' | 'generic';

export const CAMPAIGN_TITLE_FILTER_MIN = 3;
export const GENERIC_FILTER_MIN = 1;

/** A standard email pattern: local part, @, domain with a top-level part of 2+ letters. */
export const EMAIL_FILTER_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export type SearchFilterErrorKey = Extract<
  ErrorKey,
  'filter_too_short' | 'filter_email_invalid' | 'filter_campaign_title_too_short'
>;

/**
 * Checks one filter input. Name, company name and company url: exactly 1 character is an error
 * (empty means "not filtering"). Email: must match the email pattern. Campaign title: at least 3
 * characters. Any other input filter: at least 1 character.
 */
export function searchFilterError(kind: SearchFilterKind, value: string | null | undefined): SearchFilterErrorKey | null {
  const trimmed = (value ?? '').trim();
  const length = [...trimmed].length;
  switch (kind) {
    case 'prospect_name':
    case 'company_name':
    case 'company_url':
      return length === 1 ? 'filter_too_short' : null;
    case 'email':
      return EMAIL_FILTER_PATTERN.test(trimmed) ? null : 'filter_email_invalid';
    case 'campaign_title':
      return length >= CAMPAIGN_TITLE_FILTER_MIN ? null : 'filter_campaign_title_too_short';
    case 'generic':
      return length >= GENERIC_FILTER_MIN ? null : 'filter_too_short';
  }
}

export const FILTER_VALUE_TYPES = ['string', 'number', 'boolean', 'string_list', 'number_list'] as const;
export type FilterValueType = (typeof FILTER_VALUE_TYPES)[number];

export interface FilterDefinition {
  title?: string | null;
  keyId?: string | number | null;
  valueType?: FilterValueType | null;
  value?: unknown;
}

function matchesValueType(valueType: FilterValueType, value: unknown): boolean {
  switch (valueType) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string_list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'number_list':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));
  }
}

/** A filter definition is valid only with a title, a keyId and a value of its declared type. */
export function isValidFilterDefinition(filter: FilterDefinition): boolean {
  if (typeof filter.title !== 'string' || filter.title.trim().length === 0) return false;
  if (filter.keyId === null || filter.keyId === undefined || filter.keyId === '') return false;
  if (!filter.valueType || !(FILTER_VALUE_TYPES as readonly string[]).includes(filter.valueType)) return false;
  return matchesValueType(filter.valueType, filter.value);
}

export function areValidFilterDefinitions(filters: readonly FilterDefinition[]): boolean {
  return filters.every(isValidFilterDefinition);
}
