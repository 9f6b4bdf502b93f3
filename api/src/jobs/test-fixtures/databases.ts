/**
 * Fresh databases for the API tests: a throw-away PostgreSQL database per test file (created and
 * dropped on the local server) and PGlite in memory or in a temporary folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL =
  process.env.LEADFORGE_TEST_ADMIN_URL ?? process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestPostgres(prefix: string): Promise<TestPostgres> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        // Connections still closing (a pool's last client) are waited for, not killed: a killed
        // connection would surface as an error in a test that already ended.
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function createTempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Polls `check` until it answers a value (not undefined) or the deadline passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const silentLogger = {
  info() {},
  warn() {},
  debug() {},
  error: (...args: unknown[]) => console.error(...args),
} as never;
