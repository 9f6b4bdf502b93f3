import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { isApiError } from '@leadforge/api-client';
import { ErrorState, LoadingState, formatDocumentTitle } from '@leadforge/ui';
import { AuthLayout } from '../layout/auth-layout';
import { MainLayout } from '../layout/main-layout';
import { HOME_PATH, decideAccess } from './route-access';
import { currentHandle } from './route-handle';
import { sessionStateOf } from './session-state';
import { clearIntendedUrl, peekIntendedUrl, storeIntendedUrl, userInfoQueryOptions } from './session-bridge';

/**
 * The root of every route: loads the session, applies the guards and draws the right frame
 * (unauthenticated area, main area with the menu, or nothing for action routes).
 */
export function ShellRoot() {
  const { t } = useTranslation();
  const location = useLocation();
  const handle = currentHandle(useMatches());
  const userInfoQuery = useQuery(userInfoQueryOptions);

  const title = handle.titleKey ? t(handle.titleKey) : null;
  useEffect(() => {
    if (!handle.titleFromRemote) document.title = formatDocumentTitle(title);
  }, [handle.titleFromRemote, title]);

  // A 401 that did not reload (the guard already reloaded once) means the session is gone:
  // the visitor is anonymous, which keeps the app usable instead of looping.
  const sessionGone = isApiError(userInfoQuery.error) && userInfoQuery.error.status === 401;
  const decision = decideAccess(location.pathname, handle.access, sessionStateOf(sessionGone ? null : userInfoQuery.data));

  useEffect(() => {
    if (decision.kind === 'redirect' && decision.rememberIntendedUrl) {
      storeIntendedUrl(`${location.pathname}${location.search}${location.hash}`);
    }
    // Arrived in the signed-in area: the remembered page has served its purpose.
    if (decision.kind === 'render' && decision.area === 'main') clearIntendedUrl();
  }, [decision, location.hash, location.pathname, location.search]);

  // The 2FA start-up rule (flag + one reload) runs inside the session's user-info query.
  if (userInfoQuery.isPending && !sessionGone) return <LoadingState fullscreen />;
  if (userInfoQuery.isError && !sessionGone) {
    return (
      <ErrorState error={userInfoQuery.error} onRetry={() => void userInfoQuery.refetch()} title={t('shell:startup.failedTitle')} />
    );
  }
  if (decision.kind === 'redirect') {
    // Signed in on an auth page (just now, or by opening /login): the remembered page wins over home.
    const to = decision.to === HOME_PATH && (handle.access === 'guest' || handle.access === 'twoFactor') ? (peekIntendedUrl() ?? HOME_PATH) : decision.to;
    return <Navigate to={to} replace />;
  }
  if (decision.area === 'main') {
    return (
      <MainLayout>
        <Outlet />
      </MainLayout>
    );
  }
  if (decision.area === 'unauthenticated') {
    return (
      <AuthLayout>
        <Outlet />
      </AuthLayout>
    );
  }
  return <Outlet />;
}
