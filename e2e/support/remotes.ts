import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
export const releasesDir = join(repoRoot, 'releases', 'remotes');

/** One route of each remote with the page title its area frame shows. */
export const REMOTE_PAGES = [
  { remote: 'finder_verifier', path: '/domain-search', title: 'Domain search' },
  { remote: 'prospects', path: '/prospects/all', title: 'All contacts' },
  { remote: 'campaigns', path: '/campaigns', title: 'Campaigns' },
  { remote: 'unibox', path: '/unibox', title: 'Unibox' },
  { remote: 'warmup', path: '/deliverability/warm-up', title: 'Warm-up' },
  { remote: 'enrichment', path: '/enrichment', title: 'Enrichment' },
  { remote: 'studio', path: '/studio', title: 'AI studio' },
  { remote: 'crm', path: '/crm', title: 'Deals' },
  { remote: 'infra_billing', path: '/pricing-plans', title: 'Pricing plans' },
] as const;

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/**
 * The files of every remote release that hold a remote's own fallback copy of a shared package:
 * if the browser ever fetches one, that package was loaded twice.
 */
export function fallbackFilesOf(packages: readonly string[]): Set<string> {
  const files = new Set<string>();
  for (const remote of readdirSync(releasesDir)) {
    const remoteDir = join(releasesDir, remote);
    for (const version of readdirSync(remoteDir)) {
      const manifestPath = join(remoteDir, version, 'mf-manifest.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { shared: ManifestShared[] };
      for (const shared of manifest.shared) {
        if (!packages.includes(shared.name)) continue;
        for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
          files.add(`/remotes/${remote}/${version}/${file}`);
        }
      }
    }
  }
  return files;
}
