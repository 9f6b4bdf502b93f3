/**
 * The real network's side of the SocialNetworkProvider boundary (SOCIAL_NETWORK_PROVIDER=linkedin).
 *
 * Products of this kind act on the network with a headless browser driven through each account's
 * proxy, signed in with the account's session (see session.ts for the sign-in side): a visit loads
 * the profile page, a like or a follow clicks on it, an invitation, a message or an InMail fills the
 * network's own dialogs, and the inbox and profiles are read from the pages the member sees. The
 * network's user agreement forbids automated access and scraping; whoever enables this takes that
 * on, with the limits, working hours and gaps the runner already keeps.
 *
 * There is no implementation yet, so there is nothing configuration could enable: every method
 * refuses with `service_unavailable` rather than pretend. The seam is `BrowserAutomation` below —
 * an implementation is given the account's proxy and session with each call, so it keeps nothing
 * of its own between calls, and answers in the provider's terms (ActionOutcome: done with the
 * message it left, failed with an error key, retry when the network throttles, session_lost when
 * it lands on the sign-in page). Until one is passed in, nothing here talks to the network.
 */
import type { LinkedinLoginBody, TwoFactorMethod } from '@leadforge/contracts';
import type { AppConfig } from '../../../config';
import { DomainError } from '../../../http/domain-error';
import type {
  ActionOutcome,
  ActionRequest,
  CodeResult,
  InboxPage,
  LoginResult,
  ProxyTarget,
  SearchItem,
  SessionRef,
  SessionState,
  SocialNetworkProvider,
  SocialProfile,
} from '../provider';
import type { Challenge } from '../sandbox/session';
import { LinkedinSessions } from './session';

/** What a browser-automation implementation must do; each call carries the account's proxy and session. */
export interface BrowserAutomation {
  perform(ref: SessionRef, request: ActionRequest, now: Date): Promise<ActionOutcome>;
  readProfile(ref: SessionRef, profileUrl: string): Promise<(SocialProfile & { degree: 1 | 2 | 3 }) | null>;
  readInbox(ref: SessionRef, cursor: string | null): Promise<InboxPage>;
}

export interface LinkedinSocialNetworkOptions {
  config?: Pick<AppConfig, 'dnsServers' | 'socialAccounts'>;
  /** The browser automation; none exists yet, so every action refuses. */
  automation?: BrowserAutomation;
}

function unavailable(): never {
  throw new DomainError('service_unavailable');
}

export class LinkedinSocialNetwork implements SocialNetworkProvider {
  readonly name = 'linkedin' as const;
  private readonly sessions: LinkedinSessions;
  private readonly automation: BrowserAutomation | undefined;

  constructor(options: LinkedinSocialNetworkOptions = {}) {
    this.sessions = new LinkedinSessions(options.config ?? { dnsServers: [], socialAccounts: { sandboxSessionDays: 30, proxyAllowPrivate: [] } });
    this.automation = options.automation;
  }

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

  async perform(ref: SessionRef, request: ActionRequest, now: Date): Promise<ActionOutcome> {
    return this.automation ? this.automation.perform(ref, request, now) : unavailable();
  }

  async readProfile(ref: SessionRef, profileUrl: string): Promise<(SocialProfile & { degree: 1 | 2 | 3 }) | null> {
    return this.automation ? this.automation.readProfile(ref, profileUrl) : unavailable();
  }

  async readInbox(ref: SessionRef, cursor: string | null): Promise<InboxPage> {
    return this.automation ? this.automation.readInbox(ref, cursor) : unavailable();
  }

  /** Harvesting a search needs a connected account's session, which this boundary cannot use yet. */
  async searchPage(): Promise<{ items: SearchItem[]; done: boolean }> {
    return unavailable();
  }
}
