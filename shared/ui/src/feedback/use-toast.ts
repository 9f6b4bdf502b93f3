import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { TOAST_DURATION_MS } from '@leadforge/contracts';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export type ToastOptions = {
  description?: ReactNode;
  /** Replaces an open toast with the same key instead of stacking another one. */
  key?: string;
};

export type ToastApi = Record<ToastKind, (title: ReactNode, options?: ToastOptions) => void> & {
  close: (key: string) => void;
};

/** antd counts notification durations in seconds. */
export const TOAST_DURATION_SECONDS = TOAST_DURATION_MS / 1000;

/**
 * The shell's toast (document 1 §2): shown for 5 seconds and closable by the user.
 * Backed by antd notifications from the nearest `App`, so it follows the theme and language.
 */
export function useToast(): ToastApi {
  const { notification } = App.useApp();
  return useMemo(() => {
    const open = (kind: ToastKind) => (title: ReactNode, options: ToastOptions = {}) => {
      notification[kind]({
        title,
        description: options.description,
        key: options.key,
        duration: TOAST_DURATION_SECONDS,
        closable: true,
        // The 5 s are a promise to the user; hovering must not keep a toast forever.
        pauseOnHover: false,
        placement: 'topRight',
      });
    };
    return {
      success: open('success'),
      error: open('error'),
      info: open('info'),
      warning: open('warning'),
      close: (key: string) => notification.destroy(key),
    };
  }, [notification]);
}
