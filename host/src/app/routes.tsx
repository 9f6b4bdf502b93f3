import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@leadforge/ui';
import { remoteRouteObjects } from '../federation/remote-route-objects';
import { ContinueFreeTrialAction } from '../pages/actions/continue-free-trial-action';
import { LangChangeAction } from '../pages/actions/lang-change-action';
import { LeaveTeamAction } from '../pages/actions/leave-team-action';
import { LogoutAction } from '../pages/actions/logout-action';
import { RedirectHandler, type RedirectHandlerKind } from '../pages/actions/redirect-handler';
import { RootRedirect } from '../pages/actions/root-redirect';
import { ServerErrorPage } from '../pages/errors/server-error-page';
import { TeamCheckCodeAction } from '../pages/actions/team-check-code-action';
import { ForgotPage } from '../pages/auth/forgot-page';
import { LoginPage } from '../pages/auth/login-page';
import { RegisterPage } from '../pages/auth/register-page';
import { ResetPage } from '../pages/auth/reset-page';
import { TwoFactorPage } from '../pages/auth/two-factor-page';
import type { ShellRouteHandle } from './route-handle';
import { warmUpRedirectTarget } from './route-access';
import { RouteErrorBoundary } from './route-error-boundary';
import { ShellRoot } from './shell-root';

/**
 * A shell page loaded with its route: the signed-in pages (and the pro-components they use) stay
 * out of the first paint of the sign-in pages, and each other.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const user = (titleKey: string): ShellRouteHandle => ({ access: 'user', titleKey });
const guest = (titleKey: string): ShellRouteHandle => ({ access: 'guest', titleKey });
const action = (titleKey?: string): ShellRouteHandle => ({ access: 'action', ...(titleKey ? { titleKey } : {}) });

function WarmUpRedirect() {
  const { pathname } = useLocation();
  return <Navigate to={warmUpRedirectTarget(pathname)} replace />;
}

/** OAuth and e-mail link returns of document 1 §2: each finishes and moves on (redirect-handler). */
const REDIRECT_HANDLERS: Array<{ path: string; kind: RedirectHandlerKind }> = [
  { path: '/adminAuth/*', kind: 'session' },
  { path: '/register/confirm/*', kind: 'session' },
  { path: '/gmail-change', kind: 'emailAccounts' },
  { path: '/microsoft/oauth/response', kind: 'emailAccounts' },
  { path: '/makeGoogleEmailAuth', kind: 'emailAccounts' },
  { path: '/gmail-auth', kind: 'emailAccounts' },
  { path: '/gmail/newSheet', kind: 'sheetsExport' },
  { path: '/gmail/reExport', kind: 'sheetsExport' },
];

/** Every route of the shell (route-map.md): shell pages, actions, redirects and the remotes' prefixes. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <ShellRoot />,
      errorElement: <RouteErrorBoundary />,
      // A first load straight into an area waits for its remote (and a shell page for its chunk).
      hydrateFallbackElement: <LoadingState fullscreen />,
      children: [
        { path: '/', element: <RootRedirect />, handle: action() },
        // Auth group: logged-out users only.
        { path: '/login', element: <LoginPage />, handle: guest('shell:routes.login') },
        { path: '/register', element: <RegisterPage />, handle: guest('shell:routes.register') },
        {
          path: '/2fa/login',
          element: <TwoFactorPage />,
          handle: { access: 'twoFactor', titleKey: 'shell:routes.twoFactorLogin' },
        },
        { path: '/forgot', element: <ForgotPage />, handle: guest('shell:routes.forgot') },
        { path: '/forgot/reset', element: <ResetPage />, handle: guest('shell:routes.forgotReset') },
        // Shell pages of the signed-in area.
        { path: '/home', lazy: page(() => import('../pages/home/home-page'), 'HomePage'), handle: user('shell:routes.home') },
        {
          path: '/rewards',
          lazy: page(() => import('../pages/rewards/rewards-page'), 'RewardsPage'),
          handle: user('shell:routes.rewards'),
        },
        {
          path: '/request-feature',
          lazy: page(() => import('../pages/request-feature/request-feature-page'), 'RequestFeaturePage'),
          handle: user('shell:routes.requestFeature'),
        },
        {
          path: '/ui-components',
          lazy: page(() => import('../pages/ui-components/ui-components-page'), 'UiComponentsPage'),
          handle: user('shell:routes.uiComponents'),
        },
        {
          path: '/account/profile',
          lazy: page(() => import('../pages/account/account-profile-page'), 'AccountProfilePage'),
          handle: user('shell:routes.accountProfile'),
        },
        {
          path: '/account/team',
          lazy: page(() => import('../pages/account/account-team-page'), 'AccountTeamPage'),
          handle: user('shell:routes.accountTeam'),
        },
        { path: '/error/500', element: <ServerErrorPage />, handle: { access: 'public', titleKey: 'shell:routes.error500' } },
        // Action routes: they act and move on.
        { path: '/team/check-code/:code', element: <TeamCheckCodeAction />, handle: action('shell:routes.teamCheckCode') },
        { path: '/team/leave-team', element: <LeaveTeamAction />, handle: user('shell:routes.teamLeave') },
        { path: '/team-info', element: <Navigate to="/account/team" replace />, handle: action() },
        { path: '/continue-free-trial', element: <ContinueFreeTrialAction />, handle: user('shell:routes.continueFreeTrial') },
        { path: '/logout', element: <LogoutAction />, handle: action('shell:routes.logout') },
        { path: '/lang-change/:lang?', element: <LangChangeAction />, handle: action() },
        ...REDIRECT_HANDLERS.map(({ path, kind }) => ({
          path,
          element: <RedirectHandler kind={kind} />,
          handle: action('shell:redirecting'),
        })),
        // Old addresses that moved.
        { path: '/social-url', element: <Navigate to="/linkedin-search" replace />, handle: action() },
        { path: '/company-profile-search', element: <Navigate to="/prospects/companies/search" replace />, handle: action() },
        { path: '/warm-up/*', element: <WarmUpRedirect />, handle: action() },
        ...remoteRouteObjects(),
        { path: '*', element: <Navigate to="/" replace />, handle: action() },
      ],
    },
  ];
}
