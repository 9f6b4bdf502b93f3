/**
 * The generators against a scratch copy of the files they edit: an area and a second operation
 * land in every list the app iterates (contracts' AREA_ROUTES and index, the API's AREAS), each
 * marker survives for the next run, and every skeleton file is written. (That the skeleton
 * compiles, lints and passes its own tests was checked by generating a whole area in the repo.)
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const plop = path.join(repo, 'node_modules', '.bin', 'plop');

function generate(root, args) {
  execFileSync(plop, ['--plopfile', path.join(here, 'plopfile.mjs'), ...args], {
    cwd: repo,
    env: { ...process.env, LEADFORGE_GENERATE_ROOT: root },
    stdio: 'pipe',
  });
}

test('an area and a further operation are generated and wired in', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lf-generate-'));
  for (const file of ['contracts/src/routes.ts', 'contracts/src/index.ts', 'api/src/areas.ts']) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(root, file));
  }
  mkdirSync(path.join(root, 'api/src/db/schema'), { recursive: true });
  // The warmup remote as it is (locales with their "pages"), without the files the feature adds.
  cpSync(path.join(repo, 'remotes/warmup/src/locales'), path.join(root, 'remotes/warmup/src/locales'), { recursive: true });

  const common = ['--remote', 'warmup', '--feature', 'mailboxes'];
  generate(root, ['area', '--', '--area', 'mail-boxes', ...common, '--operation', 'list-mail-boxes', '--kind', 'list', '--path', '/mail-boxes/list', '--summary', "Lists the caller's mailboxes."]);
  generate(root, ['operation', '--', '--area', 'mail-boxes', ...common, '--operation', 'add-mail-box', '--kind', 'create', '--path', '/mail-boxes/add', '--summary', 'Adds a mailbox.']);

  const read = (file) => readFileSync(path.join(root, file), 'utf8');
  assert.match(read('api/src/areas.ts'), /import \{ mailBoxesArea \} from '\.\/modules\/mail-boxes\/area';\n\nexport const AREAS/);
  assert.match(read('api/src/areas.ts'), /\n {2}mailBoxesArea,\n {2}\/\/ generator: new areas above this line/);
  assert.match(read('contracts/src/routes.ts'), /import \{ mailBoxesRoutes \} from '\.\/mail-boxes-routes';/);
  assert.match(read('contracts/src/routes.ts'), /\n {2}mailBoxesRoutes,\n {2}\/\/ generator: new areas above this line/);
  assert.match(read('contracts/src/index.ts'), /export \* from '\.\/mail-boxes-routes';\n$/);

  const contract = read('contracts/src/mail-boxes-routes.ts');
  assert.match(contract, /export const listMailBoxes = defineRoute\(\{[\s\S]*path: "\/mail-boxes\/list"[\s\S]*summary: "Lists the caller's mailboxes\.",/);
  assert.match(contract, /export const addMailBox = defineRoute\(\{[\s\S]*method: 'POST'/);
  assert.match(contract, /\{\n {2}listMailBoxes,\n {2}addMailBox,\n {2}\/\/ generator: route names above this line/);
  assert.match(read('api/src/modules/mail-boxes/routes.ts'), /listMailBoxes: async \(ctx\) => services\.mailBoxes\.listMailBoxes\(callerOf\(ctx\)\),\n {4}addMailBox: async \(ctx\) => services\.mailBoxes\.addMailBox\(callerOf\(ctx\), ctx\.body\),\n {4}\/\/ generator: handlers above this line/);
  assert.match(read('api/src/modules/mail-boxes/service.ts'), /async addMailBox\(caller: Caller, input: \{ name: string \}\)[\s\S]*\/\/ generator: operations above this line/);
  const repository = read('api/src/modules/mail-boxes/repository.ts');
  assert.match(repository, /export function listMailBoxes\(db: DbOrTx, scope: Scope\)[\s\S]*\.where\(readable\(scope\)\)/);
  assert.match(repository, /export async function addMailBox\(db: DbOrTx, scope: Scope, input: \{ name: string \}\)/);
  assert.match(read('remotes/warmup/src/query-keys.ts'), /mailboxes: \(\) => keys\.scope\('mailboxes'\),\n {2}\/\/ generator: feature scopes above this line/);
  for (const locale of ['en', 'uk', 'zh', 'pt', 'es']) {
    const messages = JSON.parse(read(`remotes/warmup/src/locales/${locale}.json`));
    assert.ok(messages.mailboxes && messages.pages.mailboxes, `${locale}: the feature's texts`);
  }
  for (const file of [
    'remotes/warmup/src/pages/mailboxes-page.tsx',
    'remotes/warmup/src/features/mailboxes/api/list-mail-boxes.ts',
    'remotes/warmup/src/features/mailboxes/api/add-mail-box.ts',
    'e2e/tests/warmup/mailboxes.spec.ts',
    'api/src/db/schema/mail-boxes.ts', 'api/src/modules/mail-boxes/area.ts', 'api/src/modules/mail-boxes/list-mail-boxes.test.ts', 'api/src/modules/mail-boxes/add-mail-box.test.ts']) {
    assert.ok(existsSync(path.join(root, file)), `${file} was not written`);
  }
});
