/**
 * The areas as the app iterates them: together they own every declared call exactly once, and
 * every table of their schemas exists in the migrated database with all its columns (a schema
 * change without its migration fails here, not in production).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allRoutes } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { tablesOf } from './area';
import { AREAS } from './areas';
import * as wholeSchema from './db/schema';
import { startTestApp, type TestApp } from './test-support/test-app';

describe('areas', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ jobs: false });
  });
  after(async () => {
    await t.close();
  });

  it('own every declared call exactly once, each with a handler', () => {
    const owner = new Map<string, string>();
    for (const area of AREAS) {
      const handlers = area.handlers(t.app.services) as Record<string, unknown>;
      for (const name of Object.keys(area.routes)) {
        assert.equal(owner.get(name), undefined, `${name} is owned by ${owner.get(name)} and ${area.name}`);
        owner.set(name, area.name);
        assert.equal(typeof handlers[name], 'function', `${area.name} has no handler for ${name}`);
      }
    }
    assert.deepEqual([...owner.keys()].sort(), Object.keys(allRoutes).sort());
  });

  it('have every table and column of their schemas in the migrated database', async () => {
    const { rows } = await t.database.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const present = new Set(rows.map((row) => `${row.table_name}.${row.column_name}`));
    const missing: string[] = [];
    let tables = 0;
    for (const area of AREAS) {
      for (const table of tablesOf(area.schema ?? {})) {
        tables += 1;
        const config = getTableConfig(table);
        for (const column of config.columns) {
          if (!present.has(`${config.name}.${column.name}`)) missing.push(`${area.name}: ${config.name}.${column.name}`);
        }
      }
    }
    assert.ok(tables > 20, `only ${tables} tables found in the areas' schemas`);
    assert.deepEqual(missing, []);
  });

  it('leave no table of the schema without an area', () => {
    const owned = new Set(AREAS.flatMap((area) => tablesOf(area.schema ?? {})));
    assert.deepEqual(tablesOf(wholeSchema).filter((table) => !owned.has(table)).map((table) => getTableConfig(table).name), []);
  });
});
