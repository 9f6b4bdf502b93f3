/**
 * `pnpm start`: validates the configuration, opens the database (embedded PGlite in DATA_DIR,
 * or DATABASE_URL), applies migrations, seeds the demo account on a fresh embedded database,
 * builds the app and listens. SIGTERM/SIGINT close it gracefully (requests, sockets, jobs, DB).
 */
import { mkdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/connection';
import { runMigrations } from './db/migrate';
import { hasAnyUser, hasDemoUser, readDemoCredentials, seedDemo } from './seed';

export async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  } catch (error) {
    console.error(`Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR=${config.dataDir}`}): ${(error as Error).message}`);
    process.exit(1);
  }
  await runMigrations(database);
  // A newcomer's first `pnpm start` on the embedded database comes with a demo account.
  if (!config.databaseUrl && !(await hasAnyUser(database))) await seedDemo(database, config);

  const app = await buildApp(config, { database });
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'Shutting down');
    closing ??= (async () => {
      await app.close();
      await database.close();
    })();
    closing.then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://${config.host}:${config.port}`;
  console.log(`\nLeadforge is running at ${url}`);
  console.log(`  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDataDir}`}`);
  console.log(`  mail: ${config.smtp ? `SMTP ${config.smtp.host}:${config.smtp.port}` : `outbox folder ${config.outboxDir}`}`);
  const credentials = await readDemoCredentials(config);
  if (credentials && (await hasDemoUser(database))) {
    console.log(`  demo account: ${credentials.email} / ${credentials.password}`);
  }
  console.log('');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
