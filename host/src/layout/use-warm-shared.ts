import { useEffect } from 'react';
import { findRemoteForPath, warmShared } from '@leadforge/federation';

/**
 * How long after the page's `load` event the warm-up waits before it runs unasked. Long enough
 * that the signed-in page has finished loading, rendering and fetching its data (a page is only
 * taken as interactive after five quiet seconds), so the warm-up never competes with it.
 */
export const WARM_UP_AFTER_LOAD_MS = 10_000;
/** How long the warm-up may then wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Whether a pointer over, or focus on, this element announces a visit to an area: the main menu,
 * or a link into a remote's pages.
 */
export function announcesAreaVisit(target: EventTarget | null, origin = window.location.origin): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[role="menu"]')) return true;
  const href = target.closest('a[href]')?.getAttribute('href');
  if (!href) return false;
  const url = new URL(href, origin);
  return url.origin === origin && findRemoteForPath(url.pathname) !== null;
}

function afterLoad(callback: () => void): () => void {
  if (document.readyState === 'complete') {
    callback();
    return () => undefined;
  }
  window.addEventListener('load', callback, { once: true });
  return () => window.removeEventListener('load', callback);
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 0);
  return () => window.clearTimeout(timer);
}

/**
 * Fetches and evaluates the shared copies the host provides to the areas but did not need itself:
 * antd and our packages whole (its own code uses them tree-shaken, see `HOST_TREE_SHAKEN` in the
 * build configuration) and pro-components. Otherwise the first area a user opens pays for them on
 * its route change (about a quarter of a second on the project machine).
 * Not while the page loads: they are some 400 KB that would compete with the page's own requests
 * and rendering. They start when the user reaches for an area (pointer or focus on the menu or on
 * a link into an area), or on their own once the page has long finished loading.
 * No remote is loaded here: each is still fetched on the first visit of one of its routes.
 */
export function useWarmSharedLibraries(warmLibraries: () => Promise<void> = warmShared) {
  useEffect(() => {
    const cleanups: Array<() => void> = [];
    let started = false;
    const stop = () => {
      document.removeEventListener('pointerover', handleIntent);
      document.removeEventListener('focusin', handleIntent);
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
    const warm = () => {
      if (started) return;
      started = true;
      stop();
      // A failure here is not the user's concern: the area that needs the library loads it again.
      warmLibraries().catch(() => undefined);
    };
    function handleIntent(event: Event) {
      if (announcesAreaVisit(event.target)) warm();
    }

    document.addEventListener('pointerover', handleIntent, { passive: true });
    document.addEventListener('focusin', handleIntent);
    cleanups.push(
      afterLoad(() => {
        const timer = window.setTimeout(() => cleanups.push(whenIdle(warm)), WARM_UP_AFTER_LOAD_MS);
        cleanups.push(() => window.clearTimeout(timer));
      }),
    );
    return stop;
  }, [warmLibraries]);
}
