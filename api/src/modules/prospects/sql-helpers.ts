/** Small SQL helpers shared by the prospects repositories (none of them reads tenant data itself). */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
/** Ids as one JSON parameter, for sets too large for a parameter each (a selection, a page of 10,000). */
export { idSet } from '../../db/sql-sets';

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many rows a statement returns (`… returning 1` of a set-based write, a capped select). */
export async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`with counted as (${query}) select count(*)::int as n from counted`);
  return row?.n ?? 0;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `(1, 2, 3)` for an `in` test; `(null)` for none, which matches nothing instead of being a syntax error. */
export function inList(ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`(null)` : sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
}

/**
 * Inserts many rows in one statement with one parameter (the rows as JSON): building a multi-row
 * VALUES list with a parameter per cell costs more CPU than the database spends writing the rows.
 * `columns` maps each column to its SQL type; row objects use the column names as keys. The
 * caller puts the owner's ids into the rows from its scope.
 */
export async function insertJsonRows(db: DbOrTx, table: string, columns: Record<string, string>, rows: Record<string, unknown>[], onConflict = '') {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.raw(names.join(', '))}) select ${sql.raw(names.join(', '))} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(definition)}) ${sql.raw(onConflict)}`,
  );
}
