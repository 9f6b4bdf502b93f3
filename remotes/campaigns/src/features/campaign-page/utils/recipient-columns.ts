/**
 * The recipients table's column chooser: every column of document 1 §3 can be shown; the
 * prospect column always is (a row needs a name). The choice is kept in the browser per user.
 */
import * as z from 'zod';
import { RECIPIENT_TABLE_COLUMNS, type RecipientTableColumn } from '@leadforge/contracts';
import type { KeyValueStorage } from '@leadforge/api-client';

export const ALWAYS_VISIBLE_COLUMNS: readonly RecipientTableColumn[] = ['prospect'];

/** The email columns first; the LinkedIn ones are a click away in the chooser. */
export const DEFAULT_VISIBLE_COLUMNS: readonly RecipientTableColumn[] = [
  'prospect',
  'email_address',
  'status',
  'email_accounts',
  'sent',
  'open',
  'click',
  'reply',
  'interest_level',
];

/** Columns in the table's order, the always-visible ones included, unknown ones dropped. */
export function normaliseColumns(columns: readonly string[]): RecipientTableColumn[] {
  const chosen = new Set([...columns, ...ALWAYS_VISIBLE_COLUMNS]);
  return RECIPIENT_TABLE_COLUMNS.filter((column) => chosen.has(column));
}

export function setColumnVisible(visible: readonly RecipientTableColumn[], column: RecipientTableColumn, shown: boolean): RecipientTableColumn[] {
  if (!shown && ALWAYS_VISIBLE_COLUMNS.includes(column)) return normaliseColumns(visible);
  const next = shown ? [...visible, column] : visible.filter((item) => item !== column);
  return normaliseColumns(next);
}

export function columnsStorageKey(userId: number | null): string {
  return `leadforge.campaigns.recipientColumns.${userId ?? 'anonymous'}`;
}

const storedColumnsSchema = z.array(z.enum(RECIPIENT_TABLE_COLUMNS)).max(RECIPIENT_TABLE_COLUMNS.length);

/** The stored choice, or the default when none (or a broken one) is stored. */
export function readVisibleColumns(storage: KeyValueStorage, key: string): RecipientTableColumn[] {
  const raw = storage.getItem(key);
  if (!raw) return [...DEFAULT_VISIBLE_COLUMNS];
  try {
    const parsed = storedColumnsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? normaliseColumns(parsed.data) : [...DEFAULT_VISIBLE_COLUMNS];
  } catch {
    return [...DEFAULT_VISIBLE_COLUMNS];
  }
}

export function writeVisibleColumns(storage: KeyValueStorage, key: string, columns: readonly RecipientTableColumn[]): void {
  storage.setItem(key, JSON.stringify(normaliseColumns(columns)));
}
