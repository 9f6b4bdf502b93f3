import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkCompatibility, remoteManifestSchema } from '@leadforge/federation/compatibility';
import {
  defaultManifestUrl,
  environmentMapSchema,
  manifestUrlFor,
  releaseVersionSchema,
  type EnvironmentMap,
} from '@leadforge/federation/environment';
import { REMOTE_NAMES, isRemoteName, type RemoteName } from '@leadforge/federation/remote-names';
import { workspaceHostVersions, type Workspace } from './workspace';

/** A refusal the user can act on; the CLI prints the message and exits 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

const ENV_NAME = /^[a-z][a-z0-9-]*$/;

function environmentFile(workspace: Workspace, env: string): string {
  if (!ENV_NAME.test(env)) throw new CliError(`"${env}" is not an environment name (lowercase letters, digits, dashes)`);
  return path.join(workspace.environmentsDir, `${env}.json`);
}

export function readEnvironment(workspace: Workspace, env: string): EnvironmentMap {
  const file = environmentFile(workspace, env);
  if (!existsSync(file)) {
    const known = existsSync(workspace.environmentsDir)
      ? readdirSync(workspace.environmentsDir).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5))
      : [];
    throw new CliError(`no environment "${env}" in ${workspace.environmentsDir} (known: ${known.join(', ') || 'none'})`);
  }
  const parsed = environmentMapSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new CliError(`${file} is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}

/** Writes through a temporary file: the API re-reads the map on every request and must never see half of it. */
function writeEnvironment(workspace: Workspace, env: string, map: EnvironmentMap): void {
  const file = environmentFile(workspace, env);
  const ordered: EnvironmentMap = {
    environment: map.environment,
    remotes: Object.fromEntries(REMOTE_NAMES.filter((name) => map.remotes[name]).map((name) => [name, map.remotes[name]])),
  };
  environmentMapSchema.parse(ordered);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(ordered, null, 2)}\n`);
  renameSync(temporary, file);
}

export function parseRemoteName(value: string): RemoteName {
  if (!isRemoteName(value)) throw new CliError(`unknown remote "${value}" (remotes: ${REMOTE_NAMES.join(', ')})`);
  return value;
}

export function parseRemoteAtVersion(spec: string): { remote: RemoteName; version: string } {
  const at = spec.lastIndexOf('@');
  if (at <= 0) throw new CliError(`expected <remote>@<version>, got "${spec}"`);
  const remote = parseRemoteName(spec.slice(0, at));
  const version = spec.slice(at + 1);
  if (!releaseVersionSchema.safeParse(version).success) throw new CliError(`"${version}" is not an exact version such as 1.2.0`);
  return { remote, version };
}

function releaseManifestFile(workspace: Workspace, remote: RemoteName, version: string): string {
  return path.join(workspace.remotesReleaseDir, remote, version, 'mf-manifest.json');
}

export function releasedVersions(workspace: Workspace, remote: RemoteName): string[] {
  const dir = path.join(workspace.remotesReleaseDir, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((version) => releaseVersionSchema.safeParse(version).success && existsSync(releaseManifestFile(workspace, remote, version)))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export interface PinOptions {
  /** Pin a copy served elsewhere (CDN); the local release of that version is still what gets checked. */
  manifest?: string;
}

/**
 * `pin <env> <remote>@<version>`: only a version released locally whose manifest declares the
 * workspace's contracts major and shared ranges the host satisfies can be pinned.
 */
export function pin(workspace: Workspace, env: string, spec: string, options: PinOptions = {}): string {
  const { remote, version } = parseRemoteAtVersion(spec);
  const map = readEnvironment(workspace, env);
  const manifestFile = releaseManifestFile(workspace, remote, version);
  if (!existsSync(manifestFile)) {
    const released = releasedVersions(workspace, remote);
    throw new CliError(
      `${remote}@${version} is not released (no ${path.relative(workspace.root, manifestFile)}); ` +
        `released: ${released.join(', ') || 'none'}. Run: pnpm --filter @leadforge/remote-${remote.replace(/_/g, '-')} release`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as unknown;
  const parsed = remoteManifestSchema.safeParse(manifest);
  const wanted = parsed.success ? Object.keys(parsed.data.metaData.leadforge?.shared ?? {}) : [];
  const verdict = checkCompatibility(remote, manifest, workspaceHostVersions(workspace, wanted));
  if (!verdict.compatible) throw new CliError(`refusing to pin ${remote}@${version}:\n  ${verdict.reasons.join('\n  ')}`);
  const declared = parsed.success ? parsed.data.metaData.leadforge?.version : undefined;
  if (declared !== version) throw new CliError(`the manifest in ${manifestFile} declares version ${declared ?? 'none'}, not ${version}`);

  const previous = map.remotes[remote]?.version;
  map.remotes[remote] = options.manifest ? { version, manifest: options.manifest } : { version };
  writeEnvironment(workspace, env, map);
  return `${env}: ${remote} ${previous ? `${previous} → ` : ''}${version} (${manifestUrlFor(map, remote)})`;
}

export interface PinRow {
  remote: RemoteName;
  version: string;
  manifest: string;
  released: boolean;
}

export function listPins(workspace: Workspace, env: string): PinRow[] {
  const map = readEnvironment(workspace, env);
  return REMOTE_NAMES.map((remote) => {
    const pinned = map.remotes[remote];
    return {
      remote,
      version: pinned?.version ?? '—',
      manifest: pinned ? (manifestUrlFor(map, remote) ?? '') : 'not pinned',
      released: pinned ? existsSync(releaseManifestFile(workspace, remote, pinned.version)) : false,
    };
  });
}

export function formatTable(rows: Array<Record<string, string>>): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map((row) => line(columns.map((c) => row[c] ?? '')))].join('\n');
}

export function ls(workspace: Workspace, env: string): string {
  return formatTable(
    listPins(workspace, env).map((row) => ({
      remote: row.remote,
      version: row.version,
      manifest: row.manifest,
      released: row.version === '—' ? '' : row.released ? 'yes' : 'NO',
    })),
  );
}

/** `versions <remote>`: the released versions and where each is pinned. */
export function versions(workspace: Workspace, remoteName: string): string {
  const remote = parseRemoteName(remoteName);
  const released = releasedVersions(workspace, remote);
  if (released.length === 0) return `${remote}: no releases in ${path.relative(workspace.root, path.join(workspace.remotesReleaseDir, remote)) || '.'}`;
  const envs = existsSync(workspace.environmentsDir)
    ? readdirSync(workspace.environmentsDir).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)).sort()
    : [];
  const pins = new Map(envs.map((env) => [env, readEnvironment(workspace, env).remotes[remote]?.version]));
  return formatTable(
    released.map((version) => {
      const manifest = JSON.parse(readFileSync(releaseManifestFile(workspace, remote, version), 'utf8')) as {
        metaData?: { leadforge?: { contractsMajor?: number } };
      };
      return {
        version,
        contracts: String(manifest.metaData?.leadforge?.contractsMajor ?? '?'),
        'pinned in': envs.filter((env) => pins.get(env) === version).join(', '),
        'default manifest URL': defaultManifestUrl(remote, version),
      };
    }),
  );
}
