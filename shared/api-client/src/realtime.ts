import { useEffect, useEffectEvent } from 'react';
import { atom, getDefaultStore, useAtomValue, type Store } from 'jotai';
import { io } from 'socket.io-client';
import {
  PUSH_EVENT_NAME,
  pushEventSchema,
  type PushEvent,
  type PushEventOf,
  type PushEventType,
} from '@leadforge/contracts';

export type RealtimeStatus = 'connecting' | 'online' | 'offline';

/** Socket state for the shell's indicator; lives in the shared (default) jotai store. */
export const realtimeStatusAtom = atom<RealtimeStatus>('offline');

/**
 * The part of a socket.io-client Socket we use. A test passes its own object with these members
 * instead of a network socket.
 */
// socket.io types listener arguments per event; `any` is what its own untyped events use.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SocketListener = (...args: any[]) => void;

export interface RealtimeSocket {
  on(event: string, listener: SocketListener): unknown;
  off(event: string, listener?: SocketListener): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /** socket.io-client: whether the socket will keep trying to (re)connect. */
  readonly active?: boolean;
}

export interface ConnectRealtimeOptions {
  /** An already created socket (tests); by default a socket.io-client socket to the same origin. */
  socket?: RealtimeSocket;
  /** Origin of the API when it is not the page's own (standalone remote dev servers). */
  url?: string;
  /** The jotai store holding `realtimeStatusAtom`; the default store the whole app shares. */
  store?: Store;
}

export interface RealtimeConnection {
  readonly status: RealtimeStatus;
  /** Reconnects after the server dropped us on purpose (e.g. after signing in again). */
  reconnect(): void;
  close(): void;
}

type PushHandler = (event: PushEvent) => void;
const handlersByType = new Map<PushEventType, Set<PushHandler>>();

/**
 * Subscribes to one push type; the handler only ever sees events that passed the contracts union.
 * Works before `connectRealtime()` runs, so a remote may subscribe as it mounts.
 */
export function subscribePush<T extends PushEventType>(type: T, handler: (event: PushEventOf<T>) => void): () => void {
  const handlers = handlersByType.get(type) ?? new Set<PushHandler>();
  handlersByType.set(type, handlers);
  const untyped = handler as PushHandler;
  handlers.add(untyped);
  return () => {
    handlers.delete(untyped);
  };
}

/** Validates one incoming message and hands it to the subscribers of its type. */
export function dispatchPush(raw: unknown): PushEvent | null {
  const parsed = pushEventSchema.safeParse(raw);
  if (!parsed.success) {
    console.warn('[realtime] dropped a push that does not match the contracts union', parsed.error.issues, raw);
    return null;
  }
  for (const handler of [...(handlersByType.get(parsed.data.type) ?? [])]) {
    try {
      handler(parsed.data);
    } catch (error) {
      // One broken listener (a remote's bug) must not keep the others from hearing the event.
      console.error(`[realtime] a ${parsed.data.type} listener threw`, error);
    }
  }
  return parsed.data;
}

function createBrowserSocket(url: string | undefined): RealtimeSocket {
  const options = {
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  };
  return (url ? io(url, options) : io(options)) as unknown as RealtimeSocket;
}

let current: (RealtimeConnection & { closed: boolean }) | null = null;

/**
 * Opens the one realtime channel of the page (the host calls it after login). Calling it again
 * returns the open connection; pass `socket` to use a given socket instead.
 */
export function connectRealtime(options: ConnectRealtimeOptions = {}): RealtimeConnection {
  if (current && !current.closed && !options.socket) return current;
  current?.close();

  const store = options.store ?? getDefaultStore();
  const socket = options.socket ?? createBrowserSocket(options.url);
  let status: RealtimeStatus = 'connecting';
  const setStatus = (next: RealtimeStatus) => {
    status = next;
    store.set(realtimeStatusAtom, next);
  };

  const handleConnect = () => setStatus('online');
  const handleDisconnect = (reason: string) => {
    // 'io server disconnect' / 'io client disconnect': nobody will reconnect on their own.
    setStatus(reason === 'io server disconnect' || reason === 'io client disconnect' ? 'offline' : 'connecting');
  };
  // A refused handshake (no valid session) leaves the socket inactive; a network error keeps it
  // retrying with back-off.
  const handleConnectError = () => setStatus(socket.active === false ? 'offline' : 'connecting');
  const handlePush = (raw: unknown) => {
    dispatchPush(raw);
  };

  socket.on('connect', handleConnect);
  socket.on('disconnect', handleDisconnect);
  socket.on('connect_error', handleConnectError);
  socket.on(PUSH_EVENT_NAME, handlePush);
  setStatus('connecting');
  socket.connect();

  const connection = {
    closed: false,
    get status() {
      return status;
    },
    reconnect() {
      if (connection.closed) return;
      setStatus('connecting');
      socket.connect();
    },
    close() {
      if (connection.closed) return;
      connection.closed = true;
      socket.off('connect', handleConnect);
      socket.off('disconnect', handleDisconnect);
      socket.off('connect_error', handleConnectError);
      socket.off(PUSH_EVENT_NAME, handlePush);
      socket.disconnect();
      setStatus('offline');
      if (current === connection) current = null;
    },
  };
  current = connection;
  return connection;
}

/** Closes the page's channel (on logout). */
export function disconnectRealtime(): void {
  current?.close();
}

/** Calls `handler` for every valid push of `type` while the component is mounted. */
export function usePushEvent<T extends PushEventType>(type: T, handler: (event: PushEventOf<T>) => void): void {
  // The latest handler runs without resubscribing on every render.
  const onEvent = useEffectEvent(handler);
  useEffect(() => subscribePush(type, (event) => onEvent(event)), [type]);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useAtomValue(realtimeStatusAtom);
}
