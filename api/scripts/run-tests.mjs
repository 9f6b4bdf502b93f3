#!/usr/bin/env node
/**
 * Runs every `src/**\/*.test.ts` with node's test runner (Node 20 has no --test globbing) against
 * the stores named by LEADFORGE_TEST_DB: pglite, postgres or both (default). On PostgreSQL each
 * test app creates its own database lf_test_<random> and drops it when it closes.
 *
 *   pnpm --filter @leadforge/api test                     every file on PostgreSQL, the embedded-store files on PGlite too
 *   LEADFORGE_TEST_DB=pglite pnpm --filter @leadforge/api test   every file on PGlite
 *   pnpm --filter @leadforge/api test src/modules/auth    only files under a path
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findTests(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...findTests(full));
    else if (entry.endsWith('.test.ts')) found.push(full);
  }
  return found;
}

const filters = process.argv.slice(2).map((arg) => path.resolve(root, arg));
const files = findTests(path.join(root, 'src'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.startsWith(filter)))
  .sort();
if (files.length === 0) {
  console.error('No test files found');
  process.exit(1);
}

const choice = process.env.LEADFORGE_TEST_DB ?? 'both';
const stores = choice === 'both' ? ['postgres', 'pglite'] : [choice];
if (!stores.every((store) => store === 'pglite' || store === 'postgres')) {
  console.error(`LEADFORGE_TEST_DB must be pglite, postgres or both (got ${choice})`);
  process.exit(1);
}

/**
 * With both stores, every file runs on PostgreSQL (the production store) and only these on
 * embedded PGlite: the suites whose SQL takes PGlite's own paths (its single connection and
 * prepared statements at sign-in and /user-info, the pg_trgm extension it loads itself, the
 * statement-level counter triggers, the batched import CTEs). The rest would repeat, on the
 * same SQL, what PostgreSQL already proved; the job queue and scale-out suites pick their own
 * stores. `LEADFORGE_TEST_DB=pglite` still runs everything on PGlite.
 */
const PGLITE_PATHS = [
  'src/modules/auth/auth.test.ts',
  'src/modules/general/general.test.ts',
  'src/modules/prospects/prospects.test.ts',
  'src/modules/prospects/bulk-and-counts.test.ts',
  // Claims with FOR UPDATE SKIP LOCKED and leases on the embedded store's single connection.
  'src/engines/mail/outbound/outbox.test.ts',
].map((file) => path.join(root, file));

let failed = false;
for (const store of stores) {
  const runFiles = choice === 'both' && store === 'pglite' ? files.filter((file) => PGLITE_PATHS.includes(file)) : files;
  if (runFiles.length === 0) continue;
  console.log(`\n=== API tests on ${store} (${runFiles.length} files) ===`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...runFiles.map((file) => path.relative(root, file))],
    { cwd: root, stdio: 'inherit', env: { ...process.env, LEADFORGE_TEST_STORE: store } },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
