import {
  isRestorableUrl,
  peekIntendedUrl,
  peekTeamJoinCode,
  storeIntendedUrl,
  storeTeamJoinCode,
  takeIntendedUrl,
  takeTeamJoinCode,
} from './intended-url';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the intended URL', () => {
  it('round-trips through sessionStorage once', () => {
    expect(storeIntendedUrl('/prospects/list/12?page=2#top')).toBe(true);
    expect(peekIntendedUrl()).toBe('/prospects/list/12?page=2#top');
    expect(takeIntendedUrl()).toBe('/prospects/list/12?page=2#top');
    expect(takeIntendedUrl()).toBeNull();
  });

  it('never stores the login flow, one-shot actions or the root', () => {
    for (const url of ['/login', '/register?x=1', '/2fa/login', '/forgot', '/forgot/reset?token=abc', '/logout', '/lang-change/uk', '/team/check-code/AB12', '/', '']) {
      expect(storeIntendedUrl(url)).toBe(false);
    }
    expect(takeIntendedUrl()).toBeNull();
  });

  it('never stores another site', () => {
    for (const url of ['https://evil.test/home', '//evil.test/home', '/\\evil.test', 'javascript:alert(1)']) {
      expect(isRestorableUrl(url)).toBe(false);
    }
    window.sessionStorage.setItem('lf_intended_url', '//evil.test/home');
    expect(takeIntendedUrl()).toBeNull();
  });

  it('does nothing without storage', () => {
    expect(storeIntendedUrl('/home', null)).toBe(false);
    expect(takeIntendedUrl(null)).toBeNull();
  });
});

describe('the team join code', () => {
  it('is kept in localStorage until taken', () => {
    expect(storeTeamJoinCode(' AbC-123_x ')).toBe(true);
    expect(window.localStorage.getItem('lf_team_join_code')).toBe('AbC-123_x');
    expect(peekTeamJoinCode()).toBe('AbC-123_x');
    expect(takeTeamJoinCode()).toBe('AbC-123_x');
    expect(takeTeamJoinCode()).toBeNull();
  });

  it('refuses codes the API would refuse', () => {
    expect(storeTeamJoinCode('ab')).toBe(false);
    expect(storeTeamJoinCode('has space')).toBe(false);
    expect(storeTeamJoinCode('x'.repeat(65))).toBe(false);
    expect(peekTeamJoinCode()).toBeNull();
  });
});
