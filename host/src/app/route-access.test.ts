import { decideAccess, isSafeInternalPath, redirectTarget, rootRedirectTarget, warmUpRedirectTarget, type SessionState } from './route-access';

const anonymous: SessionState = { status: 'anonymous' };
const pending: SessionState = { status: 'pendingTwoFactor' };
const active: SessionState = { status: 'signedIn', planExpired: false };
const expired: SessionState = { status: 'signedIn', planExpired: true };

describe('decideAccess (document 1 §2 shell behaviour)', () => {
  it('keeps login and register for logged-out users', () => {
    expect(decideAccess('/login', 'guest', anonymous)).toEqual({ kind: 'render', area: 'unauthenticated' });
    expect(decideAccess('/register', 'guest', active)).toEqual({ kind: 'redirect', to: '/home', rememberIntendedUrl: false });
  });

  it('sends anonymous visitors of user pages to /login, remembering where they were going', () => {
    expect(decideAccess('/rewards', 'user', anonymous)).toEqual({ kind: 'redirect', to: '/login', rememberIntendedUrl: true });
  });

  it('holds a session waiting for 2FA on /2fa/login', () => {
    expect(decideAccess('/home', 'user', pending)).toEqual({ kind: 'redirect', to: '/2fa/login', rememberIntendedUrl: true });
    expect(decideAccess('/2fa/login', 'twoFactor', pending)).toEqual({ kind: 'render', area: 'unauthenticated' });
    expect(decideAccess('/2fa/login', 'twoFactor', anonymous)).toEqual({ kind: 'redirect', to: '/login', rememberIntendedUrl: false });
  });

  it('restricts an expired plan to the allowed routes', () => {
    expect(decideAccess('/rewards', 'user', expired)).toEqual({ kind: 'redirect', to: '/home', rememberIntendedUrl: false });
    expect(decideAccess('/campaigns/12', 'user', expired)).toMatchObject({ kind: 'redirect', to: '/home' });
    expect(decideAccess('/pricing-plans/charging', 'user', expired)).toEqual({ kind: 'render', area: 'main' });
    expect(decideAccess('/account/profile', 'user', expired)).toEqual({ kind: 'render', area: 'main' });
  });

  it('shows public and action routes to everyone, outside the main area', () => {
    for (const session of [anonymous, pending, active, expired]) {
      expect(decideAccess('/error/500', 'public', session)).toEqual({ kind: 'render', area: 'unauthenticated' });
      expect(decideAccess('/logout', 'action', session)).toEqual({ kind: 'render', area: 'bare' });
    }
  });
});

describe('warm-up redirect', () => {
  it('takes a numeric id from the last segment only', () => {
    expect(warmUpRedirectTarget('/warm-up/123')).toBe('/deliverability/warm-up/123');
    expect(warmUpRedirectTarget('/warm-up/a/b/45/')).toBe('/deliverability/warm-up/45');
    expect(warmUpRedirectTarget('/warm-up/settings')).toBe('/deliverability/warm-up');
    expect(warmUpRedirectTarget('/warm-up')).toBe('/deliverability/warm-up');
  });
});

describe('isSafeInternalPath', () => {
  it('accepts only same-site paths', () => {
    expect(isSafeInternalPath('/home?x=1')).toBe(true);
    expect(isSafeInternalPath('//evil.example/home')).toBe(false);
    expect(isSafeInternalPath('https://evil.example')).toBe(false);
    expect(isSafeInternalPath(null)).toBe(false);
  });
});

describe('redirectTarget', () => {
  it('sends a user who signed in on an auth page to the page asked for before, else home', () => {
    expect(redirectTarget('/home', 'guest', '/request-feature?from=mail')).toBe('/request-feature?from=mail');
    expect(redirectTarget('/home', 'twoFactor', '/account/profile')).toBe('/account/profile');
    expect(redirectTarget('/home', 'guest', null)).toBe('/home');
  });

  it('leaves every other redirect where the guard pointed it', () => {
    expect(redirectTarget('/home', 'user', '/rewards')).toBe('/home');
    expect(redirectTarget('/login', 'user', '/rewards')).toBe('/login');
    expect(redirectTarget('/2fa/login', 'guest', '/rewards')).toBe('/2fa/login');
  });
});

describe('rootRedirectTarget (the root path)', () => {
  it('picks home or login by session, and 2FA for a session waiting for its code', () => {
    expect(rootRedirectTarget(active, null)).toBe('/home');
    expect(rootRedirectTarget(anonymous, null)).toBe('/login');
    expect(rootRedirectTarget(pending, null)).toBe('/2fa/login');
  });

  it('sends a Google sign-in that must complete registration to /register', () => {
    expect(rootRedirectTarget(anonymous, 'complete-user-registration')).toBe('/register?from=google');
    expect(rootRedirectTarget(active, 'complete-user-registration')).toBe('/home');
  });

  it('follows a same-site redirect of a signed-in user only', () => {
    expect(rootRedirectTarget(active, '/account/team')).toBe('/account/team');
    expect(rootRedirectTarget(active, '//evil.example')).toBe('/home');
    expect(rootRedirectTarget(anonymous, '/account/team')).toBe('/login');
  });
});
