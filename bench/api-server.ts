/**
 * The API as the benchmark runs it: A's buildApp on the store named by BENCH_STORE (a fresh PGlite
 * folder, or the PostgreSQL database in DATABASE_URL), in its own process so the load generator
 * does not share its event loop. Prints `{"url":…}` once listening; SIGTERM closes it.
 *
 * Login rate limits are raised here (and only here) because the login-latency figure times ~30
 * logins of one account, which the production limits would refuse after a few.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/connection';
import { runMigrations } from '../api/src/db/migrate';

const store = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite';
const databaseUrl = store === 'postgres' ? process.env.DATABASE_URL : undefined;
if (store === 'postgres' && !databaseUrl) throw new Error('BENCH_STORE=postgres needs DATABASE_URL');

const dir = await mkdtemp(path.join(os.tmpdir(), 'lf-bench-'));
const webRoot = path.join(dir, 'web');
const environments = path.join(dir, 'environments');
await mkdir(webRoot, { recursive: true });
await mkdir(environments, { recursive: true });
await mkdir(path.join(dir, 'data'), { recursive: true });
await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Leadforge</title><div id="root"></div>');
await writeFile(path.join(environments, 'local.json'), JSON.stringify({ environment: 'local', remotes: {} }));

const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dir, 'data'),
  WEB_ROOT: webRoot,
  RELEASES_DIR: path.join(dir, 'releases'),
  ENVIRONMENTS_DIR: environments,
  LOG_LEVEL: 'silent',
  EMBEDDED_WORKERS: 'true',
  // The unibox bench connects a mailbox on a loopback Dovecot.
  ...(process.env.MAIL_ALLOW_PRIVATE ? { MAIL_ALLOW_PRIVATE: process.env.MAIL_ALLOW_PRIVATE } : {}),
  // The domain-health bench points DNS at a loopback server with its own blocklist zones.
  ...Object.fromEntries(
    ['DNS_SERVERS', 'DOMAIN_HEALTH_IP_BLOCKLISTS', 'DOMAIN_HEALTH_DOMAIN_BLOCKLISTS', 'DOMAIN_HEALTH_DNS_TIMEOUT_MS'].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]!]] : [],
    ),
  ),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase(
  databaseUrl ? { databaseUrl, poolMax: 20 } : { pgliteDataDir: path.join(dir, 'data', 'pglite') },
);
await runMigrations(database);
const generous = { limit: 1_000_000, ipLimit: 1_000_000, windowMs: 60_000 };
const app = await buildApp(config, {
  database,
  logger: false,
  rateLimits: { login: generous, twoFactor: generous, forgot: generous, register: generous },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});
