/**
 * The provider's answer after mailbox consent, as the host's redirect handler forwards it to the
 * list: the provider's own query (`code` and `state`, or `error`) plus `from`, the return path it
 * came through (contracts MAIL_OAUTH_RETURN_PATHS, and the older Google paths the host still
 * accepts). The API's start call also lands here with `?error=<key>` when it cannot start.
 */
import { ERROR_KEYS, MAIL_OAUTH_RETURN_PATHS, type ErrorKey, type MailOAuthProviderName } from '@leadforge/contracts';

/** Return paths of older versions of the app that still come back from Google. */
const LEGACY_GOOGLE_PATHS = ['/gmail-change', '/makeGoogleEmailAuth'];

/** The table's own parameters: everything else on the list's address came with the return. */
export const LIST_PARAMS = ['page', 'q', 'status'] as const;

export type OAuthReturn =
  | { kind: 'code'; provider: MailOAuthProviderName; code: string; state: string }
  | { kind: 'error'; reason: OAuthReturnReason };

/** A catalogue key the API sent, or the provider's own error code (access_denied, …) shown as it is. */
export type OAuthReturnReason = { key: ErrorKey } | { providerError: string };

export function providerOfReturnPath(from: string | null): MailOAuthProviderName | null {
  if (!from) return null;
  const path = from.replace(/\/+$/, '');
  for (const [provider, returnPath] of Object.entries(MAIL_OAUTH_RETURN_PATHS)) {
    if (returnPath === path) return provider as MailOAuthProviderName;
  }
  return LEGACY_GOOGLE_PATHS.includes(path) ? 'google' : null;
}

const isErrorKey = (value: string): value is ErrorKey => (ERROR_KEYS as readonly string[]).includes(value);

/** What came back, or null when the address carries no OAuth return (the list opened normally). */
export function readOAuthReturn(params: URLSearchParams): OAuthReturn | null {
  const error = params.get('error')?.trim();
  if (error) return { kind: 'error', reason: isErrorKey(error) ? { key: error } : { providerError: error.slice(0, 100) } };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return null;
  const provider = providerOfReturnPath(params.get('from'));
  // A code without a known return path cannot be exchanged: nobody knows whose it is.
  if (!provider) return { kind: 'error', reason: { key: 'mail_oauth_failed' } };
  return { kind: 'code', provider, code, state };
}

/** The patch that clears the return from the address, leaving the table's own parameters. */
export function clearOAuthReturn(params: URLSearchParams): Record<string, undefined> {
  const patch: Record<string, undefined> = {};
  for (const name of params.keys()) {
    if (!(LIST_PARAMS as readonly string[]).includes(name)) patch[name] = undefined;
  }
  return patch;
}
