import { connectBodyOf, connectErrorPlace, initialConnectValues, stepAfter } from './connect-form';

const cookie = { method: 'cookie', proxyKind: 'builtin' } as const;
const credentials = { method: 'credentials', proxyKind: 'custom' } as const;

describe('the connect wizard’s values', () => {
  it('sends the session cookie through a built-in proxy into the chosen slot', () => {
    const values = { ...initialConnectValues('Europe/Kyiv'), sessionCookie: '  AQEDAR-cookie-value  ', countryId: 804 };
    expect(connectBodyOf(values, 12)).toEqual({
      login: { method: 'cookie', sessionCookie: 'AQEDAR-cookie-value' },
      proxy: { kind: 'builtin', countryId: 804 },
      timezone: 'Europe/Kyiv',
      warmUp: true,
      slotId: 12,
    });
  });

  it('sends e-mail and password through the user’s own proxy, without a slot for a new account', () => {
    const values = {
      ...initialConnectValues('UTC'),
      method: 'credentials' as const,
      email: ' ada@example.com ',
      password: 'pw',
      proxyKind: 'custom' as const,
      proxy: { host: ' proxy.example.com ', port: 3128, username: 'u', password: 'p' },
      warmUp: false,
    };
    expect(connectBodyOf(values)).toEqual({
      login: { method: 'credentials', email: 'ada@example.com', password: 'pw' },
      proxy: { kind: 'custom', proxy: { host: 'proxy.example.com', port: 3128, username: 'u', password: 'p' } },
      timezone: 'UTC',
      warmUp: false,
    });
  });

  it('goes on to the code step or to done by the state the network answered with', () => {
    expect(stepAfter({ state: 'active' })).toBe('done');
    expect(stepAfter({ state: 'verification_code' })).toBe('code');
    expect(stepAfter({ state: 'two_factor_code' })).toBe('code');
    expect(stepAfter({ state: 'lost_connection' })).toBeNull();
  });
});

describe('where an error of the connect call belongs', () => {
  it('follows the field the API names', () => {
    expect(connectErrorPlace({ key: 'field_invalid', field: 'login.email' }, credentials)).toEqual({ step: 'login', name: ['email'] });
    expect(connectErrorPlace({ key: 'linkedin_proxy_country_unavailable', field: 'proxy.countryId' }, cookie)).toEqual({ step: 'proxy', name: ['countryId'] });
    expect(connectErrorPlace({ key: 'linkedin_proxy_unreachable', field: 'proxy.proxy.port' }, credentials)).toEqual({ step: 'proxy', name: ['proxy', 'port'] });
    expect(connectErrorPlace({ key: 'field_invalid', field: 'timezone' }, cookie)).toEqual({ step: 'proxy', name: ['timezone'] });
  });

  it('places a refusal without a field by what it is about', () => {
    expect(connectErrorPlace({ key: 'linkedin_session_invalid' }, cookie)).toEqual({ step: 'login', name: ['sessionCookie'] });
    expect(connectErrorPlace({ key: 'linkedin_login_failed' }, credentials)).toEqual({ step: 'login', name: ['password'] });
    expect(connectErrorPlace({ key: 'linkedin_proxy_unreachable' }, credentials)).toEqual({ step: 'proxy', name: ['proxy', 'host'] });
    expect(connectErrorPlace({ key: 'linkedin_proxy_unreachable', field: 'proxy' }, cookie)).toEqual({ step: 'proxy', name: ['countryId'] });
  });

  it('leaves errors of no field to the wizard’s notice', () => {
    expect(connectErrorPlace({ key: 'linkedin_slots_exhausted' }, cookie)).toBeNull();
    expect(connectErrorPlace({ key: 'linkedin_account_exists' }, credentials)).toBeNull();
  });
});
