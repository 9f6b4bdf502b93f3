import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TWO_FACTOR_PENDING_KEY } from './session-bridge';
import { anonymousUserInfo, installFetchDouble, renderShell, userInfoFixture } from '../test/shell-harness';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('access guards', () => {
  it('sends an anonymous visitor to /login and back to the page asked for after signing in', async () => {
    let signedIn = false;
    const calls = installFetchDouble(
      () => (signedIn ? userInfoFixture() : anonymousUserInfo()),
      (call) => {
        if (call.method === 'POST' && call.path === '/auth/login') {
          signedIn = true;
          return { status: 200, body: userInfoFixture() };
        }
        return undefined;
      },
    );
    const { router } = await renderShell('/request-feature?from=mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/request-feature'));
    expect(router.state.location.search).toBe('?from=mail');
    const login = calls.find((call) => call.path === '/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(login?.headers['x-csrf-token']).toBe('csrf-token-1');
  });

  it('shows an error beside the form when the credentials are wrong', async () => {
    installFetchDouble(anonymousUserInfo, (call) =>
      call.path === '/auth/login'
        ? {
            status: 401,
            body: { errors: [{ key: 'invalid_credentials', title: 'Sign-in failed', description: 'Wrong email or password.' }] },
          }
        : undefined,
    );
    const { router } = await renderShell('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong email or password.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user away from /login and /register to /home', async () => {
    installFetchDouble(() => userInfoFixture());
    const login = await renderShell('/login');
    await waitFor(() => expect(login.router.state.location.pathname).toBe('/home'));
    login.unmount();
    const register = await renderShell('/register');
    await waitFor(() => expect(register.router.state.location.pathname).toBe('/home'));
  });

  it('sends a user whose plan expired to /home, except on the allowed routes', async () => {
    const expired = userInfoFixture({
      pricingPlan: { name: 'ZB', isFreePlan: false, expired: true, willExpireDays: 0, daysUntilExpirationLimits: 0 },
    });
    installFetchDouble(() => expired);
    const rewards = await renderShell('/rewards');
    await waitFor(() => expect(rewards.router.state.location.pathname).toBe('/home'));
    rewards.unmount();
    const profile = await renderShell('/account/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(profile.router.state.location.pathname).toBe('/account/profile');
  });

  it('sends an unknown path to the root, which picks home or login', async () => {
    installFetchDouble(() => userInfoFixture());
    const signedIn = await renderShell('/no/such/page');
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/home'));
    signedIn.unmount();
    installFetchDouble(anonymousUserInfo);
    const anonymous = await renderShell('/no/such/page');
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/login'));
  });

  it('sends a Google sign-in that must complete registration to /register', async () => {
    installFetchDouble(anonymousUserInfo);
    const { router } = await renderShell('/?redirect=complete-user-registration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });
});

describe('redirects', () => {
  it.each([
    ['/social-url', '/linkedin-search'],
    ['/company-profile-search', '/prospects/companies/search'],
    ['/warm-up/123', '/deliverability/warm-up/123'],
    ['/warm-up/campaign/77', '/deliverability/warm-up/77'],
    ['/warm-up', '/deliverability/warm-up'],
    ['/team-info', '/account/team'],
  ])('%s goes to %s', async (from, to) => {
    installFetchDouble(() => userInfoFixture());
    const { router } = await renderShell(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('/forgot/reset without a token goes to /forgot; with one it shows the reset form', async () => {
    installFetchDouble(anonymousUserInfo);
    const without = await renderShell('/forgot/reset');
    await waitFor(() => expect(without.router.state.location.pathname).toBe('/forgot'));
    without.unmount();
    const withToken = await renderShell('/forgot/reset?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(withToken.router.state.location.pathname).toBe('/forgot/reset');
  });

  it('/team/check-code/:code keeps the code and registration sends it along', async () => {
    let registered = false;
    const calls = installFetchDouble(
      () => (registered ? userInfoFixture() : anonymousUserInfo()),
      (call) => {
        if (call.path === '/auth/register') {
          registered = true;
          return { status: 200, body: userInfoFixture() };
        }
        return undefined;
      },
    );
    const joined = await renderShell('/team/check-code/JOIN1234');
    await waitFor(() => expect(joined.router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('lf_team_join_code')).toBe('JOIN1234');
    await joined.router.navigate('/register');

    expect(await screen.findByLabelText('Team invitation code')).toHaveValue('JOIN1234');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));

    await waitFor(() => expect(joined.router.state.location.pathname).toBe('/home'));
    expect(calls.find((call) => call.path === '/auth/register')?.body).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'long enough pw',
      teamCode: 'JOIN1234',
    });
  });
});

describe('two-factor sign-in', () => {
  it('a pending session is kept on /2fa/login until a valid code is sent', async () => {
    // The start-up reload for a pending 2FA already happened in this tab.
    window.sessionStorage.setItem(TWO_FACTOR_PENDING_KEY, '1');
    let verified = false;
    const calls = installFetchDouble(
      () => (verified ? userInfoFixture() : anonymousUserInfo() && { ...anonymousUserInfo(), twoFactorAuth: { isNeedAuth: true } }),
      (call) => {
        if (call.path === '/auth/2fa/verify') {
          verified = true;
          return { status: 200, body: userInfoFixture() };
        }
        return undefined;
      },
    );
    const { router } = await renderShell('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa/login'));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((call) => call.path === '/auth/2fa/verify')?.body).toEqual({ code: '123456' });
  });
});

describe('document titles', () => {
  it.each([
    ['/login', 'Sign in · Leadforge', anonymousUserInfo],
    ['/forgot', 'Restore password · Leadforge', anonymousUserInfo],
    ['/home', 'Home · Leadforge', () => userInfoFixture()],
    ['/error/500', 'Server error · Leadforge', anonymousUserInfo],
  ])('%s is titled "%s"', async (path, title, user) => {
    installFetchDouble(user);
    await renderShell(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
