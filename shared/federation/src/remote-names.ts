import { z } from 'zod';

/**
 * The nine remotes by their Module Federation name (folder `remotes/<folder>`).
 * MF names are JS identifiers (they become the container's global), hence the underscores.
 */
export const REMOTE_NAMES = [
  'finder_verifier',
  'prospects',
  'campaigns',
  'unibox',
  'warmup',
  'enrichment',
  'studio',
  'crm',
  'infra_billing',
] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

export const remoteNameSchema = z.enum(REMOTE_NAMES);

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/** `finder_verifier` → `finder-verifier`: the workspace folder and package suffix of a remote. */
export function remoteFolder(remote: RemoteName): string {
  return remote.replace(/_/g, '-');
}

/** The pnpm package of a remote, e.g. `@leadforge/remote-finder-verifier`. */
export function remotePackageName(remote: RemoteName): string {
  return `@leadforge/remote-${remoteFolder(remote)}`;
}
