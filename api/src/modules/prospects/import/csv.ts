/**
 * The CSV side of imports: the suggested mapping of headers, the preview, counting rows, and
 * checking and cleaning each row (every rejected row gets its reason). Export escapes formula
 * injection with escapeCell; import reverses it.
 */
import {
  EMAIL_FILTER_PATTERN,
  IMPORT_TARGET_FIELDS,
  companyErrors,
  isValidPhone,
  normaliseCustomFieldValue,
  PROSPECT_NAME_MAX,
  prospectNameError,
  type CustomFieldType,
} from '@leadforge/contracts';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { cleanText, normaliseEmail, toWebUrl } from '../normalise';
import { previewRecords, readCsv } from './csv-reader';
import { chunkPieces } from './repository';

/** Rows written per transaction: large enough for multi-row inserts, small enough for steady progress. */
export const IMPORT_BATCH_ROWS = 5_000;
/** Rows of the preview in checkUpload. */
export const IMPORT_PREVIEW_ROWS = 5;
/** Rejected rows kept in the report (the count is always exact). */
export const IMPORT_REPORT_MAX = 1_000;
export const IMPORT_JOB = 'prospects.import';
/** Removes an upload that was never imported (its rows are personal data), a day after it began. */
export const IMPORT_CLEANUP_JOB = 'prospects.import-cleanup';
export const IMPORT_CLEANUP_AFTER_SECONDS = 24 * 60 * 60;
/** Bounds of the prospect entity (contracts/prospects.ts): longer imported values are cut. */
const EMAIL_MAX = 254;
const URL_MAX = 2048;
const TEXT_MAX = 255;
const PHONE_MAX = 50;
const CUSTOM_VALUE_MAX = 5_000;

export type Target = (typeof IMPORT_TARGET_FIELDS)[number] | `custom_${number}`;

/** Header spellings recognised for the suggested mapping. */
const HEADER_SYNONYMS: Record<(typeof IMPORT_TARGET_FIELDS)[number], string[]> = {
  name: ['name', 'full name', 'fullname', 'contact name', 'prospect'],
  first_name: ['first name', 'firstname', 'first_name', 'given name'],
  last_name: ['last name', 'lastname', 'last_name', 'surname', 'family name'],
  email: ['email', 'e-mail', 'emails', 'email address', 'mail'],
  phone: ['phone', 'phones', 'phone number', 'telephone', 'mobile'],
  company: ['company', 'company name', 'organization', 'organisation', 'employer'],
  company_url: ['company url', 'company_url', 'website', 'company website', 'domain', 'url'],
  position: ['position', 'title', 'job title', 'role'],
  industry: ['industry'],
  country: ['country'],
  location: ['location', 'city', 'locality'],
  linkedin: ['linkedin', 'linkedin url', 'social', 'profile', 'linkedin profile'],
  tags: ['tags', 'tag', 'labels'],
};

export function suggestMapping(headers: string[], fields: { id: number; name: string }[]): Record<string, Target | null> {
  const taken = new Set<string>();
  return Object.fromEntries(
    headers.map((header) => {
      const key = header.trim().toLowerCase();
      let target: Target | null = null;
      for (const [field, synonyms] of Object.entries(HEADER_SYNONYMS)) if (synonyms.includes(key)) target = field as Target;
      if (!target) {
        const custom = fields.find((f) => f.name.toLowerCase() === key);
        if (custom) target = `custom_${custom.id}`;
      }
      if (target && taken.has(target)) target = null;
      if (target) taken.add(target);
      return [header, target];
    }),
  );
}

/** The header row and a preview, read from the first chunk only (checkUpload stays fast). */
export function previewOf(firstChunk: string, whole: boolean): { headers: string[]; preview: string[][] } {
  return previewRecords(firstChunk, IMPORT_PREVIEW_ROWS, whole);
}

/** Data rows of an upload (the header excluded), read as a stream of its chunks. */
export async function countRows(db: DbOrTx, scope: Scope, importId: string): Promise<number> {
  let rows = 0;
  for await (const block of readCsv(chunkPieces(db, scope, importId))) rows += block.length;
  return Math.max(0, rows - 1);
}

