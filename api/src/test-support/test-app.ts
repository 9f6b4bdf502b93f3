/**
 * A real API on a random loopback port for integration tests, on the store chosen by
 * LEADFORGE_TEST_STORE (set by scripts/run-tests.mjs): PGlite in memory, or a throw-away
 * PostgreSQL database `lf_test_<random>` created for this app and dropped at close.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/connection';
import { runMigrations } from '../db/migrate';
import { createTestPostgres } from '../jobs/test-fixtures/databases';
import { TestClient } from './test-client';

export type TestStore = 'pglite' | 'postgres';
export const TEST_STORE: TestStore = process.env.LEADFORGE_TEST_STORE === 'postgres' ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  url: string;
  config: AppConfig;
  database: Database;
  dir: string;
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<AppDeps, 'database'> {
  env?: Record<string, string>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-api-test-'));
  const webRoot = path.join(dir, 'web');
  const releases = path.join(dir, 'releases');
  const environments = path.join(dir, 'environments');
  await mkdir(webRoot, { recursive: true });
  await mkdir(path.join(releases, 'prospects', '1.0.0'), { recursive: true });
  await mkdir(environments, { recursive: true });
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Leadforge test shell</title><div id="root"></div>');
  await writeFile(path.join(webRoot, 'main.0123abcd.js'), 'console.log("shell")');
  await writeFile(path.join(releases, 'prospects', '1.0.0', 'mf-manifest.json'), '{"name":"prospects"}');
  await writeFile(path.join(environments, 'local.json'), JSON.stringify({ environment: 'local', remotes: { prospects: { version: '1.0.0' } } }));

  const postgres = TEST_STORE === 'postgres' ? await createTestPostgres('lf_test') : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    WEB_ROOT: webRoot,
    RELEASES_DIR: releases,
    ENVIRONMENTS_DIR: environments,
    LOG_LEVEL: 'silent',
    // The embedded default runs the job workers in-process; tests do the same on both stores.
    EMBEDDED_WORKERS: 'true',
    // Tests never reach the internet: a name the test did not serve from its own loopback DNS
    // server fails at once (nothing listens on the discard port) instead of asking real resolvers.
    DNS_SERVERS: '127.0.0.1:9',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const database = await openDatabase(
    postgres ? { databaseUrl: postgres.url, poolMax: 5 } : { pgliteDataDir: 'memory://' },
  );
  await runMigrations(database);
  const { env: _env, ...deps } = options;
  const app = await buildApp(config, { logger: false, ...deps, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let closed = false;
  return {
    app,
    url,
    config,
    database,
    dir,
    client: () => new TestClient(url),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
      await postgres?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique address per call, so tests never depend on each other's users. */
export function uniqueEmail(label = 'user') {
  counter += 1;
  return `${label}.${process.pid}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

export const STRONG_PASSWORD = 'Correct-Horse-Battery-9';
