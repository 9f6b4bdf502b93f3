/**
 * The session side of the real network's boundary (issue 14). Products of this kind sign a member
 * in with a headless browser driven through the account's proxy: they open the network's login
 * page with the member's session cookie (`li_at`) or type the e-mail and password, answer the
 * verification or two-factor page with the code the user relays, and keep the browser profile as
 * the session. The network's user agreement forbids automated access and scraping, so this is
 * left as a documented seam and nothing here pretends to talk to it: every session operation
 * refuses with `service_unavailable` until an implementation exists and configuration enables it
 * (there is none to enable yet; SOCIAL_NETWORK_PROVIDER=linkedin only selects this boundary).
 *
 * The seam, for whoever implements it: `login` starts the browser behind `proxy` and answers
 * `connected` (session = the serialised browser state, member = the signed-in profile),
 * `challenge` (state = whatever resumes the login page, stored encrypted by the caller) or
 * `refused`; `submitCode` / `resendCode` resume from that state; `checkSession` loads the feed
 * with the session and reports `expired` (sent to the login page) or `lost_connection` (the
 * proxy or the network did not answer). A custom proxy is tried the same way as for the sandbox
 * (a real TCP connection through the private-range guard); built-in proxies need a proxy pool,
 * which is not configured, so no country is served.
 *
 * The real provider (engines/social/linkedin/index.ts) delegates its session operations here.
 */
import type { LinkedinLoginBody, TwoFactorMethod } from '@leadforge/contracts';
import type { AppConfig } from '../../../config';
import { DomainError } from '../../../http/domain-error';
import type { CodeResult, LoginResult, ProxyTarget, SessionRef, SessionState } from '../provider';
import { proxyProbeOptionsOf, testProxyReachable, type Challenge, type ProxyProbeOptions, type SessionOperations } from '../sandbox/session';

/** Countries the real network's built-in proxies serve: none until a proxy pool is configured. */
export const LINKEDIN_PROXY_COUNTRY_IDS: readonly number[] = [];

/** What every session operation of the real network answers until it is implemented and enabled. */
export function linkedinSessionUnavailable(): never {
  throw new DomainError('service_unavailable');
}

export class LinkedinSessions implements SessionOperations {
  readonly name = 'linkedin' as const;
  private readonly proxyOptions: ProxyProbeOptions;

  constructor(config: Pick<AppConfig, 'dnsServers' | 'socialAccounts'>) {
    this.proxyOptions = proxyProbeOptionsOf(config);
  }

  async login(_request: { login: LinkedinLoginBody; proxy: ProxyTarget; now: Date }): Promise<LoginResult> {
    return linkedinSessionUnavailable();
  }

  async submitCode(_request: { state: string; code: string; proxy: ProxyTarget; now: Date }): Promise<CodeResult> {
    return linkedinSessionUnavailable();
  }

  async resendCode(_request: { state: string; method?: TwoFactorMethod; now: Date }): Promise<Challenge> {
    return linkedinSessionUnavailable();
  }

  async checkSession(_ref: SessionRef, _now: Date): Promise<SessionState> {
    return linkedinSessionUnavailable();
  }

  /** A custom proxy is tried for real; a built-in one needs the proxy pool that is not configured. */
  async testProxy(proxy: ProxyTarget): Promise<boolean> {
    if (proxy.kind === 'builtin') return LINKEDIN_PROXY_COUNTRY_IDS.includes(proxy.countryId);
    return testProxyReachable(proxy, this.proxyOptions);
  }
}
