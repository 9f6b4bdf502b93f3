/**
 * Mailbox OAuth (XOAUTH2 over SMTP and IMAP) behind one boundary, as sign-in is behind
 * `IdentityProvider` (modules/auth/identity-provider.ts):
 *
 * - `GoogleMailOAuthProvider` (Gmail, Google Workspace) uses the Google sign-in client
 *   (GOOGLE_CLIENT_ID/SECRET) with the `https://mail.google.com/` scope;
 * - `MicrosoftMailOAuthProvider` (Outlook, Microsoft 365) the Microsoft identity platform
 *   (MICROSOFT_CLIENT_ID/SECRET/TENANT) with the Outlook IMAP and SMTP scopes;
 * - `SandboxMailOAuthProvider` (MAIL_OAUTH_SANDBOX=true, development only) stands in for a provider
 *   that is not configured: its consent page is served by this API, says it is a sandbox, and
 *   takes any typed address. It yields made-up tokens and no server, and its mailboxes are
 *   labelled `provider: 'sandbox'` so every screen can say so.
 *
 * The real providers talk to their token endpoints with fetch; tests never call them.
 *
 * The `state` of the round trip is sealed with the credential cipher (AES-GCM: confidential and
 * authenticated), names the provider, expires after ten minutes and is bound to the session that
 * started it, so a state (or code) carried into another session is refused.
 */
import { randomBytes } from 'node:crypto';
import { MAIL_OAUTH_RETURN_PATHS, mailPreset, type MailOAuthProviderName, type MailServerPreset } from '@leadforge/contracts';
import type { AppConfig } from '../../config';
import type { CredentialCipher } from '../../engines/mail/secrets/credentials';
import { sha256 } from '../../lib/crypto';

export interface MailOAuthGrant {
  /** The mailbox the consent was given for. */
  email: string;
  name: string | null;
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms; null when the provider did not say. */
  expiresAt: number | null;
}

export interface MailOAuthTokens {
  accessToken: string;
  /** A rotated refresh token, or null to keep the current one. */
  refreshToken: string | null;
  expiresAt: number | null;
}

export interface MailOAuthProvider {
  /** Whose mailboxes it connects. */
  readonly provider: MailOAuthProviderName;
  /** How its mailboxes are labelled: the provider itself, or `sandbox`. */
  readonly label: MailOAuthProviderName | 'sandbox';
  /** The servers its mailboxes use with XOAUTH2; null for the sandbox, which has none. */
  readonly servers: { smtp: MailServerPreset; imap: MailServerPreset } | null;
  authorizationUrl(state: string, redirectUri: string): string;
  exchange(code: string, redirectUri: string): Promise<MailOAuthGrant>;
  refresh(refreshToken: string): Promise<MailOAuthTokens>;
}

/** The provider refused or answered something unusable; the message never holds a token. */
export class MailOAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailOAuthError';
  }
}

const TOKEN_TIMEOUT_MS = 10_000;

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
}

async function postForm(fetchImpl: typeof fetch, url: string, form: Record<string, string>, who: string): Promise<TokenAnswer> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  });
  if (!response.ok) throw new MailOAuthError(`${who} token endpoint answered ${response.status}`);
  const answer = (await response.json()) as TokenAnswer;
  if (!answer.access_token) throw new MailOAuthError(`${who} answered without an access token`);
  return answer;
}

const expiry = (answer: TokenAnswer) => (typeof answer.expires_in === 'number' ? Date.now() + answer.expires_in * 1000 : null);

