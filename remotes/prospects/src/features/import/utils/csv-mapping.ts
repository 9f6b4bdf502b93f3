/**
 * CSV import, browser side. The server reads the file, suggests the mapping and rejects bad rows
 * (it owns the rules and the duplicates); the browser sends the file in chunks and checks that the
 * chosen mapping can produce prospects before the job starts.
 */
import { IMPORT_CHUNK_CHARS, IMPORT_TARGET_FIELDS } from '@leadforge/contracts';

export type ImportTarget = (typeof IMPORT_TARGET_FIELDS)[number] | `custom_${number}`;
/** CSV header → target, null = ignore the column (the saveCsv body). */
export type ImportMapping = Record<string, ImportTarget | null>;

export type MappingProblem = 'needsNameOrEmail' | 'duplicateTarget';

const IDENTIFYING: readonly string[] = ['name', 'first_name', 'last_name', 'email'];

/** A mapping is usable when a column gives a name (or first/last name) or an email, and no field is mapped twice. */
export function mappingProblems(mapping: ImportMapping): MappingProblem[] {
  const used = Object.values(mapping).filter((target): target is ImportTarget => target !== null);
  const problems: MappingProblem[] = [];
  if (!used.some((target) => IDENTIFYING.includes(target))) problems.push('needsNameOrEmail');
  if (new Set(used).size !== used.length) problems.push('duplicateTarget');
  return problems;
}

/** The file's text in upload-sized chunks, in order (a 1,000-row file is usually one chunk). */
export function chunkText(text: string, size: number = IMPORT_CHUNK_CHARS): string[] {
  if (text.length === 0) return [''];
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

/** Share of the rows done, 0–100, for the progress bar. */
export function progressPercent(processed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((processed / total) * 100));
}
