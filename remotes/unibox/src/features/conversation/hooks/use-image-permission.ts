import { useCallback, useSyncExternalStore } from 'react';
import { browserLocalStorage } from '@leadforge/api-client';

/** Senders whose pictures the user chose to see, kept in this browser only. */
export const SHOW_IMAGES_KEY = 'leadforge.unibox.showImagesFrom';

const listeners = new Set<() => void>();

function read(): string {
  return browserLocalStorage()?.getItem(SHOW_IMAGES_KEY) ?? '[]';
}

function senders(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether remote pictures of `sender`'s messages load, and a way to allow them. Remembered per
 * sender so a newsletter the user trusts shows its pictures next time; every open frame of that
 * sender follows at once.
 */
export function useImagePermission(sender: string): [boolean, () => void] {
  const raw = useSyncExternalStore(subscribe, read, () => '[]');
  const address = sender.trim().toLowerCase();
  const allowed = senders(raw).includes(address);
  const allow = useCallback(() => {
    const current = senders(read());
    if (!current.includes(address)) browserLocalStorage()?.setItem(SHOW_IMAGES_KEY, JSON.stringify([...current, address]));
    for (const listener of [...listeners]) listener();
  }, [address]);
  return [allowed, allow];
}
