// Shared by release.cjs, release-all.cjs and sizes.cjs: where releases live and how they are listed.
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..', '..');
// Same variable and meaning as the API's RELEASES_DIR: the folder holding `<remote>/<version>/`.
const REMOTES_RELEASE_DIR = process.env.RELEASES_DIR
  ? path.resolve(process.env.RELEASES_DIR)
  : path.join(repoRoot, 'releases', 'remotes');
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every remote package of the workspace: `{ dir, pkg, name (MF name), version }`. */
function workspaceRemotes() {
  const remotesDir = path.join(repoRoot, 'remotes');
  return fs
    .readdirSync(remotesDir)
    .filter((folder) => fs.existsSync(path.join(remotesDir, folder, 'package.json')))
    .map((folder) => {
      const dir = path.join(remotesDir, folder);
      const pkg = readJson(path.join(dir, 'package.json'));
      return { dir, folder, pkg, name: pkg.leadforge.remote, version: pkg.version };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** Orders release versions like semver (numeric parts; a prerelease before its release). */
function compareVersions(a, b) {
  const parse = (v) => {
    const [core, pre] = v.split('-', 2);
    return { nums: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) if (x.nums[i] !== y.nums[i]) return x.nums[i] - y.nums[i];
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

function versionsFile(remote) {
  return path.join(REMOTES_RELEASE_DIR, remote, 'versions.json');
}

/** `versions.json` of a remote, or an empty index. */
function readVersions(remote) {
  const file = versionsFile(remote);
  if (!fs.existsSync(file)) return { remote, versions: [] };
  return readJson(file);
}

/**
 * Rebuilds `versions.json` from the version folders on disk (the folders are the truth; the index
 * keeps the release time recorded when each was made).
 */
function writeVersions(remote, extra = {}) {
  const dir = path.join(REMOTES_RELEASE_DIR, remote);
  const previous = new Map(readVersions(remote).versions.map((entry) => [entry.version, entry]));
  const versions = fs
    .readdirSync(dir)
    .filter((version) => EXACT_VERSION.test(version) && fs.existsSync(path.join(dir, version, 'mf-manifest.json')))
    .sort(compareVersions)
    .map((version) => {
      const manifest = readJson(path.join(dir, version, 'mf-manifest.json'));
      const meta = (manifest.metaData && manifest.metaData.leadforge) || {};
      const known = previous.get(version) || {};
      return {
        version,
        releasedAt: (extra[version] && extra[version].releasedAt) || known.releasedAt || fs.statSync(path.join(dir, version)).mtime.toISOString(),
        contractsMajor: meta.contractsMajor,
        manifest: `${version}/mf-manifest.json`,
      };
    });
  const index = { remote, latest: versions.length ? versions[versions.length - 1].version : null, versions };
  fs.writeFileSync(versionsFile(remote), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

module.exports = {
  repoRoot,
  REMOTES_RELEASE_DIR,
  EXACT_VERSION,
  readJson,
  workspaceRemotes,
  compareVersions,
  readVersions,
  writeVersions,
  versionsFile,
};
