import { useDeferredValue, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { isApiError } from '@leadforge/api-client';
import { ErrorState, LoadingState, formatDocumentTitle } from '@leadforge/ui';
import { frameForSession, preloadFrame, useFrame } from '../layout/frames';
import { decideAccess, redirectTarget } from './route-access';
import { currentHandle } from './route-handle';
import { sessionStateOf } from './session-state';
import { clearIntendedUrl, peekIntendedUrl, storeIntendedUrl, userInfoQueryOptions } from './session-bridge';

/**
 * The root of every route: loads the session, applies the guards and draws the right frame
 * (unauthenticated area, main area with the menu, or nothing for action routes). Each frame is
 * its own chunk (`layout/frames.ts`), fetched for the session the user-info describes.
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
  const session = sessionStateOf(sessionGone ? null : userInfoQuery.data);
  const decision = decideAccess(location.pathname, handle.access, session);
  const frame = useFrame(decision.kind === 'render' && decision.area !== 'bare' ? decision.area : null);
  // The user-info answer reveals the whole frame and page at once, the heaviest render of a load
  // (antd computes its styles as it renders). Deferred, React renders it in slices between which
  // the browser stays responsive, instead of one long task. Only the reveal waits: a session
  // that is loading again hides the page at once.
  const ready = !userInfoQuery.isPending || sessionGone;
  const revealed = useDeferredValue(ready);

  useEffect(() => {
    if (decision.kind === 'redirect' && decision.rememberIntendedUrl) {
      storeIntendedUrl(`${location.pathname}${location.search}${location.hash}`);
    }
    // Arrived in the signed-in area: the remembered page has served its purpose.
    if (decision.kind === 'render' && decision.area === 'main') clearIntendedUrl();
  }, [decision, location.hash, location.pathname, location.search]);

  // A session that changed here (signed in or out on this page) fetches the frame of the page
  // the guards are about to send it to, alongside that page's own chunk.
  const sessionFrame = frameForSession(session);
  useEffect(() => {
    if (!userInfoQuery.isPending) preloadFrame(sessionFrame);
  }, [sessionFrame, userInfoQuery.isPending]);

  // The 2FA start-up rule (flag + one reload) runs inside the session's user-info query.
  if (!ready || !revealed) return <LoadingState fullscreen />;
  if (userInfoQuery.isError && !sessionGone) {
    return (
      <ErrorState error={userInfoQuery.error} onRetry={() => void userInfoQuery.refetch()} title={t('shell:startup.failedTitle')} />
    );
  }
  if (decision.kind === 'redirect') {
    return <Navigate to={redirectTarget(decision.to, handle.access, peekIntendedUrl())} replace />;
  }
  if (decision.area === 'bare') return <Outlet />;
  const Frame = frame;
  if (!Frame) return <LoadingState fullscreen />;
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}
