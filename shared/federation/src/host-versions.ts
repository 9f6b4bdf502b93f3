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
  for (const [key, entries] of Object.entries(instance.options.shared)) {
    const version = entries?.find((item) => typeof item.version === 'string')?.version;
    if (!version) continue;
    shared[key] = version;
    // A package shared module by module (`@ant-design/icons/es/icons/…`) is registered under its
    // sub-paths only; a remote declares the package itself, so the package answers with their version.
    const pkg = packageOf(key);
    if (pkg !== key && !(pkg in instance.options.shared)) shared[pkg] = version;
  }
  const contracts = shared['@leadforge/contracts'];
  if (!contracts) throw new Error('the host does not share @leadforge/contracts; cannot check remote compatibility');
  return { contractsMajor: Number(contracts.split('.')[0]), shared };
}

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
function packageOf(key: string): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
