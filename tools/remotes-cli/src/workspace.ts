import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostVersions } from '@leadforge/federation/compatibility';

export interface Workspace {
  root: string;
  environmentsDir: string;
  /** `releases/remotes` by default: `<remote>/<version>/mf-manifest.json`. */
  remotesReleaseDir: string;
}

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Same variables as the API (`ENVIRONMENTS_DIR`, `RELEASES_DIR`), so both see the same files. */
export function resolveWorkspace(env: NodeJS.ProcessEnv = process.env): Workspace {
  const root = path.resolve(env.LEADFORGE_ROOT ?? defaultRoot);
  const environmentsDir = path.resolve(root, env.ENVIRONMENTS_DIR ?? 'environments');
  // RELEASES_DIR means what it means to the API: the folder holding `<remote>/<version>/`.
  const remotesReleaseDir = path.resolve(root, env.RELEASES_DIR ?? path.join('releases', 'remotes'));
  return { root, environmentsDir, remotesReleaseDir };
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/**
 * What the host would run with: the contracts major of the workspace and the installed version
 * of each package a remote asks for, resolved from the host package as its build does.
 */
export function workspaceHostVersions(workspace: Workspace, packages: string[]): HostVersions {
  const contracts = readJson(path.join(workspace.root, 'contracts', 'package.json')) as { version: string };
  const hostDir = existsSync(path.join(workspace.root, 'host', 'package.json')) ? path.join(workspace.root, 'host') : workspace.root;
  const requireFromHost = createRequire(path.join(hostDir, 'package.json'));
  const shared: Record<string, string> = {};
  for (const pkg of packages) {
    try {
      shared[pkg] = (readJson(requireFromHost.resolve(`${pkg}/package.json`)) as { version: string }).version;
    } catch {
      // Not installed for the host: the compatibility check reports it as not shared.
    }
  }
  return { contractsMajor: Number(contracts.version.split('.')[0]), shared };
}
