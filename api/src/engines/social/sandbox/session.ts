/**
 * The session side of the sandbox network (issue 14): signing in by session cookie or by e-mail +
 * password with verification and two-factor codes, session checks, and proxies. Offline and
 * deterministic, so every connection state of document 1 §4 can be reached on purpose:
 *
 * - cookie: any cookie of at least 10 characters signs in, except one containing `expired`
 *   (refused: linkedin_session_invalid). The member is derived from a hash of the cookie, so the
 *   same cookie is always the same made-up person.
 * - e-mail + password: a password containing `wrong` is refused (linkedin_login_failed); an
 *   address whose local part contains `+2fa` asks for a two-factor code (by SMS first; the method
 *   can be changed to e-mail or an authenticator app), `+verify` for a verification code sent by
 *   e-mail; any other address signs in. The member is derived from the address.
 * - codes: six digits derived from the challenge state, answered as `sandboxCode` so the screen
 *   can show it (labelled as sandbox data); a code expires SANDBOX_CODE_TTL_MS after it was sent.
 *   Attempts and resends are limited by the linkedin-accounts service, for both networks alike.
 * - sessions: expire SOCIAL_SANDBOX_SESSION_DAYS after they connected; a cookie (or address)
 *   containing `expire-soon` gives a session that the next check finds expired, one containing
 *   `lose-connection` one that the next check finds without a connection.
 * - proxies: a built-in proxy exists for SANDBOX_PROXY_COUNTRY_IDS only; a custom proxy is tried
 *   for real (`testProxyReachable`: a TCP connection to host:port, through the same private-range
 *   guard as the mail hosts).
 *
 * Used by the sandbox provider (engines/social/sandbox/index.ts), which delegates its session
 * operations here, and by the linkedin-accounts service. Plain functions take their options
 * (defaults when omitted); `SandboxSessions` binds them to a configuration.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lookup, Resolver } from 'node:dns/promises';
import net from 'node:net';
import type { LinkedinLoginBody, TwoFactorMethod } from '@leadforge/contracts';
import type { AppConfig } from '../../../config';
import { AddressPolicy } from '../../web-fetch/address-policy';
import type { CodeResult, LoginResult, NetworkMember, ProxyTarget, SessionRef, SessionState, SocialNetworkProvider } from '../provider';

/** The session operations of a provider (what the linkedin-accounts service uses). */
export type SessionOperations = Pick<SocialNetworkProvider, 'name' | 'login' | 'submitCode' | 'resendCode' | 'checkSession' | 'testProxy'>;

export type Challenge = Extract<LoginResult, { kind: 'challenge' }>;

/** A code the sandbox "sends" stays valid this long. */
export const SANDBOX_CODE_TTL_MS = 10 * 60_000;
export const SANDBOX_SESSION_DAYS_DEFAULT = 30;
/** How long a custom proxy may take to accept a TCP connection. */
export const PROXY_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Countries the sandbox's built-in proxies serve: ISO 3166-1 numeric ids, the ids of the
 * countries reference data (GET /general-info/countries). Any other country is
 * linkedin_proxy_country_unavailable.
 */
export const SANDBOX_PROXY_COUNTRY_IDS: readonly number[] = [
  36, // Australia
  76, // Brazil
  124, // Canada
  250, // France
  276, // Germany
  356, // India
  380, // Italy
  528, // Netherlands
  616, // Poland
  724, // Spain
  752, // Sweden
  804, // Ukraine
  826, // United Kingdom
  840, // United States
];

export interface SandboxSessionOptions {
  sessionDays: number;
}

export interface ProxyProbeOptions {
  /** CIDR ranges a proxy may resolve to although private (SOCIAL_PROXY_ALLOW_PRIVATE). */
  allowPrivate: readonly string[];
  /** `host:port` resolvers (DNS_SERVERS); empty: the system's. */
  dnsServers: readonly string[];
  timeoutMs: number;
}

const DEFAULT_SESSION_OPTIONS: SandboxSessionOptions = { sessionDays: SANDBOX_SESSION_DAYS_DEFAULT };
const DEFAULT_PROXY_OPTIONS: ProxyProbeOptions = { allowPrivate: [], dnsServers: [], timeoutMs: PROXY_CONNECT_TIMEOUT_MS };
const DAY_MS = 86_400_000;

// ------------------------------------------------------------------ members

