/**
 * Reading an uploaded social-url file: one LinkedIn profile link a row, anywhere in the row, a
 * header row optional. Read with the prospects import's CSV reader (one parser configuration for
 * every upload of the product; an unreadable row is rejected alone).
 */
import { SOCIAL_URL_ROWS_MAX, normaliseLinkedinProfileLink } from '@leadforge/contracts';
import { DomainError } from '../../http/domain-error';
import { UNREADABLE_ROW, readCsv } from '../prospects/import/csv-reader';

/** Bad-link reasons of rows (the download's `reason` column). */
export const LINK_INVALID = 'link_invalid';
export const PROFILE_UNAVAILABLE = 'profile_unavailable';

/** Longest cell text kept in the bad-links download. */
const BAD_CELL_MAX = 2_048;

export interface BadLink {
  /** The row as a spreadsheet shows it (the first row is 1). */
  row: number;
  url: string;
  reason: string;
}

export interface SocialUrlFile {
  /** Data rows (a header row left out). */
  rowsCount: number;
  /** Profile links in file order, each once, in the one spelling the product stores, with their row. */
  links: { row: number; url: string }[];
  badLinks: BadLink[];
}

const LINK_LIKE = /https?:|linkedin\.com|\//i;

/** A first row with nothing link-like in it is a header ("LinkedIn profile", "url", …). */
function looksLikeHeader(cells: string[]): boolean {
  return !cells.some((cell) => LINK_LIKE.test(cell));
}

export async function readSocialUrlFile(csv: string): Promise<SocialUrlFile> {
  const file: SocialUrlFile = { rowsCount: 0, links: [], badLinks: [] };
  const seen = new Set<string>();
  for await (const block of readCsv([csv])) {
    for (const record of block) {
      if ('unreadable' in record) {
        file.rowsCount += 1;
        file.badLinks.push({ row: record.row, url: '', reason: UNREADABLE_ROW });
        continue;
      }
      const cells = record.cells.map((cell) => cell.trim()).filter((cell) => cell.length > 0);
      if (cells.length === 0) continue;
      if (record.row === 1 && looksLikeHeader(cells)) continue;
      file.rowsCount += 1;
      if (file.rowsCount > SOCIAL_URL_ROWS_MAX) throw new DomainError('import_file_too_large');
      const link = cells.map(normaliseLinkedinProfileLink).find((value) => value !== null);
      if (!link) {
        // What the row held instead: its link-like cell, else the whole row.
        const shown = cells.find((cell) => LINK_LIKE.test(cell)) ?? cells.join(', ');
        file.badLinks.push({ row: record.row, url: shown.slice(0, BAD_CELL_MAX), reason: LINK_INVALID });
        continue;
      }
      // The same profile twice in a file is read once.
      if (seen.has(link)) continue;
      seen.add(link);
      file.links.push({ row: record.row, url: link });
    }
  }
  if (file.links.length === 0) throw new DomainError('social_url_file_invalid', { field: 'csv' });
  return file;
}
