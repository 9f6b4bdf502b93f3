/**
 * Reading an uploaded CSV, the same way for the preview (checkUpload) and the import job: one set
 * of csv-parse options, records found by a small splitter, then parsed in blocks.
 *
 * Why not csv-parse's `skip_records_with_error`: on an error it returns from the buffer being
 * parsed (csv-parse 7, lib/api/index.js), so every row after a bad one in the same chunk is lost
 * silently. Here the splitter finds where each record ends (quotes only open at the start of a
 * field, as with `relax_quotes`), blocks of records are parsed together, and a block that fails
 * is parsed record by record so only the unreadable record is rejected, with its row number.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse, type Options } from 'csv-parse/sync';

/** The options every parse of an uploaded file uses (a stray quote inside a field is kept as text). */
export const CSV_PARSE_OPTIONS = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  trim: true,
  record_delimiter: '\n',
} as const satisfies Options;

/** Records parsed together; a block is small enough to never hold the event loop for long. */
const BLOCK_RECORDS = 1_000;

/** The rejection reason of a record that cannot be read as CSV (an import report reason). */
export const UNREADABLE_ROW = 'row_unreadable';

/** One record of the file; `row` counts records from 1 (the header), as a spreadsheet shows them. */
export type CsvRecord = { row: number; cells: string[] } | { row: number; unreadable: true };

const QUOTE = 34;
const COMMA = 44;
const NEWLINE = 10;
const RETURN = 13;
const SPACE = 32;
const TAB = 9;

/** Cuts CSV text, fed in any pieces, into the text of each record (without its line end). */
export class RecordSplitter {
  private pending = '';
  private quoting = false;
  /** A quote seen inside a quoted field: an escaped quote if another follows, else the close. */
  private quoteSeen = false;
  private fieldStart = true;

  push(text: string): string[] {
    const records: string[] = [];
    const input = this.pending + text;
    let recordStart = 0;
    for (let index = this.pending.length; index < input.length; index += 1) {
      const code = input.charCodeAt(index);
      if (this.quoting) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (code === QUOTE) continue;
          this.quoting = false;
        } else {
          if (code === QUOTE) this.quoteSeen = true;
          continue;
        }
      }
      if (code === QUOTE && this.fieldStart) {
        this.quoting = true;
        this.fieldStart = false;
      } else if (code === COMMA) this.fieldStart = true;
      else if (code === NEWLINE || code === RETURN) {
        records.push(input.slice(recordStart, index));
        if (code === RETURN && input.charCodeAt(index + 1) === NEWLINE) index += 1;
        recordStart = index + 1;
        this.fieldStart = true;
      } else if (code !== SPACE && code !== TAB) this.fieldStart = false;
    }
    this.pending = input.slice(recordStart);
    return records.filter((record) => record.length > 0);
  }

  /**
   * The last record. A quote that never closes would make the rest of the file one record: its
   * first line is returned alone (it will be rejected) and the following lines are read again.
   */
  end(): string[] {
    const rest = this.pending;
    const unclosed = this.quoting && !this.quoteSeen;
    this.pending = '';
    this.quoting = false;
    this.quoteSeen = false;
    this.fieldStart = true;
    if (!unclosed) return rest.length > 0 ? [rest] : [];
    const lineEnd = rest.search(/\r\n|\r|\n/);
    if (lineEnd < 0) return [rest];
    const next = new RecordSplitter();
    return [rest.slice(0, lineEnd), ...next.push(rest.slice(lineEnd).replace(/^(\r\n|\r|\n)/, '')), ...next.end()];
  }
}

function parseRecords(texts: string[]): string[][] {
  return parse(texts.join('\n'), CSV_PARSE_OPTIONS) as string[][];
}

/** Parses record texts into numbered records, from row `firstRow`; an unreadable record is kept as such. */
export function recordsOf(texts: string[], firstRow: number): CsvRecord[] {
  let rows: string[][][];
  try {
    rows = [parseRecords(texts)];
  } catch {
    rows = texts.map((text) => {
      try {
        return parseRecords([text]);
      } catch {
        return [];
      }
    });
    // Per record: an empty result of a failed parse marks the unreadable one.
    let row = firstRow;
    return texts.flatMap((text, index): CsvRecord[] => {
      const parsed = rows[index]!;
      if (parsed.length === 0 && text.trim().length > 0) return [{ row: row++, unreadable: true as const }];
      return parsed.map((cells) => ({ row: row++, cells }));
    });
  }
  return rows[0]!.map((cells, index) => ({ row: firstRow + index, cells }));
}

/**
 * Reads a CSV arriving in pieces (the upload's chunks, fetched one at a time) as blocks of
 * records, yielding to the event loop between blocks so a large file never stalls other calls.
 */
export async function* readCsv(pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<CsvRecord[]> {
  const splitter = new RecordSplitter();
  const pending: string[] = [];
  let row = 1;
  const flush = async function* (all: boolean) {
    while (pending.length >= BLOCK_RECORDS || (all && pending.length > 0)) {
      const block = recordsOf(pending.splice(0, BLOCK_RECORDS), row);
      row += block.length;
      yield block;
      await yieldToEventLoop();
    }
  };
  for await (const piece of pieces) {
    pending.push(...splitter.push(piece));
    yield* flush(false);
  }
  pending.push(...splitter.end());
  yield* flush(true);
}

/** The header and the first rows of a file's beginning; the last record is left out unless `whole`. */
export function previewRecords(text: string, rows: number, whole: boolean): { headers: string[]; preview: string[][] } {
  const splitter = new RecordSplitter();
  const texts = splitter.push(text).slice(0, rows + 1);
  if (whole && texts.length < rows + 1) texts.push(...splitter.end());
  const records = recordsOf(texts.slice(0, rows + 1), 1);
  const [header, ...rest] = records;
  return {
    headers: header && 'cells' in header ? header.cells : [],
    preview: rest.flatMap((record) => ('cells' in record ? [record.cells] : [])),
  };
}
