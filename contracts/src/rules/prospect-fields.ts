/**
 * Prospect edit rules of document 1 §5 "Prospect and search" that depend only on the data, so the
 * prospect form and the API apply the same ones.
 */
import { PROSPECT_NAME_MAX } from '../constants';
import type { ErrorKey } from '../errors';
import type { CustomFieldType } from '../lists';
import { isValidWebAddress } from './domain';

/** Characters the input clean-up strips from free text: ; " \ < > */
const CLEAN_UP_CHARACTERS = /[;"\\<>]/g;

/** Input clean-up: strips ; " \ < > from text. */
export function cleanInput(value: string): string {
  return value.replace(CLEAN_UP_CHARACTERS, '');
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Sanitising of a plain-text value before it is saved: control characters removed, runs of
 * spaces inside a line collapsed, ends trimmed. (HTML bodies need an HTML sanitiser instead.)
 */
export function sanitizeText(value: string): string {
  return value
    .replace(CONTROL_CHARACTERS, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * A name made only of Latin (accented included), Cyrillic or Chinese letters; words may be
 * separated by spaces, hyphens or apostrophes.
 */
export const NAME_PATTERN =
  /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Han}\p{M}]+(?:[ '’-][\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Han}\p{M}]+)*$/u;

export function matchesNamePattern(value: string): boolean {
  return NAME_PATTERN.test(value.trim());
}

/** Prospect name: required and at most 251 characters (PROSPECT_NAME_MAX). */
export function prospectNameError(
  name: string | null | undefined,
): Extract<ErrorKey, 'prospect_name_required' | 'prospect_name_too_long'> | null {
  const trimmed = (name ?? '').trim();
  if (trimmed.length === 0) return 'prospect_name_required';
  if ([...trimmed].length > PROSPECT_NAME_MAX) return 'prospect_name_too_long';
  return null;
}

/**
 * Number custom field: a lone '-' counts as empty and a trailing dot is dropped before saving
 * ('12.' → '12'). Other types are only trimmed.
 */
export function normaliseCustomFieldValue(type: CustomFieldType, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (type !== 'number') return trimmed;
  if (trimmed === '-') return '';
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/** An empty phone, email or custom-field value means "remove it". */
export function isRemovalValue(value: string | null | undefined): boolean {
  return (value ?? '').trim().length === 0;
}

/**
 * Splits edited phones, emails or custom-field values into those to save and the ids of those
 * to remove (empty value). An empty value without an id was never stored and is simply dropped.
 */
export function splitRemovals<T, TId>(
  items: readonly T[],
  valueOf: (item: T) => string | null | undefined,
  idOf: (item: T) => TId | null | undefined,
): { keep: T[]; removeIds: TId[] } {
  const keep: T[] = [];
  const removeIds: TId[] = [];
  for (const item of items) {
    if (!isRemovalValue(valueOf(item))) {
      keep.push(item);
      continue;
    }
    const id = idOf(item);
    if (id !== null && id !== undefined) removeIds.push(id);
  }
  return { keep, removeIds };
}

export interface CompanyInput {
  name?: string | null;
  url?: string | null;
  position?: string | null;
  hqPhone?: string | null;
}

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim().length === 0;
}

/** A company row with no name, url, position or phone is dropped. */
export function isBlankCompany(company: CompanyInput): boolean {
  return blank(company.name) && blank(company.url) && blank(company.position) && blank(company.hqPhone);
}

export function removeBlankCompanies<T extends CompanyInput>(companies: readonly T[]): T[] {
  return companies.filter((company) => !isBlankCompany(company));
}

export const COMPANY_NAME_MAX = 255;
/** Phone numbers: digits with optional leading +, spaces, dots, dashes and brackets; 5 to 20 digits. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

export function isValidPhone(value: string): boolean {
  const trimmed = value.trim();
  if (!PHONE_PATTERN.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
}

export type CompanyErrorKey = Extract<
  ErrorKey,
  'company_name_required' | 'company_url_invalid' | 'company_name_invalid' | 'company_hq_phone_invalid'
>;

export interface CompanyFieldError {
  /** Index in the list after blank rows were removed. */
  index: number;
  field: 'name' | 'url' | 'hqPhone';
  key: CompanyErrorKey;
}

/**
 * Checks the companies of a prospect after blank rows are removed: a url or position without a
 * name → company_name_required; a url that is not a domain or http(s) address → company_url_invalid;
 * a name that is too long or holds characters the clean-up strips → company_name_invalid; an hq
 * phone that is not a phone number → company_hq_phone_invalid.
 */
export function companyErrors(companies: readonly CompanyInput[]): CompanyFieldError[] {
  const errors: CompanyFieldError[] = [];
  removeBlankCompanies(companies).forEach((company, index) => {
    const name = (company.name ?? '').trim();
    if (name.length === 0 && (!blank(company.url) || !blank(company.position))) {
      errors.push({ index, field: 'name', key: 'company_name_required' });
    } else if (name.length > COMPANY_NAME_MAX || cleanInput(name) !== name) {
      errors.push({ index, field: 'name', key: 'company_name_invalid' });
    }
    if (!blank(company.url) && !isValidCompanyUrl((company.url ?? '').trim())) {
      errors.push({ index, field: 'url', key: 'company_url_invalid' });
    }
    if (!blank(company.hqPhone) && !isValidPhone(company.hqPhone ?? '')) {
      errors.push({ index, field: 'hqPhone', key: 'company_hq_phone_invalid' });
    }
  });
  return errors;
}

/** A company url is a domain, optionally with http(s)://, a port, a path and a query. */
export function isValidCompanyUrl(value: string): boolean {
  return isValidWebAddress(value);
}
