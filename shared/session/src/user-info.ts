import { useEffect } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getDefaultStore, useSetAtom, type Store } from 'jotai';
import {
  browserSessionStorage,
  callApi as defaultCallApi,
  reloadPage,
  type CallApi,
  type KeyValueStorage,
} from '@leadforge/api-client';
import { userInfo as userInfoRoute, type UserInfo } from '@leadforge/contracts';
import { syncLocaleWithUser } from '@leadforge/i18n';
import { userInfoAtom } from './atoms';

/** All session queries sit under this key; invalidating it refetches user-info. */
export const sessionKeys = {
  all: ['session'] as const,
  userInfo: ['session', 'userInfo'] as const,
};

/** sessionStorage flag of document 1 §4: "if two-factor is needed, the session flags it and the page reloads". */
export const TWO_FACTOR_PENDING_KEY = 'lf_2fa_pending';

export interface UserInfoDependencies {
  callApi?: CallApi;
  storage?: KeyValueStorage | null;
  reload?: () => void;
  store?: Store;
}

/** Whether this tab is waiting for the second factor (set at start-up, cleared once it is done). */
export function isTwoFactorPending(storage: KeyValueStorage | null = browserSessionStorage()): boolean {
  return storage?.getItem(TWO_FACTOR_PENDING_KEY) === '1';
}

/**
 * Start-up rule for 2FA: flag the session and reload once. The flag itself is the loop guard: with
 * it already set, no further reload happens; it is cleared as soon as 2FA is no longer pending.
 * Without storage nothing is flagged and nothing reloads.
 */
export function applyTwoFactorRule(
  info: UserInfo,
  storage: KeyValueStorage | null = browserSessionStorage(),
  reload: () => void = reloadPage,
): 'reloaded' | 'flagged' | 'clear' {
  if (!info.twoFactorAuth.isNeedAuth) {
    storage?.removeItem(TWO_FACTOR_PENDING_KEY);
    return 'clear';
  }
  if (!storage || storage.getItem(TWO_FACTOR_PENDING_KEY) === '1') return 'flagged';
  storage.setItem(TWO_FACTOR_PENDING_KEY, '1');
  reload();
  return 'reloaded';
}

/** Puts a user-info answer where the app reads it: the atom, and the interface language. */
export async function publishUserInfo(info: UserInfo, store: Store = getDefaultStore()): Promise<void> {
  store.set(userInfoAtom, info);
  try {
    await syncLocaleWithUser(info);
  } catch (error) {
    // A language file that fails to load must not block the start-up; the current language stays.
    console.warn('[session] could not apply the account language', error);
  }
}

/** The start-up call: GET /user-info, 401 → one reload (guarded), 2FA pending → flag + one reload. */
export async function fetchUserInfo(signal: AbortSignal | undefined, deps: UserInfoDependencies = {}): Promise<UserInfo> {
  const call = deps.callApi ?? defaultCallApi;
  const info = await call(userInfoRoute, undefined, { signal, reloadOnUnauthorized: true });
  applyTwoFactorRule(info, deps.storage === undefined ? browserSessionStorage() : deps.storage, deps.reload ?? reloadPage);
  await publishUserInfo(info, deps.store);
  return info;
}

export function createUserInfoQueryOptions(deps: UserInfoDependencies = {}) {
  return queryOptions({
    queryKey: sessionKeys.userInfo,
    queryFn: ({ signal }) => fetchUserInfo(signal, deps),
    // Changes arrive as pushes (account.changed, team.transfer) which invalidate it.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `useQuery(userInfoQueryOptions)` / `queryClient.fetchQuery(userInfoQueryOptions)` in the host's start-up. */
export const userInfoQueryOptions = createUserInfoQueryOptions();

/**
 * After a call that answers with a fresh user-info (login, 2FA verify, register, team accept/leave,
 * profile update): put it in the cache and the atom without another request.
 */
export async function applyUserInfo(queryClient: QueryClient, info: UserInfo, store?: Store): Promise<void> {
  applyTwoFactorRule(info, browserSessionStorage(), () => undefined);
  queryClient.setQueryData(sessionKeys.userInfo, info);
  await publishUserInfo(info, store);
}

/** The user-info query; keeps `userInfoAtom` in step even under a scoped jotai Provider. */
export function useUserInfo() {
  const query = useQuery(userInfoQueryOptions);
  const setUserInfo = useSetAtom(userInfoAtom);
  useEffect(() => {
    if (query.data) setUserInfo(query.data);
  }, [query.data, setUserInfo]);
  return query;
}
