import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { rootRedirectTarget } from '../../app/route-access';
import { userInfoQueryOptions } from '../../app/session-bridge';
import { sessionStateOf } from '../../app/session-state';

/** `/`: picks the page for the session (see `rootRedirectTarget`). */
export function RootRedirect() {
  const [searchParams] = useSearchParams();
  const { data: userInfo } = useQuery(userInfoQueryOptions);
  const marked = searchParams.get('redirect') ?? userInfo?.redirect ?? null;
  return <Navigate to={rootRedirectTarget(sessionStateOf(userInfo), marked)} replace />;
}
