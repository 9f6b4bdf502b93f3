#!/usr/bin/env node
// The two set-up commands of the README run through here: `npm start` and `npm test` must work on
// a fresh machine that has only Node 20 and npm, so this script brings pnpm itself, installs what
// is missing, builds what is stale and then starts or tests. Plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const REMOTES = ['finder-verifier', 'prospects', 'campaigns', 'unibox', 'warmup', 'enrichment', 'studio', 'crm', 'infra-billing'];

function log(message) {
  process.stdout.write(`\n▶ ${message}\n`);
}

/** pnpm from PATH when it is exactly the pinned version, else the pinned one through npx. */
let resolvedPnpm;
function pnpmCommand() {
  if (resolvedPnpm) return resolvedPnpm;
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  resolvedPnpm = probe.status === 0 && probe.stdout.trim() === PNPM_VERSION ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
  return resolvedPnpm;
}

function run(cmd, args, { env, ...options } = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function pnpm(args, options) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
}

function must(status, what) {
  if (status !== 0) {
    console.error(`\n✖ ${what} failed (exit ${status})`);
    process.exit(status || 1);
  }
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      const name = path.split('/').pop();
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return;
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

function install() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs && !process.env.CI) return;
  log('Installing dependencies (pnpm install)');
  must(pnpm(['install', '--frozen-lockfile']), 'pnpm install');
}

const frontEndSources = ['contracts/src', 'shared', 'tools/build-config/src', 'pnpm-lock.yaml'].map((p) => join(root, p));

