import { createContext, useContext, useSyncExternalStore } from 'react';

/** What the frame tells the menu: whether it lives in a drawer (phone width) and how to close it. */
export type ShellFrame = { phone: boolean; menuOpen: boolean; setMenuOpen: (open: boolean) => void };

export const ShellFrameContext = createContext<ShellFrame>({ phone: false, menuOpen: false, setMenuOpen: () => undefined });

export function useShellFrame(): ShellFrame {
  return useContext(ShellFrameContext);
}

/** Below antd's `md` breakpoint (768 px). */
const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Phone width: the sidebar becomes a drawer and the header compacts. Read from the media query on
 * the first render, so a phone never paints the wide frame first.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
