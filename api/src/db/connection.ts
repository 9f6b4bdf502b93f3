/**
 * One data layer for both stores: embedded PGlite (the zero-setup default, data in DATA_DIR)
 * and a PostgreSQL server (DATABASE_URL). Everything above this file sees the same drizzle
 * instance and never asks which one it got, except the job queue, which needs the raw handle.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** postgres://… — when set, a PostgreSQL server is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
}

export type Drizzle = ReturnType<typeof drizzlePg> | ReturnType<typeof drizzlePglite>;

export interface Database {
  kind: DatabaseKind;
  /** Query builder shared by every repository. */
  db: ReturnType<typeof drizzlePg>;
  /** Raw embedded handle (pglite only); the job queue shares it because PGlite has one connection. */
  pglite?: PGlite;
  /** Raw pool (postgres only). */
  pool?: pg.Pool;
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    // Fail at start-up with a clear message rather than at the first request.
    const client = await pool.connect();
    client.release();
    return {
      kind: 'postgres',
      db: drizzlePg(pool),
      pool,
      databaseUrl: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  // pg_trgm backs substring name search (migration 0003); PGlite loads contrib extensions only when passed here.
  const pglite = new PGlite(options.pgliteDataDir ?? 'memory://', { extensions: { pg_trgm } });
  await pglite.waitReady;
  return {
    kind: 'pglite',
    // Both drizzle flavours expose the same query builder; the cast keeps one type for repositories.
    db: drizzlePglite(pglite) as unknown as ReturnType<typeof drizzlePg>,
    pglite,
    close: () => pglite.close(),
  };
}
