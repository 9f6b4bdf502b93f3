import { browserLocalStorage, browserSessionStorage, type KeyValueStorage } from '@leadforge/api-client';

export const INTENDED_URL_KEY = 'lf_intended_url';
export const TEAM_JOIN_CODE_KEY = 'lf_team_join_code';

/** Pages that must never be restored after login: they are the login flow itself or one-shot actions. */
const NEVER_STORED = [
  '/login',
  '/register',
  '/2fa/login',
  '/forgot',
  '/logout',
  '/lang-change',
  '/team/check-code',
  '/error/500',
];

/**
 * Only a path of this site: starts with one slash (not `//host`, not `/\host`), no scheme, and
 * not the root or an auth page. What is stored is later navigated to, so this is also what keeps
 * it from becoming an open redirect.
 */
export function isRestorableUrl(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return false;
  const path = (url.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  if (!path) return false;
  return !NEVER_STORED.some((page) => path === page || path.startsWith(`${page}/`));
}

/** Remembers where an anonymous visitor wanted to go, to return there after signing in. */
export function storeIntendedUrl(url: string, storage: KeyValueStorage | null = browserSessionStorage()): boolean {
  if (!storage || !isRestorableUrl(url)) return false;
  storage.setItem(INTENDED_URL_KEY, url);
  return true;
}

/** The remembered URL, removed so it is used once; null when there is none (go to /). */
export function takeIntendedUrl(storage: KeyValueStorage | null = browserSessionStorage()): string | null {
  if (!storage) return null;
  const url = storage.getItem(INTENDED_URL_KEY);
  storage.removeItem(INTENDED_URL_KEY);
  return url && isRestorableUrl(url) ? url : null;
}

export function peekIntendedUrl(storage: KeyValueStorage | null = browserSessionStorage()): string | null {
  const url = storage?.getItem(INTENDED_URL_KEY) ?? null;
  return url && isRestorableUrl(url) ? url : null;
}

/** Same bounds as the API's team code (`POST /team/check-code`). */
const TEAM_CODE = /^[A-Za-z0-9_-]{4,64}$/;

/**
 * `/team/check-code/:code` keeps the code in localStorage (it must survive registering in another
 * tab or after e-mail confirmation) and goes to /; the shell offers to join once signed in.
 */
export function storeTeamJoinCode(code: string, storage: KeyValueStorage | null = browserLocalStorage()): boolean {
  const trimmed = code.trim();
  if (!storage || !TEAM_CODE.test(trimmed)) return false;
  storage.setItem(TEAM_JOIN_CODE_KEY, trimmed);
  return true;
}

export function peekTeamJoinCode(storage: KeyValueStorage | null = browserLocalStorage()): string | null {
  const code = storage?.getItem(TEAM_JOIN_CODE_KEY) ?? null;
  return code && TEAM_CODE.test(code) ? code : null;
}

export function takeTeamJoinCode(storage: KeyValueStorage | null = browserLocalStorage()): string | null {
  const code = peekTeamJoinCode(storage);
  storage?.removeItem(TEAM_JOIN_CODE_KEY);
  return code;
}

/** The same helpers as one object, the name interfaces.md uses. */
export const intendedUrl = { store: storeIntendedUrl, take: takeIntendedUrl, peek: peekIntendedUrl } as const;
