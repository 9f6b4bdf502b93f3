import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { userInfoQueryOptions } from '../../app/session-bridge';
import { FinishingState } from './finishing-state';

/**
 * - `session`: /adminAuth/*, /register/confirm/*: the server has just changed the session (admin
 *   sign-in, confirmed address); the shell reloads user-info and goes to `/`, which picks the page.
 * - `emailAccounts`: mailbox OAuth returns (/gmail-change, /microsoft/oauth/response,
 *   /makeGoogleEmailAuth, /gmail-auth): the deliverability area's email accounts finish the link
 *   from the query the provider sent.
 * - `sheetsExport`: Google Sheets export returns (/gmail/newSheet, /gmail/reExport): the
 *   prospects area finishes the export.
 */
export type RedirectHandlerKind = 'session' | 'emailAccounts' | 'sheetsExport';

const AREA_TARGET: Record<Exclude<RedirectHandlerKind, 'session'>, string> = {
  emailAccounts: '/account/email-accounts',
  sheetsExport: '/prospects/all',
};

export function RedirectHandler({ kind }: { kind: RedirectHandlerKind }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    // Whatever the return did to the session, the next page must see the fresh user-info.
    void queryClient
      .invalidateQueries({ queryKey: userInfoQueryOptions.queryKey })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  if (!ready) return <FinishingState />;
  if (kind === 'session') return <Navigate to="/" replace />;
  // The provider's query (code, state, error…) travels on, with where it came from.
  const search = new URLSearchParams(location.search);
  search.set('from', location.pathname);
  return <Navigate to={`${AREA_TARGET[kind]}?${search.toString()}`} replace />;
}
