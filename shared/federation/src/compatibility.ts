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
  metaData: z.object({ leadforge: leadforgeMetadataSchema.optional() }).loose(),
  exposes: z.array(z.object({ path: z.string() }).loose()),
});

export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

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