function buildHost({ force = false } = {}) {
  const output = join(root, 'host', 'dist', 'index.html');
  const stale = !existsSync(output) || newestMtime([...frontEndSources, join(root, 'host', 'src')]) > statSync(output).mtimeMs;
  if (!force && !stale) return;
  log('Building the host');
  must(pnpm(['--filter', '@leadforge/host', 'build']), 'host build');
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Releases every remote whose pinned local version is missing or older than its sources. */
function releaseRemotes({ force = false } = {}) {
  const env = readJson(join(root, 'environments', 'local.json'));
  const stale = [];
  for (const folder of REMOTES) {
    const pkg = readJson(join(root, 'remotes', folder, 'package.json'));
    const name = pkg.leadforge.remote;
    const pinned = env.remotes?.[name]?.version ?? pkg.version;
    const manifest = join(root, 'releases', 'remotes', name, pinned, 'mf-manifest.json');
    const sourcesChanged =
      existsSync(manifest) && newestMtime([...frontEndSources, join(root, 'remotes', folder, 'src')]) > statSync(manifest).mtimeMs;
    if (force || !existsSync(manifest) || sourcesChanged) stale.push({ folder, pinned, replace: existsSync(manifest) });
  }
  if (stale.length === 0) return;
  log(`Releasing remotes: ${stale.map((s) => s.folder).join(', ')}`);
  must(
    run(process.execPath, [join(root, 'tools', 'build-config', 'src', 'release-all.cjs'), '--force', '--only', stale.map((s) => s.folder).join(',')]),
    'remote releases',
  );
}

function build(options) {
  buildHost(options);
  releaseRemotes(options);
}

function start() {
  install();
  build();
  log('Preparing the database (migrations and demo account)');
  must(pnpm(['--filter', '@leadforge/api', 'seed']), 'seed');
  log('Starting Leadforge');
  const [cmd, ...pre] = pnpmCommand();
  const child = spawn(cmd, [...pre, '--filter', '@leadforge/api', 'start'], { cwd: root, stdio: 'inherit' });
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

// ---------------------------------------------------------------------------------------- tests

const resultsDir = join(root, 'test-results');
const summary = [];

function stage(name, fn) {
  log(name);
  const started = Date.now();
  const outcome = fn();
  summary.push({ name, ...outcome, seconds: Math.round((Date.now() - started) / 1000) });
}

function jestStage() {
  const out = join(resultsDir, 'jest.json');
  const status = pnpm(['exec', 'jest', '--ci', '--json', `--outputFile=${out}`, ...(process.env.CI ? ['--maxWorkers=2'] : [])]);
  if (!existsSync(out)) return { status: status || 1, passed: 0, failed: 1 };
  const report = readJson(out);
  // Seconds of test run time per package (workers run in parallel, so they add up to more than the stage).
  const packageOf = (file) => {
    const parts = relative(root, file).split(sep);
    return ['shared', 'remotes', 'tools'].includes(parts[0]) ? parts.slice(0, 2).join('/') : parts[0];
  };
  const areas = secondsBy(report.testResults.map((result) => [packageOf(result.name), (result.endTime - result.startTime) / 1000]));
  return { status, passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0), areas };
}

/** [[name, seconds]] summed by name, largest first. */
function secondsBy(entries) {
  const totals = new Map();
  for (const [name, seconds] of entries) totals.set(name, (totals.get(name) ?? 0) + seconds);
  return [...totals].sort((a, b) => b[1] - a[1]).map(([name, seconds]) => ({ name, seconds: Math.round(seconds) }));
}

/** node:test suites print TAP-like summary lines (`# pass N`, `# fail N`); we read them back. */
function nodeTestStage(filters, file) {
  const out = join(resultsDir, file);
  const [cmd, ...pre] = pnpmCommand();
  const result = spawnSync(cmd, [...pre, ...[filters].flat().flatMap((filter) => ['--filter', filter]), 'test'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, env: process.env });
  const text = `${result.stdout}\n${result.stderr}`;
  writeFileSync(out, text);
  // With several packages pnpm prefixes each line with `<package> test: `.
  const unprefixed = (line) => line.replace(/^\S+ test: /, '').trim();
  process.stdout.write(result.stdout.split('\n').filter((line) => /^(# |not ok|✖|ℹ)/.test(unprefixed(line))).join('\n') + '\n');
  if (result.status !== 0) process.stdout.write(text.slice(-20_000));
  const count = (label) =>
    [...text.matchAll(new RegExp(`^(?:\\S+ test: )?[#ℹ] ${label} (\\d+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
  const failed = count('fail');
  return { status: result.status ?? 1, passed: count('pass'), failed: failed || (result.status ? 1 : 0) };
}

function e2eStage() {
  const out = join(resultsDir, 'e2e.json');
  const status = pnpm(['--filter', '@leadforge/e2e', 'test'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, LEADFORGE_E2E_REPORTERS: 'list,json' },
  });
  if (!existsSync(out)) return { status: status || 1, passed: 0, failed: 1 };
  const report = readJson(out);
  const stats = report.stats ?? {};
  // Seconds per journey folder (tests/<area>/): the per-area part of the stage's budget.
  const durations = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const area = (spec.file ?? suite.file ?? '').split('/')[0] || 'other';
      for (const run of spec.tests ?? []) for (const result of run.results ?? []) durations.push([area, (result.duration ?? 0) / 1000]);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return { status, passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), areas: secondsBy(durations) };
}

function simpleStage(args) {
  const status = pnpm(args);
  return { status, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
}

function test() {
  install();
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  stage('Lint (eslint, import boundaries)', () => simpleStage(['exec', 'eslint', '.', '--max-warnings=0']));
  // The front-end packages are one program (host/tsconfig.front-end.json): checked package by
  // package, contracts and shared were type-checked again for every package that imports them.
  stage('Typecheck (every package)', () => simpleStage(['run', 'typecheck']));
  stage('Unit and component tests (jest)', jestStage);
  stage('API integration tests (PGlite and PostgreSQL)', () => nodeTestStage('@leadforge/api', 'api.txt'));
  stage('Tools tests (remotes CLI, generators)', () => nodeTestStage(['@leadforge/remotes-cli', '@leadforge/generators'], 'tools.txt'));
  stage('Production build (host and remote releases)', () => {
    // CI starts from a clean clone; locally only what is stale is rebuilt.
    build({ force: Boolean(process.env.CI) });
    return { status: 0, passed: 0, failed: 0 };
  });
  stage('End-to-end journeys (Playwright, Chromium)', e2eStage);

  const passed = summary.reduce((sum, s) => sum + s.passed, 0);
  const failed = summary.reduce((sum, s) => sum + s.failed, 0);
  const bad = summary.filter((s) => s.status !== 0);
  console.log('\nStage summary');
  for (const s of summary) {
    console.log(`  ${s.status === 0 ? '✔' : '✖'} ${s.name}: ${s.passed} passed, ${s.failed} failed (${s.seconds}s)`);
    if (s.areas?.length) console.log(`      by area: ${s.areas.map((area) => `${area.name} ${area.seconds}s`).join(', ')}`);
  }
  console.log(`\nsummary: ${passed} passed, ${failed} failed`);
  process.exit(bad.length > 0 || failed > 0 ? 1 : 0);
}

const command = process.argv[2];
if (command === 'start') start();
else if (command === 'test') test();
else if (command === 'build') {
  install();
  build({ force: process.argv.includes('--force') });
} else {
  console.error(`usage: node ${relative(process.cwd(), fileURLToPath(import.meta.url))} start|test|build [--force]`);
  process.exit(2);
}
