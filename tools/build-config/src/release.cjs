#!/usr/bin/env node
// Builds one remote for production into its immutable release folder:
//   releases/remotes/<mfName>/<version>/   (mf-manifest.json, remoteEntry.js, hashed chunks)
// Run from the remote's folder (`pnpm --filter @leadforge/remote-<area> release`).
//   --version <x.y.z>   release under another version than package.json (or LEADFORGE_RELEASE_VERSION)
//   --force             replace an existing version folder (otherwise refused: releases are immutable)
//   --skip-existing     exit 0 without building when the version already exists (release-all)
const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { EXACT_VERSION, REMOTES_RELEASE_DIR, readJson, writeVersions } = require('./release-lib.cjs');

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function build(config) {
  const webpack = require('webpack');
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
      stats.compilation.compiler.close(() => resolve(stats));
    });
  });
}

/**
 * Which emitted chunks are the remote's own code (what the composed app downloads for it), as
 * opposed to its fallback copies of shared singletons and its standalone dev mount. The MF
 * manifest cannot tell: it lists every async chunk reachable from the expose, fallbacks included.
 * Own = chunks holding a module of this package's src/ (the standalone entry aside), plus the
 * split chunks always loaded with them (siblings) and remoteEntry.js.
 */
function ownChunks(stats, packageDir) {
  const src = path.join(packageDir, 'src') + path.sep;
  const standalone = [path.join(src, 'index.ts'), path.join(src, 'bootstrap.tsx')];
  const json = stats.toJson({ preset: 'normal', chunks: true, chunkModules: true, chunkRelations: true, nestedModules: true, modules: false, assets: false, source: false, reasons: false, chunkOrigins: false, usedExports: false, providedExports: false, optimizationBailout: false, errorDetails: false, moduleTrace: false });
  const isOwnModule = (module) => {
    const name = module.nameForCondition || '';
    if (name.startsWith(src) && !standalone.includes(name)) return true;
    return (module.modules || []).some(isOwnModule);
  };
  const own = new Set();
  const byId = new Map(json.chunks.map((chunk) => [chunk.id, chunk]));
  for (const chunk of json.chunks) {
    if (chunk.names.includes('main')) continue;
    if ((chunk.modules || []).some(isOwnModule)) {
      own.add(chunk.id);
      for (const sibling of chunk.siblings || []) own.add(sibling);
    }
  }
  const files = (ids) => [...ids].flatMap((id) => (byId.get(id) ? byId.get(id).files : [])).filter((file) => file.endsWith('.js'));
  const ownFiles = new Set(['remoteEntry.js', ...files(own)]);
  const mainFiles = json.chunks.filter((chunk) => chunk.names.includes('main')).flatMap((chunk) => chunk.files);
  return { own: [...ownFiles].sort(), standalone: mainFiles.filter((file) => file.endsWith('.js')) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      version: { type: 'string' },
      force: { type: 'boolean', default: false },
      'skip-existing': { type: 'boolean', default: false },
      dir: { type: 'string' },
    },
  });
  const packageDir = path.resolve(values.dir || process.cwd());
  const pkgFile = path.join(packageDir, 'package.json');
  if (!fs.existsSync(pkgFile)) fail(`no package.json in ${packageDir}`);
  const pkg = readJson(pkgFile);
  if (!pkg.leadforge || !pkg.leadforge.remote) fail(`${pkg.name} is not a remote (package.json has no leadforge.remote)`);
  const remote = pkg.leadforge.remote;
  const version = values.version || process.env.LEADFORGE_RELEASE_VERSION || pkg.version;
  if (!EXACT_VERSION.test(version)) fail(`"${version}" is not an exact semver version`);

  const remoteDir = path.join(REMOTES_RELEASE_DIR, remote);
  const target = path.join(remoteDir, version);
  if (fs.existsSync(target)) {
    if (values['skip-existing']) {
      console.log(`release: ${remote}@${version} already released, skipped`);
      writeVersions(remote);
      return;
    }
    if (!values.force) fail(`${remote}@${version} already exists in ${target}; releases are immutable (bump the version or pass --force)`);
  }

  fs.mkdirSync(remoteDir, { recursive: true });
  // Build beside the target and rename at the end: a failed build never leaves a half release.
  const staging = path.join(remoteDir, `.staging-${version}-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  process.env.LEADFORGE_RELEASE_VERSION = version;
  const { createRemoteConfig } = require('./webpack.cjs');
  const config = createRemoteConfig(packageDir, { outputPath: staging }, { mode: 'production' });
  const started = Date.now();
  let stats;
  try {
    stats = await build(config);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    fail(`build of ${remote} failed:\n${error.message || error}`);
  }
  const manifest = readJson(path.join(staging, 'mf-manifest.json'));
  if (!manifest.metaData.leadforge || manifest.metaData.leadforge.version !== version) {
    fs.rmSync(staging, { recursive: true, force: true });
    fail('the built manifest lacks metaData.leadforge for this version');
  }
  fs.writeFileSync(path.join(staging, 'leadforge-chunks.json'), `${JSON.stringify(ownChunks(stats, packageDir), null, 2)}\n`);
  if (fs.existsSync(target)) fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  const index = writeVersions(remote, { [version]: { releasedAt: new Date().toISOString() } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`release: ${remote}@${version} → ${path.relative(process.cwd(), target) || target} in ${seconds} s (versions: ${index.versions.map((v) => v.version).join(', ')})`);
}

main().catch((error) => fail(error.stack || String(error)));
