import { z } from 'zod';
import { REMOTE_NAMES, remoteNameSchema, type RemoteName } from './remote-names';

/** Release versions are plain semver (prereleases allowed), never ranges: a pin is exact. */
export const releaseVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, 'expected an exact semver version such as 1.2.0');

export const remotePinSchema = z
  .object({
    version: releaseVersionSchema,
    /** Absolute or origin-relative URL; defaults to the release the API serves (`/remotes/<remote>/<version>/`). */
    manifest: z.string().min(1).optional(),
  })
  .strict();

/**
 * The environment map the host reads at start-up (`GET /environment.json`, served no-cache),
 * so pinning another remote version needs no host rebuild. A remote missing from the map is
 * simply not offered: its routes show the "not configured" fallback.
 */
export const environmentMapSchema = z
  .object({
    environment: z.string().min(1),
    remotes: z.partialRecord(remoteNameSchema, remotePinSchema),
  })
  .strict();

export type RemotePin = z.infer<typeof remotePinSchema>;
export type EnvironmentMap = z.infer<typeof environmentMapSchema>;

export const ENVIRONMENT_MAP_PATH = '/environment.json';

/** Where the API serves a released remote (interfaces: `/remotes/<remote>/<version>/…`). */
export function defaultManifestUrl(remote: RemoteName, version: string): string {
  return `/remotes/${remote}/${version}/mf-manifest.json`;
}

export function manifestUrlFor(env: EnvironmentMap, remote: RemoteName): string | null {
  const pin = env.remotes[remote];
  if (!pin) return null;
  return pin.manifest ?? defaultManifestUrl(remote, pin.version);
}

export class EnvironmentLoadError extends Error {
  override readonly name = 'EnvironmentLoadError';
}

/**
 * Reads the environment map. `no-store` because re-pinning must take effect on the next page
 * load even if an intermediary ignored the server's no-cache header.
 */
export async function loadEnvironment(
  url: string = ENVIRONMENT_MAP_PATH,
  fetchImpl: typeof fetch = fetch,
): Promise<EnvironmentMap> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new EnvironmentLoadError(`could not fetch the environment map ${url}: ${String(cause)}`, { cause });
  }
  if (!response.ok) throw new EnvironmentLoadError(`the environment map ${url} answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new EnvironmentLoadError(`the environment map ${url} is not JSON`, { cause });
  }
  const parsed = environmentMapSchema.safeParse(body);
  if (!parsed.success) {
    throw new EnvironmentLoadError(`the environment map ${url} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Every remote pinned in an environment, in the canonical order. */
export function pinnedRemotes(env: EnvironmentMap): RemoteName[] {
  return REMOTE_NAMES.filter((remote) => env.remotes[remote] !== undefined);
}
