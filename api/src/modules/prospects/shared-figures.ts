/**
 * Figures that need a scan of a whole list (LinkedIn and duplicates figures, the "without email"
 * count), cached in the database so every API process answers the same and only one of them
 * computes a figure at a time. Freshness is judged by the database clock, not each process's.
 */
import { sql } from 'drizzle-orm';
import { prospectStatsCache } from '../../db/schema';
import type { Db } from '../../db/types';
import { rowsOf } from './sql-helpers';

/**
 * A figure is kept at least this many times as long as its computation took: a scan of a million
 * rows taking 3 s is redone at most every minute, so the background work stays near 5 % of a core.
 */
const RECOMPUTE_FACTOR = 20;
/**
 * A claim older than this (or than 3 times the last computation) is taken to have died with its
 * process, and the next read claims the figure again.
 */
const CLAIM_EXPIRY_SECONDS = 120;

export interface FigureRead<T> {
  /** The last value computed (possibly older than the TTL), or null if none yet. */
  value: T | null;
  /** value is younger than the TTL. */
  fresh: boolean;
  /** A process (this one or another) is computing a newer value. */
  computing: boolean;
}

export class SharedFigures {
  constructor(private readonly db: Db) {}

  /**
   * The cached figure under `key`. When it is missing or older than `ttlMs` (or RECOMPUTE_FACTOR
   * times its last computation) and nobody computes
   * it, this process claims it and runs `compute` in the background (the answer does not wait).
   */
  async read<T extends Record<string, number>>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<FigureRead<T>> {
    const [row] = await rowsOf<{ value: T | null; fresh: boolean; computing: boolean }>(
      this.db,
      sql`select value, coalesce(computed_at > now() - make_interval(secs => greatest(${ttlMs}, compute_ms * ${RECOMPUTE_FACTOR}) / 1000.0), false) as fresh,
                 coalesce(computing_since > now() - make_interval(secs => greatest(${CLAIM_EXPIRY_SECONDS}, compute_ms * 3 / 1000.0)), false) as computing
          from ${prospectStatsCache} where key = ${key}`,
    );
    if (row && row.value !== null && row.fresh) return { value: row.value, fresh: true, computing: row.computing };
    if (row?.computing) return { value: row.value, fresh: false, computing: true };
    // One claim wins even when several processes get here at once (the row lock of the upsert).
    const claimed = await rowsOf<{ key: string }>(
      this.db,
      sql`insert into ${prospectStatsCache} as c (key, computing_since) values (${key}, now())
          on conflict (key) do update set computing_since = now()
          where c.computing_since is null or c.computing_since <= now() - make_interval(secs => greatest(${CLAIM_EXPIRY_SECONDS}, c.compute_ms * 3 / 1000.0))
          returning key`,
    );
    if (claimed.length > 0) {
      const started = performance.now();
      compute()
        .then((value) =>
          this.db.execute(
            sql`update ${prospectStatsCache} set value = ${JSON.stringify(value)}::jsonb, computed_at = now(), compute_ms = ${Math.round(performance.now() - started)}, computing_since = null where key = ${key}`,
          ),
        )
        .catch(() => this.db.execute(sql`update ${prospectStatsCache} set computing_since = null where key = ${key}`).catch(() => undefined));
    }
    return { value: row?.value ?? null, fresh: false, computing: true };
  }
}
