import { renderHook } from '@testing-library/react';
import { useWarmSharedLibraries } from './use-warm-shared';

describe('useWarmSharedLibraries', () => {
  const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
  afterEach(() => {
    window.requestIdleCallback = original.request;
    window.cancelIdleCallback = original.cancel;
  });

  it('waits for an idle moment after the shell has rendered, and gives it up when the shell goes', () => {
    const requested: Array<{ timeout?: number }> = [];
    const cancelled: number[] = [];
    window.requestIdleCallback = ((_callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      requested.push({ timeout: options?.timeout });
      return 7;
    }) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (handle: number) => cancelled.push(handle);
    const { unmount } = renderHook(() => useWarmSharedLibraries());
    expect(requested).toEqual([{ timeout: 2_000 }]);
    expect(cancelled).toEqual([]);
    unmount();
    expect(cancelled).toEqual([7]);
  });
});