/** A CSV cell a spreadsheet would read as a formula gets a leading apostrophe (OWASP CSV injection). */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The reverse of escapeCell on import, so an export re-imports to the same data. */
function unescapeCell(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

export interface ParsedRow {
  row: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  emails: string[];
  phones: string[];
  company: { name: string; url: string; position: string } | null;
  industry: string | null;
  country: string | null;
  locality: string | null;
  social: string | null;
  tags: string[];
  custom: { fieldId: number; value: string }[];
  /** A verification status already known for the emails (prospects found by the finder). */
  emailStatus?: string | undefined;
}

export type Rejection = { row: number; reason: string; field: string | null };

export function parseRow(
  cells: string[],
  row: number,
  columns: [number, Target][],
  fieldTypes: Map<number, CustomFieldType>,
): ParsedRow | Rejection {
  const value = (target: Target) => {
    const found = columns.filter(([, t]) => t === target).map(([index]) => unescapeCell(cells[index] ?? '').trim());
    return found.find((v) => v.length > 0) ?? '';
  };
  const firstName = cleanText(value('first_name'));
  const lastName = cleanText(value('last_name'));
  const name = cleanText(value('name')) ?? cleanText([firstName, lastName].filter(Boolean).join(' ')) ?? '';
  const nameError = prospectNameError(name);
  if (nameError) return { row, reason: nameError, field: 'name' };
  const emails = value('email')
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  for (const email of emails) if (email.length > EMAIL_MAX || !EMAIL_FILTER_PATTERN.test(email)) return { row, reason: 'field_invalid', field: 'email' };
  const phones = value('phone')
    .split(/[,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const phone of phones) if (phone.length > PHONE_MAX || !isValidPhone(phone)) return { row, reason: 'field_invalid', field: 'phone' };
  const companyInput = { name: value('company'), url: value('company_url').slice(0, URL_MAX), position: value('position') };
  const companyError = companyErrors([companyInput])[0];
  if (companyError) return { row, reason: companyError.key, field: `company.${companyError.field}` };
  const hasCompany = Boolean(companyInput.name || companyInput.url || companyInput.position);
  const linkedin = value('linkedin');
  const social = linkedin ? toWebUrl(linkedin) : null;
  if (linkedin && !social) return { row, reason: 'field_invalid', field: 'linkedin' };
  const custom: ParsedRow['custom'] = [];
  for (const [, target] of columns) {
    if (!target.startsWith('custom_')) continue;
    const fieldId = Number(target.slice('custom_'.length));
    const type = fieldTypes.get(fieldId);
    if (!type) continue;
    const normalised = normaliseCustomFieldValue(type, value(target));
    if (!normalised) continue;
    if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(normalised)) return { row, reason: 'field_invalid', field: target };
    custom.push({ fieldId, value: (cleanText(normalised) ?? normalised).slice(0, CUSTOM_VALUE_MAX) });
  }
  return {
    row,
    name: name.slice(0, PROSPECT_NAME_MAX),
    firstName: firstName?.slice(0, PROSPECT_NAME_MAX) ?? null,
    lastName: lastName?.slice(0, PROSPECT_NAME_MAX) ?? null,
    emails: emails.map(normaliseEmail),
    phones,
    company: hasCompany ? { name: companyInput.name, url: companyInput.url, position: (cleanText(companyInput.position) ?? '').slice(0, TEXT_MAX) } : null,
    industry: cleanText(value('industry'))?.slice(0, TEXT_MAX) ?? null,
    country: cleanText(value('country'))?.slice(0, TEXT_MAX) ?? null,
    locality: cleanText(value('location'))?.slice(0, TEXT_MAX) ?? null,
    social,
    tags: value('tags')
      .split(/[,;|]+/)
      .map((t) => cleanText(t))
      .filter((t): t is string => Boolean(t))
      .map((t) => t.slice(0, 50)),
    custom,
  };
}
