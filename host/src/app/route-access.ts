import { COMPLETE_USER_REGISTRATION, isAllowedWhenExpired } from '@leadforge/contracts';

/**
 * Who a route is for (document 1 §2, shell behaviour).
 * - `user`: signed-in users (anonymous → /login, expired plan → /home unless allowed).
 * - `guest`: the auth group (/login, /register, /forgot…): logged-out users only.
 * - `twoFactor`: the 2FA page, for a session waiting for its second factor.
 * - `public`: utility pages shown to anyone in the unauthenticated area (/error/500, /clear-email…).
 * - `action`: unnamed routes that only act and move on (redirect handlers, /logout, /lang-change…).
 */
export type RouteAccess = 'user' | 'guest' | 'twoFactor' | 'public' | 'action';

export type SessionState =
  | { status: 'anonymous' }
  | { status: 'pendingTwoFactor' }
  | { status: 'signedIn'; planExpired: boolean };

/** Which frame a page is drawn in: the unauthenticated area, the main area (menu), or none. */
export type ShellArea = 'unauthenticated' | 'main' | 'bare';

export type AccessDecision =
  | { kind: 'render'; area: ShellArea }
  | { kind: 'redirect'; to: string; rememberIntendedUrl: boolean };

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const TWO_FACTOR_PATH = '/2fa/login';

/** Pages of the auth group that a pending 2FA session may still open (to start over). */
const GUEST_PATHS_DURING_TWO_FACTOR = new Set(['/login', '/forgot', '/forgot/reset']);

export function decideAccess(pathname: string, access: RouteAccess, session: SessionState): AccessDecision {
  if (access === 'action') return { kind: 'render', area: 'bare' };
  if (access === 'public') return { kind: 'render', area: 'unauthenticated' };

  if (session.status === 'pendingTwoFactor') {
    if (access === 'twoFactor') return { kind: 'render', area: 'unauthenticated' };
    if (access === 'guest' && GUEST_PATHS_DURING_TWO_FACTOR.has(normalise(pathname))) {
      return { kind: 'render', area: 'unauthenticated' };
    }
    // The user page they wanted is kept, so finishing 2FA lands there.
    return { kind: 'redirect', to: TWO_FACTOR_PATH, rememberIntendedUrl: access === 'user' };
  }

  if (session.status === 'anonymous') {
    if (access === 'guest') return { kind: 'render', area: 'unauthenticated' };
    if (access === 'twoFactor') return { kind: 'redirect', to: LOGIN_PATH, rememberIntendedUrl: false };
    return { kind: 'redirect', to: LOGIN_PATH, rememberIntendedUrl: true };
  }

  if (access === 'guest' || access === 'twoFactor') return { kind: 'redirect', to: HOME_PATH, rememberIntendedUrl: false };
  if (session.planExpired && !isAllowedWhenExpired(pathname)) {
    return { kind: 'redirect', to: HOME_PATH, rememberIntendedUrl: false };
  }
  return { kind: 'render', area: 'main' };
}

/**
 * Where a redirect decision leads: a user who has just signed in on an auth page (or opened one
 * while signed in) goes to the page they asked for before signing in, else home.
 */
export function redirectTarget(to: string, access: RouteAccess, intendedUrl: string | null): string {
  return to === HOME_PATH && (access === 'guest' || access === 'twoFactor') ? (intendedUrl ?? HOME_PATH) : to;
}

/**
 * `/` (document 1 §2): home when signed in, else login. A Google sign-in returns here; a
 * redirect marked complete-user-registration (query or user-info) leads to /register, and a safe
 * internal `redirect` of a signed-in user is followed.
 */
export function rootRedirectTarget(session: SessionState, marked: string | null): string {
  if (marked === COMPLETE_USER_REGISTRATION) return session.status === 'signedIn' ? HOME_PATH : '/register?from=google';
  if (session.status === 'pendingTwoFactor') return TWO_FACTOR_PATH;
  if (session.status === 'anonymous') return LOGIN_PATH;
  return isSafeInternalPath(marked) && marked !== '/' ? marked : HOME_PATH;
}

function normalise(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * /warm-up/* leaves for the deliverability area's warm-up page, taking a numeric id from the
 * last path segment when there is one (document 1 §2).
 */
export function warmUpRedirectTarget(pathname: string): string {
  const last = normalise(pathname).split('/').pop() ?? '';
  return /^\d+$/.test(last) ? `/deliverability/warm-up/${last}` : '/deliverability/warm-up';
}

/** Only same-site paths are ever restored or followed (no open redirect through `?redirect=`). */
export function isSafeInternalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
