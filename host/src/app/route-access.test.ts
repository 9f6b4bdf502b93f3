import { decideAccess, isSafeInternalPath, warmUpRedirectTarget, type SessionState } from './route-access';

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
