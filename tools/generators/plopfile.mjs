/**
 * `pnpm generate area` and `pnpm generate operation`: the skeleton of a new area (API module,
 * its tables, its contract file, the remote's feature folder) and of one operation in it
 * (contract route, handler, service method, scoped repository function, API test, the client's
 * query file and its test), wired into the lists the app iterates. What they write compiles,
 * lints and passes its tests as written; the developer then makes it the real thing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The generator's own test points it at a scratch copy of the files it edits.
const root = process.env.LEADFORGE_GENERATE_ROOT ?? path.resolve(here, '../..');
const template = (name) => path.join(here, 'templates', name);
/** A snippet inserted before a marker it captures as $1 (the snippet ends with its newline). */
const beforeMarker = (name) => `${readFileSync(template(name), 'utf8')}$1`;
const LOCALES = ['en', 'uk', 'zh', 'pt', 'es'];

/** plop's `skip`: a reason string skips the action. */
const skipWithout = (name) => (existsSync(template(name)) ? false : `no template ${name}`);
const kebab = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const remotes = ['finder-verifier', 'prospects', 'campaigns', 'unibox', 'warmup', 'enrichment', 'studio', 'crm', 'infra-billing'];

const operationPrompts = (withArea) => [
  ...(withArea
    ? [{ type: 'input', name: 'area', message: 'API area (kebab-case, an existing api/src/modules/<area>):', validate: (v) => (kebab.test(v) && existsSync(path.join(root, 'api/src/modules', v, 'area.ts'))) || 'an area with api/src/modules/<area>/area.ts' }]
    : []),
  ...(withArea ? [{ type: 'list', name: 'remote', message: 'Remote that calls it:', choices: remotes }] : []),
  { type: 'input', name: 'feature', message: 'Feature folder in the remote (kebab-case):', validate: (v) => kebab.test(v) || 'kebab-case' },
  { type: 'input', name: 'operation', message: 'Operation (kebab-case, e.g. list-email-accounts):', validate: (v) => kebab.test(v) || 'kebab-case' },
  { type: 'list', name: 'kind', message: 'Kind:', choices: [{ name: 'list (GET, the caller’s records)', value: 'list' }, { name: 'create (POST, a record of the caller)', value: 'create' }] },
  { type: 'input', name: 'path', message: 'Path (as the spec names it, e.g. /email-account/list):', validate: (v) => /^\/[A-Za-z0-9/_-]+$/.test(v) || 'a path starting with / (no :params: the skeleton has none; add a params schema by hand)' },
  { type: 'input', name: 'summary', message: 'One-line summary (document 2 wording):', validate: (v) => v.trim().length > 0 || 'required' },
];

/** The values every template of an operation sees. */
function operationData(answers) {
  const isList = answers.kind === 'list';
  return { ...answers, isList, method: isList ? 'GET' : 'POST' };
}

function operationActions(data) {
  // Derived values (method, isList) join the answers before any template renders.
  Object.assign(data, operationData(data));
  const api = `${root}/api/src/modules/{{kebabCase area}}`;
  const feature = `${root}/remotes/{{remote}}/src/features/{{kebabCase feature}}`;
  return [
    { type: 'modify', path: `${root}/contracts/src/{{kebabCase area}}-routes.ts`, pattern: /(\/\/ generator: routes above this line)/, templateFile: template('contract/operation.hbs') },
    { type: 'modify', path: `${root}/contracts/src/{{kebabCase area}}-routes.ts`, pattern: /( *\/\/ generator: route names above this line)/, template: '  {{camelCase operation}},\n$1' },
    { type: 'modify', path: `${api}/routes.ts`, pattern: /( *\/\/ generator: handlers above this line)/, templateFile: template('api-operation/handler.hbs') },
    { type: 'modify', path: `${api}/service.ts`, pattern: /( *\/\/ generator: operations above this line)/, templateFile: template('api-operation/service-method.hbs') },
    { type: 'append', path: `${api}/repository.ts`, templateFile: template('api-operation/repository-function.hbs'), unique: false, separator: '' },
    { type: 'add', path: `${api}/{{kebabCase operation}}.test.ts`, templateFile: template('api-operation/operation.test.ts.hbs') },
    { type: 'add', path: `${feature}/api/{{kebabCase operation}}.ts`, templateFile: template('remote-operation/operation.ts.hbs'), skip: () => skipWithout('remote-operation/operation.ts.hbs') },
    { type: 'add', path: `${feature}/api/{{kebabCase operation}}.test.tsx`, templateFile: template('remote-operation/operation.test.tsx.hbs'), skip: () => skipWithout('remote-operation/operation.test.tsx.hbs') },
  ];
}

