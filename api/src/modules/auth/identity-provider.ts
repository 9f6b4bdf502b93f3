/**
 * Google sign-in behind one adapter. `GoogleIdentityProvider` speaks OAuth 2.0 / OpenID Connect
 * to Google and is used only when GOOGLE_CLIENT_ID is set; `SandboxIdentityProvider` is an
 * offline stand-in for development (IDENTITY_SANDBOX=true): its consent page is served by this
 * API and accepts any typed address, so it is off unless explicitly turned on, and neither
 * provider ever attaches itself to an existing account (see AuthService.signInWithProfile).
 */
import type { AppConfig } from '../../config';
import { randomToken } from '../../lib/crypto';

export interface IdentityProfile {
  /** Stable subject id at the provider. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export interface IdentityProvider {
  readonly name: 'google' | 'sandbox';
  authorizationUrl(state: string, redirectUri: string): string;
  exchange(code: string, redirectUri: string): Promise<IdentityProfile>;
}

export class IdentityProviderError extends Error {}

export class GoogleIdentityProvider implements IdentityProvider {
  readonly name = 'google' as const;

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
      scope: 'openid email profile',
      state,
      prompt: 'select_account',
    }).toString();
    return url.toString();
  }

  async exchange(code: string, redirectUri: string): Promise<IdentityProfile> {
    const tokenResponse = await this.fetchImpl('https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code,
        client_id: this.clientId,
        client_secret: this.clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!tokenResponse.ok) throw new IdentityProviderError(`Google token exchange failed: ${tokenResponse.status}`);
    const tokens = (await tokenResponse.json()) as { access_token?: string };
    if (!tokens.access_token) throw new IdentityProviderError('Google answered without an access token');
    const infoResponse = await this.fetchImpl('https://openidconnect.googleapis.com/v1/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!infoResponse.ok) throw new IdentityProviderError(`Google userinfo failed: ${infoResponse.status}`);
    const info = (await infoResponse.json()) as { sub?: string; email?: string; email_verified?: boolean; name?: string };
    if (!info.sub || !info.email) throw new IdentityProviderError('Google profile without subject or email');
    return { subject: `google:${info.sub}`, email: info.email.toLowerCase(), emailVerified: info.email_verified === true, name: info.name ?? null };
  }
}

export const SANDBOX_CONSENT_PATH = '/auth/google/sandbox';
export const SANDBOX_APPROVE_PATH = '/auth/google/sandbox/approve';
const SANDBOX_CODE_TTL_MS = 5 * 60_000;

export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox' as const;
  private readonly codes = new Map<string, { profile: IdentityProfile; expiresAt: number }>();

  authorizationUrl(state: string, redirectUri: string): string {
    return `${SANDBOX_CONSENT_PATH}?${new URLSearchParams({ state, redirect_uri: redirectUri }).toString()}`;
  }

  /** Called by the local consent page: remembers who approved and answers a one-time code. */
  approve(email: string, name: string): string {
    const now = Date.now();
    for (const [code, entry] of this.codes) if (entry.expiresAt < now) this.codes.delete(code);
    const code = randomToken(24);
    const normalized = email.trim().toLowerCase();
    this.codes.set(code, {
      profile: { subject: `sandbox:${normalized}`, email: normalized, emailVerified: true, name: name.trim() || null },
      expiresAt: now + SANDBOX_CODE_TTL_MS,
    });
    return code;
  }

  async exchange(code: string): Promise<IdentityProfile> {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (!entry || entry.expiresAt < Date.now()) throw new IdentityProviderError('Unknown or expired sandbox code');
    return entry.profile;
  }
}

/** Google when configured, else the sandbox when IDENTITY_SANDBOX is on, else none (sign-in unavailable). */
export function identityProviderFor(config: Pick<AppConfig, 'google' | 'identitySandbox'>): IdentityProvider | null {
  if (config.google) return new GoogleIdentityProvider(config.google.clientId, config.google.clientSecret);
  return config.identitySandbox ? new SandboxIdentityProvider() : null;
}
