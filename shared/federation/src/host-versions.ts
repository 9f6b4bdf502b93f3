import type { HostVersions } from './compatibility';

/** The slice of an MF instance we read: `options.shared` as the build plugin registered it. */
export interface SharedOptionsSource {
  options: { shared: Record<string, Array<{ version?: string }> | undefined> };
}

/**
 * The host's installed singleton versions, read from the share scope the host's own build
 * registered, so the compatibility check compares against what will actually run.
 */
export function hostVersionsFrom(instance: SharedOptionsSource): HostVersions {
  const shared: Record<string, string> = {};
  for (const [pkg, entries] of Object.entries(instance.options.shared)) {
    const version = entries?.find((item) => typeof item.version === 'string')?.version;
    if (version) shared[pkg] = version;
  }
  const contracts = shared['@leadforge/contracts'];
  if (!contracts) throw new Error('the host does not share @leadforge/contracts; cannot check remote compatibility');
  return { contractsMajor: Number(contracts.split('.')[0]), shared };
}