const FIRST_NAMES = ['Alex', 'Maria', 'Daniel', 'Yuki', 'Fatima', 'Jonas', 'Elena', 'Omar', 'Grace', 'Taras', 'Lucia', 'Samuel', 'Nadia', 'Hugo', 'Ines', 'Victor'];
const LAST_NAMES = ['Walker', 'Santos', 'Becker', 'Ito', 'Haddad', 'Lindqvist', 'Moreau', 'Petrenko', 'Oliveira', 'Fischer', 'Kim', 'Rahman', 'Dvorak', 'Lopez', 'Quinn', 'Varga'];

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The made-up member an identity (a cookie, an address) signs in as: always the same one. */
export function sandboxMemberOf(identity: string): NetworkMember {
  const bytes = digest(`sandbox-member:${identity}`);
  const first = FIRST_NAMES[bytes.readUInt16BE(0) % FIRST_NAMES.length]!;
  const last = LAST_NAMES[bytes.readUInt16BE(2) % LAST_NAMES.length]!;
  const seed = bytes.subarray(4, 7).toString('hex');
  return {
    key: `sandbox:${bytes.subarray(8, 20).toString('hex')}`,
    name: `${first} ${last}`,
    profileUrl: `https://www.linkedin.com/in/${first.toLowerCase()}-${last.toLowerCase()}-${seed}`,
  };
}

// ------------------------------------------------------------------ sessions and challenges

interface SessionFlags {
  /** The next check finds the session expired. */
  expireSoon: boolean;
  /** The next check finds the connection lost. */
  loseConnection: boolean;
}

interface SandboxSession extends SessionFlags {
  v: 1;
  member: NetworkMember;
  connectedAt: number;
  expiresAt: number;
}

interface ChallengeState extends SessionFlags {
  v: 1;
  challenge: Challenge['challenge'];
  method: TwoFactorMethod | null;
  /** The address signing in (the member is derived from it once the code is right). */
  email: string;
  sentAt: number;
  nonce: string;
}

const SESSION_PREFIX = 'sbx-session.';
const CHALLENGE_PREFIX = 'sbx-challenge.';