/** The claims of a JWT received straight from the token endpoint over TLS (no signature check needed there). */
function jwtClaims(token: string | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function serversOf(presetId: string): { smtp: MailServerPreset; imap: MailServerPreset } {
  const preset = mailPreset(presetId);
  if (!preset) throw new Error(`unknown mail preset ${presetId}`);
  return { smtp: preset.smtp, imap: preset.imap };
}

export class GoogleMailOAuthProvider implements MailOAuthProvider {
  readonly provider = 'google' as const;
  readonly label = 'google' as const;
  readonly servers = serversOf('gmail');
  private static readonly TOKEN_URL = 'https://oauth2.googleapis.com/token';

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  authorizationUrl(state: string, redirectUri: string): string {
    const url = new URL('https://accounts.google.com/o/oauth2/v2/auth');
    url.search = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'https://mail.google.com/ openid email profile',
      // offline + consent: Google only hands out a refresh token on a fresh consent.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    }).toString();
    return url.toString();
  }

  async exchange(code: string, redirectUri: string): Promise<MailOAuthGrant> {
    const tokens = await postForm(
      this.fetchImpl,
      GoogleMailOAuthProvider.TOKEN_URL,
      { code, client_id: this.clientId, client_secret: this.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' },
      'Google',
    );
    const info = await this.fetchImpl('https://openidconnect.googleapis.com/v1/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    if (!info.ok) throw new MailOAuthError(`Google userinfo answered ${info.status}`);
    const profile = (await info.json()) as { email?: string; email_verified?: boolean; name?: string };
    if (!profile.email || profile.email_verified === false) throw new MailOAuthError('Google gave no verified address');
    return {
      email: profile.email.toLowerCase(),
      name: profile.name ?? null,
      accessToken: tokens.access_token!,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: expiry(tokens),
    };
  }

  async refresh(refreshToken: string): Promise<MailOAuthTokens> {
    const tokens = await postForm(
      this.fetchImpl,
      GoogleMailOAuthProvider.TOKEN_URL,
      { refresh_token: refreshToken, client_id: this.clientId, client_secret: this.clientSecret, grant_type: 'refresh_token' },
      'Google',
    );
    return { accessToken: tokens.access_token!, refreshToken: tokens.refresh_token ?? null, expiresAt: expiry(tokens) };
  }
}

export class MicrosoftMailOAuthProvider implements MailOAuthProvider {
  readonly provider = 'microsoft' as const;
  readonly label = 'microsoft' as const;
  readonly servers = serversOf('outlook');
  private static readonly SCOPE =
    'openid email profile offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send';

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly tenant: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private endpoint(kind: 'authorize' | 'token'): string {
    return `https://login.microsoftonline.com/${encodeURIComponent(this.tenant)}/oauth2/v2.0/${kind}`;
  }

  authorizationUrl(state: string, redirectUri: string): string {
    const url = new URL(this.endpoint('authorize'));
    url.search = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'query',
      scope: MicrosoftMailOAuthProvider.SCOPE,
      prompt: 'select_account',
      state,
    }).toString();
    return url.toString();
  }

  async exchange(code: string, redirectUri: string): Promise<MailOAuthGrant> {
    const tokens = await postForm(
      this.fetchImpl,
      this.endpoint('token'),
      {
        code,
        client_id: this.clientId,
        client_secret: this.clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
        scope: MicrosoftMailOAuthProvider.SCOPE,
      },
      'Microsoft',
    );
    const claims = jwtClaims(tokens.id_token);
    const email = typeof claims.email === 'string' ? claims.email : typeof claims.preferred_username === 'string' ? claims.preferred_username : null;
    if (!email || !email.includes('@')) throw new MailOAuthError('Microsoft gave no address');
    return {
      email: email.toLowerCase(),
      name: typeof claims.name === 'string' ? claims.name : null,
      accessToken: tokens.access_token!,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: expiry(tokens),
    };
  }

  async refresh(refreshToken: string): Promise<MailOAuthTokens> {
    const tokens = await postForm(
      this.fetchImpl,
      this.endpoint('token'),
      {
        refresh_token: refreshToken,
        client_id: this.clientId,
        client_secret: this.clientSecret,
        grant_type: 'refresh_token',
        scope: MicrosoftMailOAuthProvider.SCOPE,
      },
      'Microsoft',
    );
    return { accessToken: tokens.access_token!, refreshToken: tokens.refresh_token ?? null, expiresAt: expiry(tokens) };
  }
}

export const SANDBOX_CONSENT_PATH = (provider: MailOAuthProviderName) => `/email-account/oauth-sandbox/${provider}`;
const SANDBOX_CODE_CONTEXT = 'email-account:oauth-sandbox-code';
const SANDBOX_CODE_TTL_MS = 5 * 60_000;
const SANDBOX_TOKEN_TTL_MS = 60 * 60_000;

/**
 * The offline stand-in. Its codes are sealed with the credential cipher rather than kept in
 * memory, so any API process of the deployment can exchange a code another one issued.
 */
export class SandboxMailOAuthProvider implements MailOAuthProvider {
  readonly label = 'sandbox' as const;
  readonly servers = null;

  constructor(
    readonly provider: MailOAuthProviderName,
    private readonly cipher: CredentialCipher,
  ) {}

  authorizationUrl(state: string): string {
    return `${SANDBOX_CONSENT_PATH(this.provider)}?${new URLSearchParams({ state }).toString()}`;
  }

  /** The consent page's answer: a one-time code for the typed address. */
  approve(email: string, name: string): string {
    const payload = { provider: this.provider, email: email.trim().toLowerCase(), name: name.trim(), expiresAt: Date.now() + SANDBOX_CODE_TTL_MS };
    return this.cipher.encrypt(JSON.stringify(payload), SANDBOX_CODE_CONTEXT);
  }

  async exchange(code: string): Promise<MailOAuthGrant> {
    let payload: { provider?: unknown; email?: unknown; name?: unknown; expiresAt?: unknown };
    try {
      payload = JSON.parse(this.cipher.decrypt(code, SANDBOX_CODE_CONTEXT)) as typeof payload;
    } catch {
      throw new MailOAuthError('unknown sandbox code');
    }
    if (payload.provider !== this.provider || typeof payload.email !== 'string' || typeof payload.expiresAt !== 'number' || payload.expiresAt < Date.now()) {
      throw new MailOAuthError('expired or foreign sandbox code');
    }
    return {
      email: payload.email,
      name: typeof payload.name === 'string' && payload.name ? payload.name : null,
      accessToken: `sandbox-${randomBytes(24).toString('base64url')}`,
      refreshToken: `sandbox-refresh-${randomBytes(24).toString('base64url')}`,
      expiresAt: Date.now() + SANDBOX_TOKEN_TTL_MS,
    };
  }

  async refresh(): Promise<MailOAuthTokens> {
    return { accessToken: `sandbox-${randomBytes(24).toString('base64url')}`, refreshToken: null, expiresAt: Date.now() + SANDBOX_TOKEN_TTL_MS };
  }
}

export type MailOAuthProviders = Record<MailOAuthProviderName, MailOAuthProvider | null>;

/** Each provider: the real one when configured, else the sandbox when MAIL_OAUTH_SANDBOX is on, else none. */
export function mailOAuthProvidersFor(config: Pick<AppConfig, 'emailAccounts'>, cipher: CredentialCipher): MailOAuthProviders {
  const { google, microsoft, oauthSandbox } = config.emailAccounts;
  return {
    google: google
      ? new GoogleMailOAuthProvider(google.clientId, google.clientSecret)
      : oauthSandbox
        ? new SandboxMailOAuthProvider('google', cipher)
        : null,
    microsoft: microsoft
      ? new MicrosoftMailOAuthProvider(microsoft.clientId, microsoft.clientSecret, microsoft.tenant)
      : oauthSandbox
        ? new SandboxMailOAuthProvider('microsoft', cipher)
        : null,
  };
}

/** Where the provider returns the browser: the host's redirect handler of that provider. */
export function oauthRedirectUri(baseUrl: string, provider: MailOAuthProviderName): string {
  return `${baseUrl}${MAIL_OAUTH_RETURN_PATHS[provider]}`;
}

// ------------------------------------------------------------------ state

const STATE_CONTEXT = 'email-account:oauth-state';
const STATE_TTL_MS = 10 * 60_000;

const sessionTag = (sessionId: string) => sha256(`email-account oauth\0${sessionId}`).slice(0, 32);

export function sealOAuthState(cipher: CredentialCipher, provider: MailOAuthProviderName, sessionId: string): string {
  return cipher.encrypt(
    JSON.stringify({ provider, session: sessionTag(sessionId), expiresAt: Date.now() + STATE_TTL_MS, nonce: randomBytes(8).toString('base64url') }),
    STATE_CONTEXT,
  );
}

/** Whether the state was made by this server, for this provider and this session, less than ten minutes ago. */
export function isValidOAuthState(cipher: CredentialCipher, state: string, provider: MailOAuthProviderName, sessionId: string): boolean {
  try {
    const payload = JSON.parse(cipher.decrypt(state, STATE_CONTEXT)) as { provider?: unknown; session?: unknown; expiresAt?: unknown };
    return payload.provider === provider && payload.session === sessionTag(sessionId) && typeof payload.expiresAt === 'number' && payload.expiresAt >= Date.now();
  } catch {
    return false;
  }
}
