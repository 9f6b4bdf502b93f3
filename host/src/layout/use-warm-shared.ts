import { useEffect } from 'react';

/** How long after the signed-in shell has painted the warm-up may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Once the signed-in shell is on screen and the browser is idle, fetch and evaluate the shared
 * pro-components (ProTable, ProForm), which every area's screens use but the shell's first paint
 * does not. Otherwise the first area a user opens pays ~110 ms of evaluation on its route change.
 * No remote is loaded here: each is still fetched on the first visit of one of its routes.
 */
export function useWarmSharedLibraries() {
  useEffect(() => {
    const warm = () => {
      // A failure here is not the user's concern: the area that needs the library loads it again.
      import('@ant-design/pro-components').catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(warm, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(warm, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
