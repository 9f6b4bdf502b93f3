#!/usr/bin/env node
// Each remote's own JS (gzip) from its release folder: remoteEntry.js + the chunks of its exposes,
// excluding every chunk that belongs to a shared singleton (the host provides those, so the
// remote's fallback copies are never downloaded in the composed app).
//   node tools/build-config/src/sizes.cjs [--env local] [--json]
// Versions: those pinned in environments/<env>.json when --env is given, else each remote's latest.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { parseArgs } = require('node:util');
const { REMOTES_RELEASE_DIR, readJson, readVersions, repoRoot } = require('./release-lib.cjs');

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function jsOf(assets) {
  if (!assets || !assets.js) return [];
  return [...(assets.js.sync || []), ...(assets.js.async || [])];
}

/** Measures one release folder; `ownFiles` are what the host downloads for this remote. */
function measureRelease(releaseDir) {
  const manifest = readJson(path.join(releaseDir, 'mf-manifest.json'));
  const sharedFiles = new Set(manifest.shared.flatMap((item) => jsOf(item.assets)));
  const entry = path.posix.join(manifest.metaData.remoteEntry.path || '', manifest.metaData.remoteEntry.name);
  const exposeFiles = new Set(manifest.exposes.flatMap((item) => jsOf(item.assets)));
  // release.cjs records the own chunks from the build's chunk graph; older folders fall back to the
  // manifest, which over-counts (it lists fallback chunks reachable from the expose too).
  const recorded = path.join(releaseDir, 'leadforge-chunks.json');
  const own = fs.existsSync(recorded)
    ? readJson(recorded).own.filter((file) => !sharedFiles.has(file))
    : [entry, ...[...exposeFiles].filter((file) => !sharedFiles.has(file))];
  if (own[0] !== entry) own.splice(own.indexOf(entry), 1), own.unshift(entry);
  const bytes = (files) => files.reduce((sum, file) => sum + gzipSize(path.join(releaseDir, file)), 0);
  return {
    remote: manifest.metaData.leadforge ? manifest.metaData.leadforge.remote : manifest.name,
    version: manifest.metaData.leadforge ? manifest.metaData.leadforge.version : manifest.metaData.buildInfo.buildVersion,
    remoteEntryGzip: bytes([entry]),
    exposesGzip: bytes(own.slice(1)),
    ownGzip: bytes(own),
    ownFiles: own,
    sharedFallbackGzip: bytes([...sharedFiles]),
  };
}

function pinnedVersions(env) {
  const file = path.join(repoRoot, 'environments', `${env}.json`);
  return readJson(file).remotes;
}

function main() {
  const { values } = parseArgs({ options: { env: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (!fs.existsSync(REMOTES_RELEASE_DIR)) {
    console.error(`sizes: no releases in ${REMOTES_RELEASE_DIR}; run node tools/build-config/src/release-all.cjs first`);
    process.exit(1);
  }
  const pins = values.env ? pinnedVersions(values.env) : null;
  const rows = [];
  for (const remote of fs.readdirSync(REMOTES_RELEASE_DIR).sort()) {
    const version = pins ? pins[remote] && pins[remote].version : readVersions(remote).latest;
    const dir = version && path.join(REMOTES_RELEASE_DIR, remote, version);
    if (!dir || !fs.existsSync(path.join(dir, 'mf-manifest.json'))) continue;
    rows.push(measureRelease(dir));
  }
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  console.log('remote            version    entry KB  exposes KB  own KB (gzip)  shared fallbacks KB (not loaded)');
  for (const r of rows) {
    console.log(`${r.remote.padEnd(17)} ${r.version.padEnd(9)} ${kb(r.remoteEntryGzip)}  ${kb(r.exposesGzip)}    ${kb(r.ownGzip)}       ${kb(r.sharedFallbackGzip)}`);
  }
}

module.exports = { measureRelease };
if (require.main === module) main();
