import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { releasesDir, repoRoot } from './remotes';

/** The second released version of the crm remote the re-pinning journey switches to. */
export const REPIN_REMOTE = { folder: 'crm', name: 'crm', from: '1.0.0', to: '1.0.1-e2e' } as const;

export default function globalSetup(): void {
  const manifest = join(releasesDir, REPIN_REMOTE.name, REPIN_REMOTE.to, 'mf-manifest.json');
  if (existsSync(manifest)) return;
  // A real release of the same remote under another version, exactly as ops would cut one.
  execFileSync(process.execPath, [join(repoRoot, 'tools', 'build-config', 'src', 'release.cjs'), '--version', REPIN_REMOTE.to], {
    cwd: join(repoRoot, 'remotes', REPIN_REMOTE.folder),
    stdio: 'inherit',
  });
}
