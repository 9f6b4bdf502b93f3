/**
 * Where the code of each shell page and of each frame lives: the chunks they load from. One table
 * for the router (each route's `lazy`), the frames and the start-up, which starts the chunks of
 * the page being opened while the environment map and the session are asked for, rather than once
 * the router has been created. Not earlier: alongside the start-up bundle they would slow down the
 * first paint.
 */
export const PAGE_MODULES = {
  '/login': () => import('../pages/auth/login-page'),
  '/register': () => import('../pages/auth/register-page'),
  '/2fa/login': () => import('../pages/auth/two-factor-page'),
  '/forgot': () => import('../pages/auth/forgot-page'),
  '/forgot/reset': () => import('../pages/auth/reset-page'),
  '/error/500': () => import('../pages/errors/server-error-page'),
  '/home': () => import('../pages/home/home-page'),
  '/rewards': () => import('../pages/rewards/rewards-page'),
  '/request-feature': () => import('../pages/request-feature/request-feature-page'),
  '/ui-components': () => import('../pages/ui-components/ui-components-page'),
  '/account/profile': () => import('../pages/account/account-profile-page'),
  '/account/team': () => import('../pages/account/account-team-page'),
} as const;

export const FRAME_MODULES = {
  main: () => import('../layout/main-layout'),
  unauthenticated: () => import('../layout/auth-layout'),
} as const;

function isShellPage(path: string): path is keyof typeof PAGE_MODULES {
  return Object.hasOwn(PAGE_MODULES, path);
}

/**
 * Starts fetching the page a full load opened; the router's `lazy` then finds it on its way. Its
 * frame waits for the session, which decides it (`frameForSession`). Failures are left to the
 * router to report.
 */
export function preloadShellPage(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (isShellPage(path)) PAGE_MODULES[path]().catch(() => undefined);
}
