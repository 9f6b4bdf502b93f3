#!/usr/bin/env node
// Releases every remote of the workspace, two builds at a time (2 cores; each webpack build is
// single-threaded for most of its run). Versions that already exist are skipped unless --force.
//   node tools/build-config/src/release-all.cjs [--force] [--concurrency 2] [--only prospects,crm]
const { spawn } = require('node:child_process');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { workspaceRemotes } = require('./release-lib.cjs');

const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: process.env.LEADFORGE_BUILD_CONCURRENCY || '2' },
    only: { type: 'string' },
  },
});

function releaseOne(remote) {
  return new Promise((resolve) => {
    const started = Date.now();
    const args = [path.join(__dirname, 'release.cjs'), '--dir', remote.dir, values.force ? '--force' : '--skip-existing'];
    const child = spawn(process.execPath, args, { cwd: remote.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(output);
      resolve({ remote: remote.name, version: remote.version, code, seconds });
    });
  });
}

async function main() {
  const only = values.only ? new Set(values.only.split(',')) : null;
  const queue = workspaceRemotes().filter((remote) => !only || only.has(remote.name) || only.has(remote.folder));
  const limit = Math.max(1, Number(values.concurrency) || 2);
  const results = [];
  const started = Date.now();
  async function worker() {
    while (queue.length) results.push(await releaseOne(queue.shift()));
  }
  await Promise.all(Array.from({ length: limit }, worker));
  console.log('\nremote            version   result   seconds');
  for (const r of results.sort((a, b) => a.remote.localeCompare(b.remote))) {
    console.log(`${r.remote.padEnd(17)} ${r.version.padEnd(9)} ${(r.code === 0 ? 'ok' : 'FAILED').padEnd(8)} ${r.seconds.toFixed(1)}`);
  }
  const failed = results.filter((r) => r.code !== 0);
  console.log(`release-all: ${results.length - failed.length}/${results.length} ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed.length ? 1 : 0);
}

main();
