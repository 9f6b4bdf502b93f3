import { useEffect } from 'react';
import { warmShared } from '@leadforge/federation';

/** How long after the signed-in shell has painted the warm-up may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * What the host provides whole to the remotes but does not load for its own first paint: the
 * packages its own code uses tree-shaken (`HOST_TREE_SHAKEN` in the build configuration) and
 * pro-components (ProTable, ProForm), which only the areas' screens use.
 */
const PROVIDED_FOR_REMOTES = [
  'antd',
  '@ant-design/pro-components',
  '@leadforge/contracts',
  '@leadforge/api-client',
  '@leadforge/session',
  '@leadforge/i18n',
  '@leadforge/ui',
  '@leadforge/federation',
] as const;

/**
 * Once the signed-in shell is on screen and the browser is idle, fetch and evaluate the shared
 * copies every area uses (see `PROVIDED_FOR_REMOTES`). Otherwise the first area a user opens pays
 * for them on its route change (about a quarter of a second on this machine).
 * No remote is loaded here: each is still fetched on the first visit of one of its routes.
 */
export function useWarmSharedLibraries() {
  useEffect(() => {
    const warm = () => {
      // A failure here is not the user's concern: the area that needs the library loads it again.
      warmShared(PROVIDED_FOR_REMOTES).catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(warm, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
