/**
 * The few browser facilities the client needs, behind small functions so tests (and a non-browser
 * caller) can pass their own instead of patching globals.
 */

/** The Storage methods we use; window.sessionStorage and window.localStorage fit. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readCookie(name: string, cookieString?: string): string | null {
  const source = cookieString ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of source.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/**
 * sessionStorage may throw (Safari private mode, storage disabled); losing a marker is better
 * than failing the start-up, so such a browser gets no storage.
 */
export function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function browserLocalStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function reloadPage(): void {
  window.location.reload();
}

/** sessionStorage key holding the time of the last reload caused by a 401 on start-up. */
export const UNAUTHORIZED_RELOAD_MARKER = 'lf_reload_after_401';
/** At most one such reload per this many ms, so a server that keeps answering 401 cannot loop. */
export const UNAUTHORIZED_RELOAD_INTERVAL_MS = 30_000;

export interface ReloadGuardOptions {
  storage?: KeyValueStorage | null;
  reload?: () => void;
  now?: () => number;
}

/**
 * Reloads the page unless it was already reloaded for the same reason within the interval.
 * Returns whether a reload was triggered. Without storage (disabled) it never reloads: a loop is
 * worse than a stale screen.
 */
export function reloadOnceWithin(
  marker: string,
  intervalMs: number,
  { storage = browserSessionStorage(), reload = reloadPage, now = Date.now }: ReloadGuardOptions = {},
): boolean {
  if (!storage) return false;
  const last = Number(storage.getItem(marker) ?? '0');
  const current = now();
  if (Number.isFinite(last) && current - last < intervalMs) return false;
  storage.setItem(marker, String(current));
  reload();
  return true;
}
