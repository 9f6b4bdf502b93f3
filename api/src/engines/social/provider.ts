/**
 * The social-network boundary (issue 14). Everything the product does on the professional network
 * goes through one `SocialNetworkProvider`:
 * - session operations (connect by cookie or by e-mail + password with verification / two-factor
 *   codes, check a session, try a proxy) — used by the linkedin-accounts module;
 * - actions (visit, like, follow, invite with a note, message, InMail, read a profile, read the
 *   inbox) — used by the runner (engines/social/runner);
 * - the search pages the finder's LinkedIn search tasks harvest.
 *
 * Two sides: `sandbox` — an offline simulated network (deterministic profiles, invitations
 * accepted after a delay at a configurable rate, replies to some messages, sessions that expire,
 * logins that ask for a code), the default and what tests use, always labelled as the sandbox in
 * the UI; `linkedin` — the real network's documented boundary, which refuses with
 * `service_unavailable` until enabled by configuration (browser automation through the account's
 * proxy is how products of this kind work; the network's terms restrict automation, see README).
 */
import type { LinkedinActionType, LinkedinLoginBody, TwoFactorMethod } from '@leadforge/contracts';

export type SocialProviderName = 'sandbox' | 'linkedin';

// ------------------------------------------------------------------ profiles and search

export interface SocialProfile {
  profileUrl: string;
  fullName: string;
  firstName: string;
  lastName: string;
  position: string;
  companyName: string;
  companyDomain: string | null;
  location: string;
  /** An address the network exposes (or the provider found); null when none. */
  email: string | null;
}

export type SearchItem = { kind: 'profile'; profile: SocialProfile } | { kind: 'bad_link'; url: string; reason: string };

export interface SearchPageRequest {
  url: string;
  accountId: number;
  /** Results already read (the task's cursor). */
  offset: number;
  limit: number;
  signal?: AbortSignal | undefined;
}

// ------------------------------------------------------------------ proxies and sessions

export type ProxyTarget =
  | { kind: 'builtin'; countryId: number }
  | { kind: 'custom'; host: string; port: number; username: string; password: string };

/** The connected member, as the network knows it. */
export interface NetworkMember {
  /** The network's stable id of the member (one connection per member per account). */
  key: string;
  name: string;
  profileUrl: string;
}

export type LoginResult =
  | { kind: 'connected'; session: string; member: NetworkMember }
  | {
      kind: 'challenge';
      challenge: 'verification_code' | 'two_factor_code';
      /** How the two-factor code travels; null for an e-mailed verification code. */
      method: TwoFactorMethod | null;
      /** Opaque state of the pending login, stored encrypted and handed back with the code. */
      state: string;
      expiresAt: Date;
      /** Sandbox only: the code itself, shown on screen as sandbox data (the real network never says). */
      sandboxCode?: string;
    }
  | { kind: 'refused'; reason: 'linkedin_login_failed' | 'linkedin_session_invalid' | 'linkedin_proxy_unreachable' };

export type CodeResult = LoginResult | { kind: 'code_invalid' } | { kind: 'code_expired' };

export interface SessionRef {
  /** linkedin_accounts.id */
  linkedinAccountId: number;
  /** The decrypted session (never logged). */
  session: string;
  proxy: ProxyTarget;
}

export type SessionState = 'active' | 'expired' | 'lost_connection';

// ------------------------------------------------------------------ actions

export interface ActionRequest {
  action: LinkedinActionType;
  profileUrl: string;
  subject?: string | null;
  /** Invitation note, message or InMail body (already personalised). */
  content?: string | null;
}

export type ActionOutcome =
  /** Done; `message` when the action left a message in a thread (message, InMail, invitation note). */
  | { kind: 'done'; message?: { networkMessageId: string; threadKey: string; sentAt: Date } }
  /** Not done and never will be (a removed profile, not a connection for a message, …): an error key. */
  | { kind: 'failed'; reason: string }
  /** Not done this time (the network throttled, a time-out): tried again later. */
  | { kind: 'retry'; reason: string }
  /** The session is gone: the account changes state and its actions wait. */
  | { kind: 'session_lost'; state: Exclude<SessionState, 'active'> };

/** What the network's inbox holds since a cursor: replies and accepted invitations. */
export interface InboxPage {
  messages: { networkMessageId: string; threadKey: string; profileUrl: string; profileName: string | null; kind: 'message' | 'in_mail'; subject: string | null; body: string; sentAt: Date }[];
  acceptedInvitations: { profileUrl: string; acceptedAt: Date }[];
  /** Handed back next time. */
  cursor: string;
}

export interface SocialNetworkProvider {
  readonly name: SocialProviderName;

  // session operations (linkedin-accounts module)
  login(request: { login: LinkedinLoginBody; proxy: ProxyTarget; now: Date }): Promise<LoginResult>;
  submitCode(request: { state: string; code: string; proxy: ProxyTarget; now: Date }): Promise<CodeResult>;
  resendCode(request: { state: string; method?: TwoFactorMethod; now: Date }): Promise<Extract<LoginResult, { kind: 'challenge' }>>;
  checkSession(ref: SessionRef, now: Date): Promise<SessionState>;
  /** Whether a proxy answers (a custom proxy is tried before it is saved). */
  testProxy(proxy: ProxyTarget): Promise<boolean>;

  // actions (runner)
  perform(ref: SessionRef, request: ActionRequest, now: Date): Promise<ActionOutcome>;
  readProfile(ref: SessionRef, profileUrl: string, now: Date): Promise<(SocialProfile & { degree: 1 | 2 | 3 }) | null>;
  readInbox(ref: SessionRef, cursor: string | null, now: Date): Promise<InboxPage>;

  // finder
  searchPage(request: SearchPageRequest): Promise<{ items: SearchItem[]; done: boolean }>;
}
