/**
 * Prepared statements for the hot paths (every request resolves its session; the shell calls
 * user-info on each load). drizzle builds such a query's SQL once instead of on every call, and
 * on PostgreSQL the server parses and plans the named statement once per pooled connection.
 * A prepared query belongs to the handle it was built on, so they are kept per handle (weakly:
 * a closed test database takes its statements with it).
 */
import type { Db } from './types';

const statements = new WeakMap<Db, Map<string, unknown>>();

/** The statement `name` on `db`, built by `build` the first time. One name, one SQL text. */
export function preparedOn<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
