import { EventEmitter } from 'node:events';
import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { PUSH_EVENT_NAME, type PushEventOf } from '@leadforge/contracts';
import {
  connectRealtime,
  disconnectRealtime,
  realtimeStatusAtom,
  subscribePush,
  usePushEvent,
  type RealtimeSocket,
} from './realtime';

/** A stand-in for the socket.io-client Socket: same members, driven by the test. */
class FakeSocket extends EventEmitter implements RealtimeSocket {
  active = true;
  connectCalls = 0;
  disconnectCalls = 0;
  connect() {
    this.connectCalls += 1;
    return this;
  }
  disconnect() {
    this.disconnectCalls += 1;
    this.active = false;
    return this;
  }
  /** What the server would send. */
  serverSends(event: string, ...args: unknown[]) {
    this.emit(event, ...args);
  }
}

const unread = { type: 'unibox.unread', payload: { unreadMessages: 4 } } as const;
const localeChanged = { type: 'account.changed', payload: { what: 'locale' } } as const;

afterEach(() => {
  disconnectRealtime();
  jest.restoreAllMocks();
});

describe('the realtime channel', () => {
  it('reports connecting, online, reconnecting and offline in the status atom', () => {
    const socket = new FakeSocket();
    const store = createStore();
    const connection = connectRealtime({ socket, store });
    expect(socket.connectCalls).toBe(1);
    expect(store.get(realtimeStatusAtom)).toBe('connecting');

    socket.serverSends('connect');
    expect(store.get(realtimeStatusAtom)).toBe('online');
    expect(connection.status).toBe('online');

    socket.serverSends('disconnect', 'transport close');
    expect(store.get(realtimeStatusAtom)).toBe('connecting');

    socket.serverSends('connect');
    socket.serverSends('disconnect', 'io server disconnect');
    expect(store.get(realtimeStatusAtom)).toBe('offline');

    connection.reconnect();
    expect(socket.connectCalls).toBe(2);
    expect(store.get(realtimeStatusAtom)).toBe('connecting');
  });

  it('goes offline when the server refuses the handshake', () => {
    const socket = new FakeSocket();
    const store = createStore();
    connectRealtime({ socket, store });
    socket.active = false;
    socket.serverSends('connect_error', new Error('unauthorized'));
    expect(store.get(realtimeStatusAtom)).toBe('offline');
  });

  it('delivers parsed pushes to the subscribers of their type only', () => {
    const socket = new FakeSocket();
    connectRealtime({ socket, store: createStore() });
    const unreadEvents: PushEventOf<'unibox.unread'>[] = [];
    const accountEvents: PushEventOf<'account.changed'>[] = [];
    const stopUnread = subscribePush('unibox.unread', (event) => unreadEvents.push(event));
    const stopAccount = subscribePush('account.changed', (event) => accountEvents.push(event));

    socket.serverSends(PUSH_EVENT_NAME, unread);
    socket.serverSends(PUSH_EVENT_NAME, localeChanged);
    expect(unreadEvents).toEqual([unread]);
    expect(accountEvents).toEqual([localeChanged]);

    stopUnread();
    socket.serverSends(PUSH_EVENT_NAME, unread);
    expect(unreadEvents).toHaveLength(1);
    stopAccount();
  });

  it('drops pushes that do not match the contracts union with a console warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = new FakeSocket();
    connectRealtime({ socket, store: createStore() });
    const received: unknown[] = [];
    const stop = subscribePush('unibox.unread', (event) => received.push(event));

    socket.serverSends(PUSH_EVENT_NAME, { type: 'unibox.unread', payload: { unreadMessages: -1 } });
    socket.serverSends(PUSH_EVENT_NAME, { type: 'no.such.event', payload: {} });
    socket.serverSends(PUSH_EVENT_NAME, 'not an object');
    expect(received).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    stop();
  });

  it('keeps delivering to other listeners when one throws', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = new FakeSocket();
    connectRealtime({ socket, store: createStore() });
    const received: unknown[] = [];
    const stopBroken = subscribePush('unibox.unread', () => {
      throw new Error('remote bug');
    });
    const stopGood = subscribePush('unibox.unread', (event) => received.push(event));
    socket.serverSends(PUSH_EVENT_NAME, unread);
    expect(received).toEqual([unread]);
    stopBroken();
    stopGood();
  });

  it('reuses the open connection and stops listening once closed', () => {
    const socket = new FakeSocket();
    const store = createStore();
    const connection = connectRealtime({ socket, store });
    expect(connectRealtime()).toBe(connection);
    connection.close();
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.listenerCount(PUSH_EVENT_NAME)).toBe(0);
    expect(socket.listenerCount('connect')).toBe(0);
    expect(store.get(realtimeStatusAtom)).toBe('offline');
  });
});

describe('usePushEvent', () => {
  it('calls the latest handler while mounted and unsubscribes on unmount', () => {
    const socket = new FakeSocket();
    connectRealtime({ socket, store: createStore() });
    const first: number[] = [];
    const second: number[] = [];
    const { rerender, unmount } = renderHook(
      ({ sink }: { sink: number[] }) => usePushEvent('unibox.unread', (event) => sink.push(event.payload.unreadMessages)),
      { initialProps: { sink: first } },
    );
    act(() => socket.serverSends(PUSH_EVENT_NAME, unread));
    rerender({ sink: second });
    act(() => socket.serverSends(PUSH_EVENT_NAME, { type: 'unibox.unread', payload: { unreadMessages: 9 } }));
    unmount();
    act(() => socket.serverSends(PUSH_EVENT_NAME, unread));
    expect(first).toEqual([4]);
    expect(second).toEqual([9]);
  });
});
