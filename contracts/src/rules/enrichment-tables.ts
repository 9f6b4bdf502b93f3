/**
 * Enrichment table list rules of document 1 §4: creating a row raises the table's row count;
 * any change to a table moves it to the top and refreshes updatedAt; deleting the sort column
 * clears a cached sort on it. Pure so the client cache and the API answer agree.
 */
import type { EnrichmentSort, EnrichmentTable } from '../enrichment';

type TableLike = Pick<EnrichmentTable, 'id' | 'updatedAt' | 'rowsCount'>;

/** Applies `change` to one table, moves it to the top and stamps updatedAt. Unknown id: unchanged. */
export function touchTable<T extends TableLike>(
  tables: readonly T[],
  tableId: number,
  now: string,
  change: (table: T) => T = (t) => t,
): T[] {
  const table = tables.find((t) => t.id === tableId);
  if (!table) return [...tables];
  const changed = { ...change(table), updatedAt: now };
  return [changed, ...tables.filter((t) => t.id !== tableId)];
}

/** A row was created: row count + 1, table to the top. */
export function tableAfterRowCreated<T extends TableLike>(tables: readonly T[], tableId: number, now: string, created = 1): T[] {
  return touchTable(tables, tableId, now, (t) => ({ ...t, rowsCount: t.rowsCount + created }));
}

/** Rows were deleted: row count − n (never below 0), table to the top. */
export function tableAfterRowsDeleted<T extends TableLike>(
  tables: readonly T[],
  tableId: number,
  now: string,
  deleted: number,
): T[] {
  return touchTable(tables, tableId, now, (t) => ({ ...t, rowsCount: Math.max(0, t.rowsCount - deleted) }));
}

/** The cached sort after a column is deleted: cleared when it sorted by that column. */
export function sortAfterColumnDeleted(sort: EnrichmentSort | null, deletedColumnId: number): EnrichmentSort | null {
  return sort && sort.orderId === deletedColumnId ? null : sort;
}
