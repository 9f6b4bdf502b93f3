/** socket.io-client helpers for the realtime tests: connect with a cookie and await pushes in order. */
import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT_NAME, pushEventSchema, type PushEvent } from '@leadforge/contracts';

export interface TestClient {
  socket: Socket;
  /** Resolves with the next push this client receives (in arrival order). */
  nextPush(timeoutMs?: number): Promise<PushEvent>;
  close(): void;
}

export interface ClientOptions {
  transport?: 'websocket' | 'polling';
  /** More handshake headers (e.g. the Origin a browser page would send). */
  headers?: Record<string, string>;
}

export function openClient(url: string, cookie?: string, options: ClientOptions = {}): Socket {
  const headers = { ...options.headers, ...(cookie ? { cookie } : {}) };
  return io(url, {
    path: '/socket.io',
    transports: [options.transport ?? 'websocket'],
    reconnection: false,
    forceNew: true,
    ...(Object.keys(headers).length > 0 ? { extraHeaders: headers } : {}),
  });
}

export async function connectClient(url: string, cookie: string): Promise<TestClient> {
  const socket = openClient(url, cookie);
  const queue: PushEvent[] = [];
  const waiters: Array<(event: PushEvent) => void> = [];
  socket.on(PUSH_EVENT_NAME, (raw: unknown) => {
    // The client side parses with the same union the host uses.
    const event = pushEventSchema.parse(raw);
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else queue.push(event);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    nextPush(timeoutMs = 5_000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((event) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
    },
    close: () => socket.close(),
  };
}

/** The handshake outcome of a connection attempt: 'connected' or the connect_error message. */
export function handshakeOutcome(url: string, cookie?: string, options?: ClientOptions): Promise<string> {
  const socket = openClient(url, cookie, options);
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (error: Error) => {
      socket.close();
      resolve(error.message);
    });
  });
}
