import { satisfy } from '@module-federation/runtime';
import { z } from 'zod';
import { remoteNameSchema, type RemoteName } from './remote-names';

/**
 * What every remote's build writes into `mf-manifest.json` → `metaData.leadforge`
 * (tools/build-config/src/webpack.cjs): which contracts major and which shared-library ranges
 * it was compiled against.
 */
export const leadforgeMetadataSchema = z.object({
  remote: remoteNameSchema,
  version: z.string().min(1),
  contractsMajor: z.number().int().nonnegative(),
  shared: z.record(z.string(), z.string()),
});

export type LeadforgeMetadata = z.infer<typeof leadforgeMetadataSchema>;

/** Only the part of the MF manifest we read; the runtime validates the rest itself. */
export const remoteManifestSchema = z.object({
  name: z.string(),
  metaData: z
    .object({
      leadforge: leadforgeMetadataSchema.optional(),
      /** Where the container script lives, relative to the manifest (`path` may be empty). */
      remoteEntry: z.object({ name: z.string().min(1), path: z.string(), type: z.string().optional() }).loose().optional(),
    })
    .loose(),
  exposes: z.array(z.object({ path: z.string() }).loose()),
});

export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

/**
 * The container script a manifest points at, resolved against the manifest's own URL. The host
 * registers this script instead of the manifest: it has already fetched and checked the manifest,
 * and the federation runtime would otherwise download it a second time.
 */
export function remoteEntryOf(manifest: unknown, manifestUrl: string): { entry: string; type?: string } {
  const parsed = remoteManifestSchema.safeParse(manifest);
  const remoteEntry = parsed.success ? parsed.data.metaData.remoteEntry : undefined;
  if (!remoteEntry) return { entry: manifestUrl };
  const relative = remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/${remoteEntry.name}` : remoteEntry.name;
  const base = new URL(manifestUrl, globalThis.location?.href ?? 'http://localhost/');
  const entry = new URL(relative, base).toString();
  return remoteEntry.type ? { entry, type: remoteEntry.type } : { entry };
}

const exposeAssetsSchema = z.object({
  path: z.string(),
  assets: z.object({ js: z.object({ sync: z.array(z.string()) }).loose() }).loose(),
});

/**
 * The scripts a remote's `./routes` needs before it can run (its expose's synchronous chunks),
 * as absolute URLs beside its container script. The runtime asks for them only once the
 * container has loaded and initialised; knowing them from the manifest lets the host fetch them
 * alongside the container instead.
 */
export function routeScriptsOf(manifest: unknown, manifestUrl: string): string[] {
  const parsed = remoteManifestSchema.safeParse(manifest);
  if (!parsed.success) return [];
  const routes = parsed.data.exposes.map((expose) => exposeAssetsSchema.safeParse(expose)).find((expose) => expose.success && expose.data.path === './routes');
  if (!routes?.success) return [];
  const { entry } = remoteEntryOf(manifest, manifestUrl);
  return routes.data.assets.js.sync.map((file) => new URL(file, entry).toString());
}

/** What the host (or a CLI checking on its behalf) actually has installed. */
export interface HostVersions {
  contractsMajor: number;
  /** Installed version of each shared singleton, e.g. `{ react: '19.3.1' }`. */
  shared: Record<string, string>;
}

export type CompatibilityResult = { compatible: true } | { compatible: false; reasons: string[] };

/**
 * A remote is usable only if it was built against the host's contracts major (payload shapes)
 * and every singleton range it declares is met by the host's copy: with singletons the remote
 * runs on the host's React/antd/router, never its own.
 */
export function checkCompatibility(
  remote: RemoteName,
  manifest: unknown,
  host: HostVersions,
): CompatibilityResult {
  const parsed = remoteManifestSchema.safeParse(manifest);
  if (!parsed.success) {
    return { compatible: false, reasons: [`the manifest of ${remote} is not a module federation manifest`] };
  }
  const meta = parsed.data.metaData.leadforge;
  if (!meta) {
    return { compatible: false, reasons: [`the manifest of ${remote} carries no metaData.leadforge`] };
  }
  const reasons: string[] = [];
  if (meta.remote !== remote) reasons.push(`the manifest belongs to ${meta.remote}, not ${remote}`);
  if (!parsed.data.exposes.some((expose) => expose.path === './routes')) {
    reasons.push(`${remote} does not expose ./routes`);
  }
  if (meta.contractsMajor !== host.contractsMajor) {
    reasons.push(`${remote}@${meta.version} needs contracts major ${meta.contractsMajor}, the host has ${host.contractsMajor}`);
  }
  for (const [pkg, range] of Object.entries(meta.shared)) {
    const installed = host.shared[pkg];
    if (installed === undefined) {
      reasons.push(`${remote}@${meta.version} needs ${pkg}@${range}, which the host does not share`);
    } else if (!satisfy(installed, range)) {
      reasons.push(`${remote}@${meta.version} needs ${pkg}@${range}, the host has ${installed}`);
    }
  }
  return reasons.length === 0 ? { compatible: true } : { compatible: false, reasons };
}
