import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@leadforge/ui';
import { remoteRouteObjects } from '../federation/remote-route-objects';
import type { RedirectHandlerKind } from '../pages/actions/redirect-handler';
import { RootRedirect } from '../pages/actions/root-redirect';
import { TeamCheckCodeAction } from '../pages/actions/team-check-code-action';
import { PAGE_MODULES } from './page-modules';
import type { ShellRouteHandle } from './route-handle';
import { warmUpRedirectTarget } from './route-access';
import { RouteErrorBoundary } from './route-error-boundary';
import { ShellRoot } from './shell-root';

/**
 * A shell page loaded with its route (React Router's `lazy`, fetched while the router resolves the
 * navigation, so no Suspense fallback is revealed): the first paint carries the router, the guards
 * and the loading state, and each page brings its own code — the sign-in forms stay out of the
 * signed-in shell, the signed-in pages (and the pro-components they use) out of the sign-in pages.
 * Only the root redirect and the one-line actions stay in the first chunk.
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
        { path: '/login', lazy: page(PAGE_MODULES['/login'], 'LoginPage'), handle: guest('shell:routes.login') },
        {
          path: '/register',
          lazy: page(PAGE_MODULES['/register'], 'RegisterPage'),
          handle: guest('shell:routes.register'),
        },
        {
          path: '/2fa/login',
          lazy: page(PAGE_MODULES['/2fa/login'], 'TwoFactorPage'),
          handle: { access: 'twoFactor', titleKey: 'shell:routes.twoFactorLogin' },
        },
        { path: '/forgot', lazy: page(PAGE_MODULES['/forgot'], 'ForgotPage'), handle: guest('shell:routes.forgot') },
        {
          path: '/forgot/reset',
          lazy: page(PAGE_MODULES['/forgot/reset'], 'ResetPage'),
          handle: guest('shell:routes.forgotReset'),
        },
        // Shell pages of the signed-in area.
        { path: '/home', lazy: page(PAGE_MODULES['/home'], 'HomePage'), handle: user('shell:routes.home') },
        {
          path: '/rewards',
          lazy: page(PAGE_MODULES['/rewards'], 'RewardsPage'),
          handle: user('shell:routes.rewards'),
        },
        {
          path: '/request-feature',
          lazy: page(PAGE_MODULES['/request-feature'], 'RequestFeaturePage'),
          handle: user('shell:routes.requestFeature'),
        },
        {
          path: '/ui-components',
          lazy: page(PAGE_MODULES['/ui-components'], 'UiComponentsPage'),
          handle: user('shell:routes.uiComponents'),
        },
        {
          path: '/account/profile',
          lazy: page(PAGE_MODULES['/account/profile'], 'AccountProfilePage'),
          handle: user('shell:routes.accountProfile'),
        },
        {
          path: '/account/team',
          lazy: page(PAGE_MODULES['/account/team'], 'AccountTeamPage'),
          handle: user('shell:routes.accountTeam'),
        },
        {
          path: '/error/500',
          lazy: page(PAGE_MODULES['/error/500'], 'ServerErrorPage'),
          handle: { access: 'public', titleKey: 'shell:routes.error500' },
        },
        // Action routes: they act and move on.
        { path: '/team/check-code/:code', element: <TeamCheckCodeAction />, handle: action('shell:routes.teamCheckCode') },
        {
          path: '/team/leave-team',
          lazy: page(() => import('../pages/actions/leave-team-action'), 'LeaveTeamAction'),
          handle: user('shell:routes.teamLeave'),
        },
        { path: '/team-info', element: <Navigate to="/account/team" replace />, handle: action() },
        {
          path: '/continue-free-trial',
          lazy: page(() => import('../pages/actions/continue-free-trial-action'), 'ContinueFreeTrialAction'),
          handle: user('shell:routes.continueFreeTrial'),
        },
        { path: '/logout', lazy: page(() => import('../pages/actions/logout-action'), 'LogoutAction'), handle: action('shell:routes.logout') },
        { path: '/lang-change/:lang?', lazy: page(() => import('../pages/actions/lang-change-action'), 'LangChangeAction'), handle: action() },
        ...REDIRECT_HANDLERS.map(({ path, kind }) => ({
          path,
          lazy: async () => {
            const { RedirectHandler } = await import('../pages/actions/redirect-handler');
            return { element: <RedirectHandler kind={kind} /> };
          },
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
