import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createFrameLoader, frameForSession, type FrameComponent } from './frames';

function MainFrame({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
function AuthFrame({ children }: { children: ReactNode }) {
  return <section>{children}</section>;
}

/** Loaders whose downloads the test finishes by hand. */
function manualLoaders() {
  const downloads: Array<{ area: string; resolve: (frame: FrameComponent) => void; reject: (error: Error) => void }> = [];
  const start = (area: string) => () =>
    new Promise<FrameComponent>((resolve, reject) => {
      downloads.push({ area, resolve, reject });
    });
  return { downloads, loaders: { main: start('main'), unauthenticated: start('unauthenticated') } };
}

describe('frameForSession', () => {
  it('expects the main area for a signed-in session and the sign-in pages for everyone else', () => {
    expect(frameForSession({ status: 'signedIn', planExpired: false })).toBe('main');
    expect(frameForSession({ status: 'anonymous' })).toBe('unauthenticated');
    expect(frameForSession({ status: 'pendingTwoFactor' })).toBe('unauthenticated');
  });
});

describe('useFrame', () => {
  it('has no frame while its chunk loads, then the frame, fetched once', async () => {
    const { downloads, loaders } = manualLoaders();
    const { useFrame } = createFrameLoader(loaders);
    const { result, rerender } = renderHook(({ area }) => useFrame(area), { initialProps: { area: 'main' as const } });
    expect(result.current).toBeUndefined();
    await act(async () => downloads[0]!.resolve(MainFrame));
    expect(result.current).toBe(MainFrame);
    rerender({ area: 'main' });
    expect(downloads).toHaveLength(1);
  });

  it('shows a frame preloaded for the session as soon as it arrives, without fetching it twice', async () => {
    const { downloads, loaders } = manualLoaders();
    const { preloadFrame, useFrame } = createFrameLoader(loaders);
    preloadFrame('unauthenticated');
    const { result } = renderHook(() => useFrame('unauthenticated'));
    await act(async () => downloads[0]!.resolve(AuthFrame));
    expect(result.current).toBe(AuthFrame);
    expect(downloads).toHaveLength(1);
    expect(renderHook(() => useFrame('unauthenticated')).result.current).toBe(AuthFrame);
  });

  it('throws a chunk that failed to the error boundary, and fetches it again on the next attempt', async () => {
    const { downloads, loaders } = manualLoaders();
    const { loadFrame, useFrame } = createFrameLoader(loaders);
    const thrown: unknown[] = [];
    function useCaught() {
      try {
        return useFrame('main');
      } catch (error) {
        thrown.push(error);
        return undefined;
      }
    }
    renderHook(() => useCaught());
    await act(async () => downloads[0]!.reject(new Error('ChunkLoadError')));
    expect(thrown).toEqual([new Error('ChunkLoadError')]);
    const retry = loadFrame('main');
    expect(downloads).toHaveLength(2);
    downloads[1]!.resolve(MainFrame);
    await expect(retry).resolves.toBe(MainFrame);
  });
});
