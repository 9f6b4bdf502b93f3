import type { Database } from './connection';

/** The query builder every repository receives (same type on PGlite and PostgreSQL). */
export type Db = Database['db'];
/** A transaction handle: repositories accept either, so services decide the unit of work. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
