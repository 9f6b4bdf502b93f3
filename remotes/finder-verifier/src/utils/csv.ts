import Papa from 'papaparse';
import { hasEmailAddressShape, normaliseDomain } from '@leadforge/contracts';

/** Why one uploaded or pasted row was left out; the screen shows it beside the row's line number. */
export type RowErrorReason = 'invalid_email' | 'duplicate' | 'missing_fields' | 'invalid_domain';
export type RowError = { line: number; value: string; reason: RowErrorReason };
export type ParsedRows<T> = { rows: T[]; errors: RowError[] };

type Cells = { line: number; cells: string[] };

/** CSV (comma, semicolon or tab: papaparse guesses) or one value per line, blank lines skipped. */
export function parseCsvCells(text: string): Cells[] {
  const result = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  return result.data.map((cells, index) => ({ line: index + 1, cells: cells.map((cell) => String(cell ?? '').trim()) }));
}

const HEADER_WORDS = new Set(['email', 'e-mail', 'emails', 'first', 'first name', 'firstname', 'domain', 'domains', 'url', 'website', 'company']);

/** The first row is a header when its first cell is a column name rather than data. */
function dropHeader(rows: Cells[]): Cells[] {
  const first = rows[0]?.cells[0]?.toLowerCase();
  return first !== undefined && HEADER_WORDS.has(first) ? rows.slice(1) : rows;
}

/** Emails: the first cell with an "@" of each row (or its first cell), deduplicated case-insensitively. */
export function parseEmailRows(text: string): ParsedRows<string> {
  const seen = new Set<string>();
  const rows: string[] = [];
  const errors: RowError[] = [];
  for (const { line, cells } of dropHeader(parseCsvCells(text))) {
    const value = cells.find((cell) => cell.includes('@')) ?? cells[0] ?? '';
    // The engine's own shape rule, so internationalised (RFC 6531) addresses are not refused here.
    const email = value.trim().normalize('NFC').toLowerCase();
    if (!hasEmailAddressShape(email)) errors.push({ line, value, reason: 'invalid_email' });
    else if (seen.has(email)) errors.push({ line, value, reason: 'duplicate' });
    else {
      seen.add(email);
      rows.push(email);
    }
  }
  return { rows, errors };
}

export function parseDomainRows(text: string): ParsedRows<string> {
  const seen = new Set<string>();
  const rows: string[] = [];
  const errors: RowError[] = [];
  for (const { line, cells } of dropHeader(parseCsvCells(text))) {
    const value = cells[0] ?? '';
    const domain = normaliseDomain(value);
    if (!domain) errors.push({ line, value, reason: 'invalid_domain' });
    else if (seen.has(domain)) errors.push({ line, value, reason: 'duplicate' });
    else {
      seen.add(domain);
      rows.push(domain);
    }
  }
  return { rows, errors };
}

export type NameRow = { firstName: string; lastName: string; domain: string };

/** Rows of first name, last name, company domain, website or company name. */
export function parseNameRows(text: string): ParsedRows<NameRow> {
  const rows: NameRow[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of dropHeader(parseCsvCells(text))) {
    const [firstName = '', lastName = '', rawDomain = ''] = cells;
    const value = cells.join(', ');
    if (!firstName || !lastName || !rawDomain) {
      errors.push({ line, value, reason: 'missing_fields' });
      continue;
    }
    // A company name stands in when no site is known; the server looks its domain up.
    const domain = normaliseDomain(rawDomain) ?? rawDomain;
    const key = `${firstName}|${lastName}|${domain}`.toLowerCase();
    if (seen.has(key)) errors.push({ line, value, reason: 'duplicate' });
    else {
      seen.add(key);
      rows.push({ firstName, lastName, domain });
    }
  }
  return { rows, errors };
}

/** A CSV text with a header row, quoted as spreadsheet programs expect. */
export function toCsv(header: string[], rows: Array<Array<string | number | boolean | null>>): string {
  return Papa.unparse({ fields: header, data: rows });
}

/** Saves a text as a file through a temporary object URL (no round trip to the server). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves a downloaded file (a Blob from a `responseKind: 'file'` call). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}
