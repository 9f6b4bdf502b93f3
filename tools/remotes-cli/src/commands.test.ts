import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CliError, ls, parseRemoteAtVersion, pin, versions } from './commands';
import { resolveWorkspace, type Workspace } from './workspace';

const realRoot = resolveWorkspace({}).root;

/**
 * A scratch workspace: the real repository for contracts/ and the host's installed versions,
 * temporary environments/ and releases/ folders for everything the CLI writes or reads.
 */
function scratch(): { workspace: Workspace; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'remotes-cli-'));
  const workspace = resolveWorkspace({
    LEADFORGE_ROOT: realRoot,
    ENVIRONMENTS_DIR: path.join(dir, 'environments'),
    RELEASES_DIR: path.join(dir, 'releases'),
  });
  mkdirSync(workspace.environmentsDir, { recursive: true });
  writeFileSync(
    path.join(workspace.environmentsDir, 'staging.json'),
    JSON.stringify({ environment: 'staging', remotes: { prospects: { version: '1.0.0' } } }),
  );
  return { workspace, dir };
}

function installedVersion(pkg: string): string {
  return (JSON.parse(readFileSync(path.join(realRoot, 'shared', 'federation', 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** A release folder as release.cjs writes it, with the metadata under test. */
function release(workspace: Workspace, remote: string, version: string, meta: { contractsMajor?: number; shared?: Record<string, string> } = {}) {
  const dir = path.join(workspace.remotesReleaseDir, remote, version);
  mkdirSync(dir, { recursive: true });
  const contracts = JSON.parse(readFileSync(path.join(realRoot, 'contracts', 'package.json'), 'utf8')) as { version: string };
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: remote,
      name: remote,
      metaData: {
        leadforge: {
          remote,
          version,
          contractsMajor: meta.contractsMajor ?? Number(contracts.version.split('.')[0]),
          shared: meta.shared ?? { react: `^${installedVersion('react')}` },
        },
      },
      shared: [],
      remotes: [],
      exposes: [{ path: './routes' }],
    }),
  );
}

describe('remotes CLI', () => {
  let workspace: Workspace;
  let dir: string;
  beforeEach(() => ({ workspace, dir } = scratch()));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('pins a released, compatible version and writes the environment map', () => {
    release(workspace, 'prospects', '1.1.0');
    assert.match(pin(workspace, 'staging', 'prospects@1.1.0'), /prospects 1\.0\.0 → 1\.1\.0/);
    const map = JSON.parse(readFileSync(path.join(workspace.environmentsDir, 'staging.json'), 'utf8'));
    assert.deepEqual(map, { environment: 'staging', remotes: { prospects: { version: '1.1.0' } } });
  });

  it('keeps an explicit manifest URL for a CDN copy', () => {
    release(workspace, 'crm', '1.2.0');
    pin(workspace, 'staging', 'crm@1.2.0', { manifest: 'https://cdn.example/crm/1.2.0/mf-manifest.json' });
    assert.match(ls(workspace, 'staging'), /crm\s+1\.2\.0\s+https:\/\/cdn\.example\/crm\/1\.2\.0\/mf-manifest\.json\s+yes/);
  });

  it('refuses unknown remotes, ranges and versions that were never released', () => {
    assert.throws(() => parseRemoteAtVersion('billing@1.0.0'), CliError);
    assert.throws(() => parseRemoteAtVersion('prospects@^1.0.0'), /not an exact version/);
    assert.throws(() => parseRemoteAtVersion('prospects'), /expected <remote>@<version>/);
    assert.throws(() => pin(workspace, 'staging', 'prospects@2.0.0'), /not released/);
    assert.throws(() => pin(workspace, 'qa', 'prospects@1.0.0'), /no environment "qa"/);
  });

  it('refuses an incompatible release and leaves the map untouched', () => {
    release(workspace, 'prospects', '2.0.0', { contractsMajor: 99 });
    release(workspace, 'prospects', '2.1.0', { shared: { react: '^99.0.0' } });
    release(workspace, 'prospects', '2.2.0', { shared: { 'left-pad': '^1.0.0' } });
    assert.throws(() => pin(workspace, 'staging', 'prospects@2.0.0'), /needs contracts major 99/);
    assert.throws(() => pin(workspace, 'staging', 'prospects@2.1.0'), /needs react@\^99\.0\.0, the host has/);
    assert.throws(() => pin(workspace, 'staging', 'prospects@2.2.0'), /left-pad@\^1\.0\.0, which the host does not share/);
    const map = JSON.parse(readFileSync(path.join(workspace.environmentsDir, 'staging.json'), 'utf8'));
    assert.equal(map.remotes.prospects.version, '1.0.0');
  });

  it('lists every remote of an environment with its manifest URL and whether it is released', () => {
    release(workspace, 'prospects', '1.0.0');
    const table = ls(workspace, 'staging');
    assert.match(table, /prospects\s+1\.0\.0\s+\/remotes\/prospects\/1\.0\.0\/mf-manifest\.json\s+yes/);
    assert.match(table, /crm\s+—\s+not pinned/);
  });

  it('lists released versions with the environments pinning them', () => {
    release(workspace, 'prospects', '1.0.0');
    release(workspace, 'prospects', '1.10.0');
    release(workspace, 'prospects', '1.2.0');
    const table = versions(workspace, 'prospects');
    const order = ['1.0.0', '1.2.0', '1.10.0'].map((version) => table.indexOf(`${version} `));
    assert.deepEqual([...order].sort((a, b) => a - b), order);
    assert.match(table, /1\.0\.0\s+\d+\s+staging/);
    assert.match(versions(workspace, 'crm'), /no releases/);
  });

  it('reads the real environment maps of the repository (every remote pinned at 1.0.0)', () => {
    const real = resolveWorkspace({ LEADFORGE_ROOT: realRoot });
    for (const env of ['local', 'staging', 'production']) assert.match(ls(real, env), /finder_verifier\s+1\.0\.0/);
  });
});
