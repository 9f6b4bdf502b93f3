import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { COMPLETE_USER_REGISTRATION } from '@leadforge/contracts';
import { HOME_PATH, LOGIN_PATH, TWO_FACTOR_PATH, isSafeInternalPath } from '../../app/route-access';
import { userInfoQueryOptions } from '../../app/session-bridge';
import { sessionStateOf } from '../../app/session-state';

/**
 * `/`: home when signed in, else login (document 1 §2). A Google sign-in returns here; a
 * redirect marked complete-user-registration (query or user-info) leads to /register.
 */
export function RootRedirect() {
  const [searchParams] = useSearchParams();
  const { data: userInfo } = useQuery(userInfoQueryOptions);
  const session = sessionStateOf(userInfo);
  const marked = searchParams.get('redirect') ?? userInfo?.redirect ?? null;

  if (marked === COMPLETE_USER_REGISTRATION) {
    return <Navigate to={session.status === 'signedIn' ? HOME_PATH : '/register?from=google'} replace />;
  }
  if (session.status === 'pendingTwoFactor') return <Navigate to={TWO_FACTOR_PATH} replace />;
  if (session.status === 'anonymous') return <Navigate to={LOGIN_PATH} replace />;
  return <Navigate to={isSafeInternalPath(marked) && marked !== '/' ? marked : HOME_PATH} replace />;
}
