import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createQueryKeys, routeQueryOptions } from '@leadforge/api-client';
import { signInOptions, type UserInfo } from '@leadforge/contracts';
import { TWO_FACTOR_PATH } from './route-access';
import { applyFreshUserInfo } from './session-bridge';

/**
 * Login, register and 2FA all answer with the new user-info: it becomes the session at once (no
 * second round trip). The guards then move the user on from the auth page — to the page they
 * asked for before signing in, else home — so there is one place that decides where to go.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (userInfo: UserInfo) => {
      void applyFreshUserInfo(queryClient, userInfo);
      if (userInfo.twoFactorAuth.isNeedAuth) navigate(TWO_FACTOR_PATH, { replace: true });
    },
    [navigate, queryClient],
  );
}

export const signInKeys = createQueryKeys('signIn');
/** Which external sign-ins the server offers (Google, the development sandbox, or none). */
export const signInOptionsQuery = { ...routeQueryOptions(signInOptions, {}, signInKeys.scope('options')), staleTime: Infinity };
