/**
 * CSV in and out for bulk searches: reading pasted or uploaded rows of first name, last name and
 * domain/company with per-row errors, and writing results safe to open in a spreadsheet.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { FINDER_LIMITS, normaliseDomain, type RowError } from '@leadforge/contracts';

export interface NameRowInput {
  firstName: string;
  lastName: string;
  domain: string;
}

export interface ParsedNameRow {
  row: number;
  firstName: string;
  lastName: string;
  /** A normalised domain, or the company name as typed when it is not a domain. */
  domain: string;
}

const HEADER_NAMES: Record<keyof NameRowInput, RegExp> = {
  firstName: /^(first[\s_-]?name|first|given[\s_-]?name|firstname|имя|nombre|nome)$/i,
  lastName: /^(last[\s_-]?name|last|surname|family[\s_-]?name|lastname|фамилия|apellido|sobrenome)$/i,
  domain: /^(domain|company|website|url|site|company[\s_-]?(domain|name|website|url))$/i,
};
/** A company name when the domain column holds no domain: letters, digits, spaces and common punctuation. */
const COMPANY_NAME = /^[\p{L}\p{N}][\p{L}\p{N} &.,'’()-]*$/u;

/**
 * Reads CSV text. With a recognised header the columns may be in any order; without one the first
 * three columns are first name, last name, domain. Row numbers are the lines the user sees.
 */
export function parseNamesCsv(text: string): { rows: NameRowInput[]; firstRow: number; errors: RowError[] } {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, delimiter: [',', ';', '\t'] }) as string[][];
  } catch {
    return { rows: [], firstRow: 1, errors: [{ row: 1, field: 'row', key: 'field_invalid' }] };
  }
  if (records.length === 0) return { rows: [], firstRow: 1, errors: [] };
  const header = records[0]!;
  const index: Partial<Record<keyof NameRowInput, number>> = {};
  header.forEach((cell, at) => {
    for (const [field, pattern] of Object.entries(HEADER_NAMES) as [keyof NameRowInput, RegExp][]) {
      if (index[field] === undefined && pattern.test(cell.trim())) index[field] = at;
    }
  });
  const hasHeader = index.firstName !== undefined || index.lastName !== undefined || index.domain !== undefined;
  const columns = hasHeader ? index : { firstName: 0, lastName: 1, domain: 2 };
  const data = hasHeader ? records.slice(1) : records;
  return {
    rows: data.map((record) => ({
      firstName: columns.firstName !== undefined ? (record[columns.firstName] ?? '') : '',
      lastName: columns.lastName !== undefined ? (record[columns.lastName] ?? '') : '',
      domain: columns.domain !== undefined ? (record[columns.domain] ?? '') : '',
    })),
    firstRow: hasHeader ? 2 : 1,
    errors: [],
  };
}

/** Checks rows; good ones come back normalised, bad ones as per-row errors. */
export function validateNameRows(rows: NameRowInput[], firstRow: number): { good: ParsedNameRow[]; errors: RowError[] } {
  const good: ParsedNameRow[] = [];
  const errors: RowError[] = [];
  rows.forEach((input, at) => {
    const row = firstRow + at;
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    const rawDomain = input.domain.trim();
    const rowErrors: RowError[] = [];
    if (!firstName) rowErrors.push({ row, field: 'firstName', key: 'field_required' });
    else if (firstName.length > FINDER_LIMITS.nameMax) rowErrors.push({ row, field: 'firstName', key: 'field_too_long' });
    if (!lastName) rowErrors.push({ row, field: 'lastName', key: 'field_required' });
    else if (lastName.length > FINDER_LIMITS.nameMax) rowErrors.push({ row, field: 'lastName', key: 'field_too_long' });
    let domain: string | null = null;
    if (!rawDomain) rowErrors.push({ row, field: 'domain', key: 'field_required' });
    else if (rawDomain.length > FINDER_LIMITS.domainMax) rowErrors.push({ row, field: 'domain', key: 'field_too_long' });
    else {
      domain = normaliseDomain(rawDomain);
      // Not a domain: accepted as a company name, resolved to a domain when the job runs.
      if (!domain && COMPANY_NAME.test(rawDomain) && !/[/:@]/.test(rawDomain)) domain = rawDomain;
      if (!domain) rowErrors.push({ row, field: 'domain', key: 'domain_invalid' });
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else good.push({ row, firstName, lastName, domain: domain! });
  });
  return { good, errors };
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function safeCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return stringify([header, ...rows.map((row) => row.map(safeCell))]);
}
