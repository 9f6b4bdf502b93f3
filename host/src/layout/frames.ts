import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { FRAME_MODULES } from '../app/page-modules';
import type { SessionState, ShellArea } from '../app/route-access';

/** The two frames a page can be drawn in; `bare` pages have none. */
export type FrameArea = Exclude<ShellArea, 'bare'>;
export type FrameComponent = ComponentType<{ children: ReactNode }>;

/**
 * Each frame is its own chunk: the sign-in pages never fetch the menu, header, realtime socket
 * and shared warm-up of the signed-in shell, and the signed-in shell never fetches the sign-in
 * frame. Which one is fetched and drawn follows the session (the guards' decision), so a visitor
 * the guards send elsewhere never downloads the frame of the page they were turned away from.
 */
const FRAME_LOADERS: Record<FrameArea, () => Promise<FrameComponent>> = {
  main: () => FRAME_MODULES.main().then((module) => module.MainLayout),
  unauthenticated: () => FRAME_MODULES.unauthenticated().then((module) => module.AuthLayout),
};

/**
 * The frame a session will most likely be shown in: the guards send a signed-in user to the main
 * area and everyone else to the sign-in pages.
 */
export function frameForSession(session: SessionState): FrameArea {
  return session.status === 'signedIn' ? 'main' : 'unauthenticated';
}

/**
 * Frame loading over a set of loaders: `loadFrame` starts (or joins) a download and forgets a
 * failed one so a retry fetches again; `preloadFrame` fetches ahead of the first render (a failure
 * surfaces when the frame is rendered); `useFrame` is described below.
 */
export function createFrameLoader(loaders: Record<FrameArea, () => Promise<FrameComponent>>) {
  const loaded = new Map<FrameArea, FrameComponent>();
  const pending = new Map<FrameArea, Promise<FrameComponent>>();

  function loadFrame(area: FrameArea): Promise<FrameComponent> {
    const existing = pending.get(area);
    if (existing) return existing;
    const loading = loaders[area]().then(
      (component) => {
        loaded.set(area, component);
        return component;
      },
      (error: unknown) => {
        pending.delete(area);
        throw error;
      },
    );
    pending.set(area, loading);
    return loading;
  }

  function preloadFrame(area: FrameArea): void {
    loadFrame(area).catch(() => undefined);
  }

  /**
   * The frame for `area`, or undefined while its chunk loads (the caller shows its loading
   * state: suspending instead would let React 19 hold the fallback for 300 ms after the chunk
   * arrived). The render that reveals a newly loaded frame is a transition, which React renders
   * in slices instead of one long task. A chunk that cannot load is thrown to the route's error
   * boundary.
   */
  function useFrame(area: FrameArea | null): FrameComponent | undefined {
    const [state, setState] = useState<{ area: FrameArea; error: unknown } | null>(null);
    const [, setArrived] = useState<FrameComponent | null>(null);
    const frame = area ? loaded.get(area) : undefined;

    useEffect(() => {
      // Rendered without its frame: wait for it, even if it arrived between that render and now.
      if (!area || frame) return undefined;
      let current = true;
      loadFrame(area).then(
        (component) => {
          if (current) startTransition(() => setArrived(() => component));
        },
        (error: unknown) => {
          if (current) setState({ area, error });
        },
      );
      return () => {
        current = false;
      };
    }, [area, frame]);

    if (area && !frame && state?.area === area) throw state.error;
    return frame;
  }

  return { loadFrame, preloadFrame, useFrame };
}

export const { loadFrame, preloadFrame, useFrame } = createFrameLoader(FRAME_LOADERS);