export default function generators(plop) {
  // A value inside TypeScript source: quoted and escaped (a summary may hold an apostrophe).
  plop.setHelper('json', (value) => JSON.stringify(value));

  plop.setGenerator('area', {
    description: 'A new API area (module, tables, contract file, remote feature) with its first operation',
    prompts: [
      { type: 'input', name: 'area', message: 'Area name (kebab-case, e.g. email-accounts):', validate: (v) => (kebab.test(v) && !existsSync(path.join(root, 'api/src/modules', v))) || 'kebab-case, not an existing module' },
      { type: 'list', name: 'remote', message: 'Remote whose screens show it:', choices: remotes },
      ...operationPrompts(false),
    ],
    actions: (data) => [
      { type: 'add', path: `${root}/contracts/src/{{kebabCase area}}-routes.ts`, templateFile: template('contract/area-routes.ts.hbs') },
      { type: 'modify', path: `${root}/contracts/src/routes.ts`, pattern: /(\n\n\/\*\*\n \* Each area's calls)/, template: "\nimport { {{camelCase area}}Routes } from './{{kebabCase area}}-routes';$1" },
      { type: 'modify', path: `${root}/contracts/src/routes.ts`, pattern: /( *\/\/ generator: new areas above this line)/, template: '  {{camelCase area}}Routes,\n$1' },
      { type: 'append', path: `${root}/contracts/src/index.ts`, template: "export * from './{{kebabCase area}}-routes';\n", unique: false, separator: '' },
      { type: 'add', path: `${root}/api/src/db/schema/{{kebabCase area}}.ts`, templateFile: template('api-area/schema.ts.hbs') },
      { type: 'add', path: `${root}/api/src/modules/{{kebabCase area}}/area.ts`, templateFile: template('api-area/area.ts.hbs') },
      { type: 'add', path: `${root}/api/src/modules/{{kebabCase area}}/routes.ts`, templateFile: template('api-area/routes.ts.hbs') },
      { type: 'add', path: `${root}/api/src/modules/{{kebabCase area}}/service.ts`, templateFile: template('api-area/service.ts.hbs') },
      { type: 'add', path: `${root}/api/src/modules/{{kebabCase area}}/repository.ts`, templateFile: template('api-area/repository.ts.hbs') },
      { type: 'modify', path: `${root}/api/src/areas.ts`, pattern: /(\n\nexport const AREAS)/, template: "\nimport { {{camelCase area}}Area } from './modules/{{kebabCase area}}/area';$1" },
      { type: 'modify', path: `${root}/api/src/areas.ts`, pattern: /( *\/\/ generator: new areas above this line)/, template: '  {{camelCase area}}Area,\n$1' },
      {
        type: 'addMany',
        destination: `${root}/remotes/{{remote}}/src`,
        base: template('remote-feature'),
        templateFiles: template('remote-feature/**/*.hbs'),
        // A remote that has its key factory, URL-state hook and readers already keeps its own.
        skipIfExists: true,
      },
      { type: 'modify', path: `${root}/remotes/{{remote}}/src/query-keys.ts`, pattern: /( *\/\/ generator: feature scopes above this line)/, template: beforeMarker('remote-feature-snippets/query-key-scope.hbs') },
      ...LOCALES.flatMap((locale) => [
        { type: 'modify', path: `${root}/remotes/{{remote}}/src/locales/${locale}.json`, pattern: /^\{\n/, template: `{\n${readFileSync(template(`remote-feature-snippets/locale-keys.${locale}.hbs`), 'utf8')}` },
        { type: 'modify', path: `${root}/remotes/{{remote}}/src/locales/${locale}.json`, pattern: /("pages": \{\n)/, template: `$1${readFileSync(template(`remote-feature-snippets/locale-page.${locale}.hbs`), 'utf8')}` },
      ]),
      { type: 'add', path: `${root}/e2e/tests/{{remote}}/{{kebabCase feature}}.spec.ts`, templateFile: template('remote-feature-snippets/journey.spec.ts.hbs') },
      ...operationActions(data),
      'Next: run `pnpm --filter @leadforge/api db:generate` for the area table (review the SQL), delete the area’s line from contracts/src/planned-areas.ts, and register the feature’s page in the remote’s routes.tsx (tools/generators/templates/remote-feature-snippets/route*.hbs show the two lines).',
    ],
  });

  plop.setGenerator('operation', {
    description: 'One operation of an existing area: contract route, handler, service method, scoped repository function, tests, client query file',
    prompts: operationPrompts(true),
    actions: (data) => operationActions(data),
  });
}
