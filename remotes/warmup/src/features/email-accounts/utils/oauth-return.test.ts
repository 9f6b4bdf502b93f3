import { clearOAuthReturn, providerOfReturnPath, readOAuthReturn } from './oauth-return';

const params = (query: string) => new URLSearchParams(query);

describe('the OAuth return on the email accounts list', () => {
  it('reads the provider from the return path the host forwarded', () => {
    expect(providerOfReturnPath('/gmail-auth')).toBe('google');
    expect(providerOfReturnPath('/microsoft/oauth/response')).toBe('microsoft');
    expect(providerOfReturnPath('/gmail-change')).toBe('google');
    expect(providerOfReturnPath('/makeGoogleEmailAuth')).toBe('google');
    expect(providerOfReturnPath('/somewhere-else')).toBeNull();
    expect(providerOfReturnPath(null)).toBeNull();
  });

  it('takes a code and state from a known return path', () => {
    expect(readOAuthReturn(params('code=abc&state=s1&scope=mail&from=%2Fgmail-auth'))).toEqual({
      kind: 'code',
      provider: 'google',
      code: 'abc',
      state: 's1',
    });
  });

  it('is nothing on a list opened normally', () => {
    expect(readOAuthReturn(params('page=2&status=paused'))).toBeNull();
    expect(readOAuthReturn(params('code=abc&from=%2Fgmail-auth'))).toBeNull();
  });

  it('turns a provider refusal and an API key into reasons', () => {
    expect(readOAuthReturn(params('error=access_denied&from=%2Fmicrosoft%2Foauth%2Fresponse'))).toEqual({
      kind: 'error',
      reason: { providerError: 'access_denied' },
    });
    expect(readOAuthReturn(params('error=mail_oauth_unavailable'))).toEqual({ kind: 'error', reason: { key: 'mail_oauth_unavailable' } });
  });

  it('refuses a code that came back through no known path', () => {
    expect(readOAuthReturn(params('code=abc&state=s1&from=%2Fother'))).toEqual({ kind: 'error', reason: { key: 'mail_oauth_failed' } });
  });

  it('clears everything the return brought and keeps the table’s own state', () => {
    expect(clearOAuthReturn(params('page=2&q=ada&status=active&code=abc&state=s1&scope=x&from=%2Fgmail-auth'))).toEqual({
      code: undefined,
      state: undefined,
      scope: undefined,
      from: undefined,
    });
  });
});
