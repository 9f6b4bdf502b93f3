import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { WARM_UP_AFTER_LOAD_MS, announcesAreaVisit, useWarmSharedLibraries } from './use-warm-shared';

describe('announcesAreaVisit', () => {
  function element(html: string, selector: string): Element {
    const host = document.createElement('div');
    host.innerHTML = html;
    return host.querySelector(selector)!;
  }

  it('takes the main menu and links into an area as a visit on its way', () => {
    expect(announcesAreaVisit(element('<ul role="menu"><li><span>Finder</span></li></ul>', 'span'))).toBe(true);
    expect(announcesAreaVisit(element('<a href="/domain-search"><b>Domain search</b></a>', 'b'))).toBe(true);
    expect(announcesAreaVisit(element('<a href="/prospects/all?page=2">All</a>', 'a'))).toBe(true);
  });

  it('ignores shell pages, other sites and everything else', () => {
    expect(announcesAreaVisit(element('<a href="/account/profile">Profile</a>', 'a'))).toBe(false);
    expect(announcesAreaVisit(element('<a href="https://example.com/domain-search">Elsewhere</a>', 'a'))).toBe(false);
    expect(announcesAreaVisit(element('<p>Welcome</p>', 'p'))).toBe(false);
    expect(announcesAreaVisit(null)).toBe(false);
  });
});

describe('useWarmSharedLibraries', () => {
  const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback };
  let idle: Array<() => void>;

  beforeEach(() => {
    jest.useFakeTimers();
    idle = [];
    window.requestIdleCallback = ((callback: IdleRequestCallback) => idle.push(() => callback({} as IdleDeadline))) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = () => undefined;
  });
  afterEach(() => {
    jest.useRealTimers();
    window.requestIdleCallback = original.request;
    window.cancelIdleCallback = original.cancel;
  });

  it('leaves the loading page alone and warms once it has long been loaded and the browser is idle', () => {
    const warm = jest.fn(async () => undefined);
    renderHook(() => useWarmSharedLibraries(warm));
    act(() => jest.advanceTimersByTime(WARM_UP_AFTER_LOAD_MS - 1));
    expect(idle).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    expect(warm).not.toHaveBeenCalled();
    act(() => idle.forEach((run) => run()));
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('warms at once when the pointer reaches for an area, and only once', () => {
    const warm = jest.fn(async () => undefined);
    const view = render(
      <nav>
        <a href="/account/profile">Profile</a>
        <a href="/domain-search">Domain search</a>
      </nav>,
    );
    renderHook(() => useWarmSharedLibraries(warm));
    fireEvent.pointerOver(view.getByText('Profile'));
    expect(warm).not.toHaveBeenCalled();
    fireEvent.pointerOver(view.getByText('Domain search'));
    expect(warm).toHaveBeenCalledTimes(1);
    fireEvent.focusIn(view.getByText('Domain search'));
    act(() => jest.advanceTimersByTime(WARM_UP_AFTER_LOAD_MS));
    act(() => idle.forEach((run) => run()));
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('gives the warm-up up when the shell goes', () => {
    const warm = jest.fn(async () => undefined);
    const { unmount } = renderHook(() => useWarmSharedLibraries(warm));
    unmount();
    act(() => jest.advanceTimersByTime(WARM_UP_AFTER_LOAD_MS));
    act(() => idle.forEach((run) => run()));
    expect(warm).not.toHaveBeenCalled();
  });
});