function encode(prefix: string, value: object): string {
  return prefix + Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decode<T extends { v: number }>(prefix: string, text: string): T | null {
  if (!text.startsWith(prefix)) return null;
  try {
    const value = JSON.parse(Buffer.from(text.slice(prefix.length), 'base64url').toString('utf8')) as T;
    return value && typeof value === 'object' && value.v === 1 ? value : null;
  } catch {
    return null;
  }
}

function flagsOf(identity: string): SessionFlags {
  const lower = identity.toLowerCase();
  return { expireSoon: lower.includes('expire-soon'), loseConnection: lower.includes('lose-connection') };
}

function connected(member: NetworkMember, flags: SessionFlags, now: Date, options: SandboxSessionOptions): LoginResult {
  const session: SandboxSession = {
    v: 1,
    member,
    connectedAt: now.getTime(),
    expiresAt: now.getTime() + options.sessionDays * DAY_MS,
    ...flags,
  };
  return { kind: 'connected', session: encode(SESSION_PREFIX, session), member };
}

/** The six digits of a challenge: derived from its state, so only whoever holds the state knows them. */
export function sandboxCodeOf(state: string): string {
  return String(digest(`sandbox-code:${state}`).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

function challengeOf(state: ChallengeState): Challenge {
  const encoded = encode(CHALLENGE_PREFIX, state);
  return {
    kind: 'challenge',
    challenge: state.challenge,
    method: state.method,
    state: encoded,
    expiresAt: new Date(state.sentAt + SANDBOX_CODE_TTL_MS),
    sandboxCode: sandboxCodeOf(encoded),
  };
}

function newChallenge(challenge: Challenge['challenge'], method: TwoFactorMethod | null, email: string, flags: SessionFlags, now: Date): Challenge {
  return challengeOf({ v: 1, challenge, method, email, sentAt: now.getTime(), nonce: randomBytes(6).toString('hex'), ...flags });
}

export async function sandboxLogin(
  request: { login: LinkedinLoginBody; proxy: ProxyTarget; now: Date },
  options: SandboxSessionOptions = DEFAULT_SESSION_OPTIONS,
): Promise<LoginResult> {
  const { login, now } = request;
  if (login.method === 'cookie') {
    const cookie = login.sessionCookie.trim();
    if (cookie.length < 10 || /expired/i.test(cookie)) return { kind: 'refused', reason: 'linkedin_session_invalid' };
    return connected(sandboxMemberOf(`cookie:${cookie}`), flagsOf(cookie), now, options);
  }
  if (/wrong/i.test(login.password)) return { kind: 'refused', reason: 'linkedin_login_failed' };
  const email = login.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  if (local.includes('+2fa')) return newChallenge('two_factor_code', 'sms', email, flagsOf(email), now);
  if (local.includes('+verify')) return newChallenge('verification_code', null, email, flagsOf(email), now);
  return connected(sandboxMemberOf(`email:${email}`), flagsOf(email), now, options);
}

export async function sandboxSubmitCode(
  request: { state: string; code: string; proxy: ProxyTarget; now: Date },
  options: SandboxSessionOptions = DEFAULT_SESSION_OPTIONS,
): Promise<CodeResult> {
  const state = decode<ChallengeState>(CHALLENGE_PREFIX, request.state);
  if (!state) return { kind: 'code_expired' };
  if (request.now.getTime() >= state.sentAt + SANDBOX_CODE_TTL_MS) return { kind: 'code_expired' };
  if (request.code.trim() !== sandboxCodeOf(request.state)) return { kind: 'code_invalid' };
  return connected(sandboxMemberOf(`email:${state.email}`), { expireSoon: state.expireSoon, loseConnection: state.loseConnection }, request.now, options);
}

/** A new code for the same sign-in (by `method` when given: "change method"). */
export async function sandboxResendCode(request: { state: string; method?: TwoFactorMethod; now: Date }): Promise<Challenge> {
  const state = decode<ChallengeState>(CHALLENGE_PREFIX, request.state);
  if (!state) throw new Error('Not a sandbox challenge state');
  const method = state.challenge === 'two_factor_code' ? (request.method ?? state.method) : null;
  return newChallenge(state.challenge, method, state.email, { expireSoon: state.expireSoon, loseConnection: state.loseConnection }, request.now);
}

export async function sandboxCheckSession(ref: Pick<SessionRef, 'session'>, now: Date): Promise<SessionState> {
  const session = decode<SandboxSession>(SESSION_PREFIX, ref.session);
  if (!session) return 'expired';
  if (session.loseConnection) return 'lost_connection';
  if (session.expireSoon || now.getTime() >= session.expiresAt) return 'expired';
  return 'active';
}

/** The member a sandbox session belongs to (null for what is not a sandbox session). */
export function sandboxSessionMember(session: string): NetworkMember | null {
  return decode<SandboxSession>(SESSION_PREFIX, session)?.member ?? null;
}

// ------------------------------------------------------------------ proxies

export function isSandboxProxyCountry(countryId: number): boolean {
  return SANDBOX_PROXY_COUNTRY_IDS.includes(countryId);
}

async function addressesOf(host: string, options: ProxyProbeOptions): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  if (options.dnsServers.length > 0) {
    const resolver = new Resolver({ timeout: Math.min(options.timeoutMs, 5_000), tries: 2 });
    resolver.setServers([...options.dnsServers]);
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(bare), resolver.resolve6(bare)]);
    return [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
  }
  return (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
}

function tcpConnects(address: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    const done = (answer: boolean) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Whether a proxy answers. A custom proxy gets a real TCP connection to host:port; a host that
 * resolves to a private, loopback or link-local address (SSRF: the API must not be steered into
 * the network it runs in) counts as not answering, unless SOCIAL_PROXY_ALLOW_PRIVATE names it.
 * Every address of the name must pass, so a name with one public and one private address cannot
 * be steered. A built-in proxy answers when the sandbox serves its country.
 */
export async function testProxyReachable(proxy: ProxyTarget, options: ProxyProbeOptions = DEFAULT_PROXY_OPTIONS): Promise<boolean> {
  if (proxy.kind === 'builtin') return isSandboxProxyCountry(proxy.countryId);
  let addresses: string[];
  try {
    addresses = await addressesOf(proxy.host, options);
  } catch {
    return false;
  }
  if (addresses.length === 0) return false;
  const policy = new AddressPolicy(options.allowPrivate);
  if (addresses.some((address) => policy.refusal(address) !== null)) return false;
  const chosen = addresses.find((address) => net.isIPv4(address)) ?? addresses[0]!;
  return tcpConnects(chosen, proxy.port, options.timeoutMs);
}

// ------------------------------------------------------------------ bound to a configuration

export function proxyProbeOptionsOf(config: Pick<AppConfig, 'dnsServers' | 'socialAccounts'>): ProxyProbeOptions {
  return { allowPrivate: config.socialAccounts.proxyAllowPrivate, dnsServers: config.dnsServers, timeoutMs: PROXY_CONNECT_TIMEOUT_MS };
}

/** The sandbox's session operations with the configuration's session length and proxy rules. */
export class SandboxSessions implements SessionOperations {
  readonly name = 'sandbox' as const;
  private readonly sessionOptions: SandboxSessionOptions;
  private readonly proxyOptions: ProxyProbeOptions;

  constructor(config: Pick<AppConfig, 'dnsServers' | 'socialAccounts'>) {
    this.sessionOptions = { sessionDays: config.socialAccounts.sandboxSessionDays };
    this.proxyOptions = proxyProbeOptionsOf(config);
  }

  login(request: { login: LinkedinLoginBody; proxy: ProxyTarget; now: Date }): Promise<LoginResult> {
    return sandboxLogin(request, this.sessionOptions);
  }

  submitCode(request: { state: string; code: string; proxy: ProxyTarget; now: Date }): Promise<CodeResult> {
    return sandboxSubmitCode(request, this.sessionOptions);
  }

  resendCode(request: { state: string; method?: TwoFactorMethod; now: Date }): Promise<Challenge> {
    return sandboxResendCode(request);
  }

  checkSession(ref: SessionRef, now: Date): Promise<SessionState> {
    return sandboxCheckSession(ref, now);
  }

  testProxy(proxy: ProxyTarget): Promise<boolean> {
    return testProxyReachable(proxy, this.proxyOptions);
  }
}
