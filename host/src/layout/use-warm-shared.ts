import { useEffect } from 'react';
import { warmShared } from '@leadforge/federation';

/** How long after the signed-in shell has painted the warm-up may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Once the signed-in shell is on screen and the browser is idle, fetch and evaluate the shared
 * copies the host provides to the areas but did not need itself: antd and our packages whole
 * (its own code uses them tree-shaken, see `HOST_TREE_SHAKEN` in the build configuration) and
 * pro-components. Otherwise the first area a user opens pays for them on its route change (about
 * a quarter of a second on this machine).
 * No remote is loaded here: each is still fetched on the first visit of one of its routes.
 */
export function useWarmSharedLibraries() {
  useEffect(() => {
    const warm = () => {
      // A failure here is not the user's concern: the area that needs the library loads it again.
      warmShared().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(warm, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
