/**
 * The sandbox social network: the offline, simulated side of the SocialNetworkProvider boundary
 * and the default (SOCIAL_NETWORK_PROVIDER=sandbox). Nothing here reaches the real network; every
 * screen showing its output labels it as the sandbox network.
 *
 * - session operations: session.ts (cookies, passwords, verification and two-factor codes,
 *   sessions that expire or lose their connection, proxies);
 * - people and search pages: search.ts;
 * - actions, profile reads and the inbox: network.ts (deterministic people who accept
 *   invitations and answer some messages after a delay, kept in the network's own table).
 *
 * Actions and the inbox need the database (the network's memory); a provider made without one
 * (the finder's search) refuses them.
 */
import type { LinkedinLoginBody, TwoFactorMethod } from '@leadforge/contracts';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/types';
import type {
  ActionOutcome,
  ActionRequest,
  CodeResult,
  InboxPage,
  LoginResult,
  ProxyTarget,
  SearchItem,
  SearchPageRequest,
  SessionRef,
  SessionState,
  SocialNetworkProvider,
  SocialProfile,
} from '../provider';
import { SANDBOX_NETWORK_DEFAULTS, performOnSandbox, readSandboxInbox, readSandboxProfile, type SandboxActor, type SandboxNetworkSettings } from './network';
import { sandboxSearchPage } from './search';
import { scaledSandboxNetwork } from '../time-scale';
import {
  SANDBOX_SESSION_DAYS_DEFAULT,
  SandboxSessions,
  sandboxCheckSession,
  sandboxSessionMember,
  type Challenge,
} from './session';

export interface SandboxSocialNetworkOptions {
  /** The network's memory (linkedin_sandbox_events); required for actions and the inbox. */
  db?: Db;
  /**
   * Session length, proxy rules, how the people answer, and the test servers' fast clock
   * (campaignTimeScale: the people accept and answer that much sooner); defaults without it.
   */
  config?: Pick<AppConfig, 'dnsServers' | 'socialAccounts' | 'socialSandboxNetwork'> & Partial<Pick<AppConfig, 'campaignTimeScale'>>;
  /** Overrides the configuration's (tests). */
  network?: SandboxNetworkSettings;
  /** Overrides the configuration's time scale (tests). */
  timeScale?: number;
}

export class SandboxSocialNetwork implements SocialNetworkProvider {
  readonly name = 'sandbox' as const;
  private readonly sessions: SandboxSessions;
  private readonly settings: SandboxNetworkSettings;
  private readonly db: Db | undefined;

  constructor(options: SandboxSocialNetworkOptions = {}) {
    this.db = options.db;
    this.sessions = new SandboxSessions(
      options.config ?? { dnsServers: [], socialAccounts: { sandboxSessionDays: SANDBOX_SESSION_DAYS_DEFAULT, proxyAllowPrivate: [] } },
    );
    this.settings = scaledSandboxNetwork(
      options.network ?? options.config?.socialSandboxNetwork ?? SANDBOX_NETWORK_DEFAULTS,
      options.timeScale ?? options.config?.campaignTimeScale ?? 1,
    );
  }

  // ─── session operations (session.ts) ─────────────────────────────────────────────────────

  login(request: { login: LinkedinLoginBody; proxy: ProxyTarget; now: Date }): Promise<LoginResult> {
    return this.sessions.login(request);
  }

  submitCode(request: { state: string; code: string; proxy: ProxyTarget; now: Date }): Promise<CodeResult> {
    return this.sessions.submitCode(request);
  }

  resendCode(request: { state: string; method?: TwoFactorMethod; now: Date }): Promise<Challenge> {
    return this.sessions.resendCode(request);
  }

  checkSession(ref: SessionRef, now: Date): Promise<SessionState> {
    return this.sessions.checkSession(ref, now);
  }

  testProxy(proxy: ProxyTarget): Promise<boolean> {
    return this.sessions.testProxy(proxy);
  }

  // ─── actions (network.ts) ─────────────────────────────────────────────────────────────────

  async perform(ref: SessionRef, request: ActionRequest, now: Date): Promise<ActionOutcome> {
    const state = await sandboxCheckSession(ref, now);
    if (state !== 'active') return { kind: 'session_lost', state };
    return performOnSandbox(this.memory(), actorOf(ref), request, now, this.settings);
  }

  async readProfile(ref: SessionRef, profileUrl: string, now: Date): Promise<(SocialProfile & { degree: 1 | 2 | 3 }) | null> {
    return readSandboxProfile(this.memory(), actorOf(ref), profileUrl, now);
  }

  async readInbox(ref: SessionRef, cursor: string | null, now: Date): Promise<InboxPage> {
    return readSandboxInbox(this.memory(), actorOf(ref), cursor, now);
  }

  // ─── finder (search.ts) ───────────────────────────────────────────────────────────────────

  async searchPage(request: SearchPageRequest): Promise<{ items: SearchItem[]; done: boolean }> {
    return sandboxSearchPage(request);
  }

  private memory(): Db {
    if (!this.db) throw new Error('The sandbox network performs actions only when it is given its database');
    return this.db;
  }
}

/** Decisions are seeded by the signed-in member; a session that names none falls back to the account. */
function actorOf(ref: SessionRef): SandboxActor {
  return { linkedinAccountId: ref.linkedinAccountId, memberKey: sandboxSessionMember(ref.session)?.key ?? `account:${ref.linkedinAccountId}` };
}
