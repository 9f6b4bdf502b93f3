/**
 * The social-network engine (issue 14): one `SocialNetworkProvider` boundary (provider.ts) with
 * two sides — the offline sandbox network (sandbox/, the default) and the real network's
 * boundary (linkedin/, refuses until an implementation exists) — and the action runner that
 * performs every LinkedIn action through it (runner/).
 *
 * Areas get a provider from `createSocialNetworkProvider(config.socialNetworkProvider, …)`; the
 * runner picks each account's own (its `provider` column) through `socialNetworkProviders`.
 */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { LinkedinSocialNetwork } from './linkedin';
import type { SocialNetworkProvider, SocialProviderName } from './provider';
import { SandboxSocialNetwork } from './sandbox';

export type * from './provider';
export { SandboxSocialNetwork } from './sandbox';
export { LinkedinSocialNetwork, type BrowserAutomation } from './linkedin';
export { scaledMs, scaledPeriodMs, scaledSandboxNetwork, timeScaleOf } from './time-scale';

export interface ProviderDeps {
  /** The sandbox network's memory: needed for actions and the inbox (not for the finder's search). */
  db?: Db;
  /** With `campaignTimeScale`, the sandbox network's people keep a test server's fast clock (time-scale.ts). */
  config?: Pick<AppConfig, 'dnsServers' | 'socialAccounts' | 'socialSandboxNetwork'> & Partial<Pick<AppConfig, 'campaignTimeScale'>>;
}

export function createSocialNetworkProvider(kind: SocialProviderName, deps: ProviderDeps = {}): SocialNetworkProvider {
  return kind === 'linkedin'
    ? new LinkedinSocialNetwork(deps.config ? { config: deps.config } : {})
    : new SandboxSocialNetwork({ ...(deps.db ? { db: deps.db } : {}), ...(deps.config ? { config: deps.config } : {}) });
}

/** One provider of each kind, made on first use: the runner serves accounts of both. */
export function socialNetworkProviders(deps: ProviderDeps): (kind: SocialProviderName) => SocialNetworkProvider {
  const made = new Map<SocialProviderName, SocialNetworkProvider>();
  return (kind) => {
    let provider = made.get(kind);
    if (!provider) {
      provider = createSocialNetworkProvider(kind, deps);
      made.set(kind, provider);
    }
    return provider;
  };
}
