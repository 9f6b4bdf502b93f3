/**
 * A real HTTP server on a random loopback port that answers the calls a screen makes, and a
 * `fetch` for jsdom (which has none) that sends the screen's same-origin requests to it over
 * node:http. Only test files import this module.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedCall = { method: string; path: string; body: unknown };
export type Reply = { status?: number; body: unknown };
export type Handler = (call: RecordedCall) => Reply | undefined;

export interface LoopbackApi {
  baseUrl: string;
  calls: RecordedCall[];
  /** Answers `METHOD /path` (query ignored); later registrations win. */
  on(method: string, path: string, handler: Handler | Reply): void;
  close(): Promise<void>;
}

const CSRF_TOKEN = 'test-csrf-token';

export async function startLoopbackApi(): Promise<LoopbackApi> {
  const calls: RecordedCall[] = [];
  const handlers = new Map<string, Handler>();
  handlers.set('GET /auth/csrf', () => ({ body: { token: CSRF_TOKEN } }));
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = (incoming.url ?? '/').split('?')[0] ?? '/';
      const call: RecordedCall = { method: incoming.method ?? 'GET', path, body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      const reply = handlers.get(`${call.method} ${path}`)?.(call) ?? { status: 404, body: { errors: [] } };
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A `fetch` that resolves same-origin paths against `baseUrl` and talks HTTP over node:http. */
export function loopbackFetch(baseUrl: string): typeof fetch {
  return ((input: string | URL, init: RequestInit = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(String(input), baseUrl);
      const headers = (init.headers ?? {}) as Record<string, string>;
      const outgoing = httpRequest(url, { method: init.method ?? 'GET', headers, signal: init.signal ?? undefined }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = incoming.statusCode ?? 0;
          const responseHeaders = incoming.headers as IncomingHttpHeaders;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: { get: (name: string) => (responseHeaders[name.toLowerCase()] as string | undefined) ?? null },
            text: async () => text,
            json: async () => JSON.parse(text) as unknown,
            blob: async () => new Blob([text]),
          } as unknown as Response);
        });
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      if (typeof init.body === 'string') outgoing.write(init.body);
      outgoing.end();
    })) as typeof fetch;
}

/** Points the app's same-origin calls at the server for one test file. */
export function withLoopbackApi(): { api: () => LoopbackApi } {
  let api: LoopbackApi;
  const original = globalThis.fetch;
  beforeEach(async () => {
    api = await startLoopbackApi();
    globalThis.fetch = loopbackFetch(api.baseUrl);
  });
  afterEach(async () => {
    globalThis.fetch = original;
    await api.close();
  });
  return { api: () => api };
}
