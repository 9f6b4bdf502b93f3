/**
 * The one double of the HTTP API for the remotes' jsdom tests: a real HTTP server on a random
 * loopback port that answers `METHOD /path` as the test says and records every call, and a
 * `fetch` for jsdom (which has none) that sends the app's same-origin requests to it over
 * node:http. It stands in for the network edge only: the screen's own modules (the typed client,
 * react-query, the operation files) all run for real. Only test files import this module.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Blob as NodeBlob } from 'node:buffer';
import type { AddressInfo } from 'node:net';
import { routeUrl, type ApiRequest } from '@leadforge/api-client';
import type { AnyRoute } from '@leadforge/contracts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `METHOD /path`, the path without its query string. */
export type ApiRoute = `${ApiMethod} /${string}`;

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined without one. */
  body: unknown;
}

/** A JSON answer (`body`), or a file's text (`text` with its `contentType`, e.g. a CSV download). */
export type ApiReply = { status?: number; body?: unknown } | { status?: number; text: string; contentType: string };
export type ApiHandler = (call: ApiCall) => ApiReply;

export interface ApiDouble {
  baseUrl: string;
  calls: ApiCall[];
  /** Answers `METHOD /path` (any query); a later answer for the same route replaces the earlier. */
  on(route: ApiRoute, answer: ApiReply | ApiHandler): void;
  /** Answers a contract route for one request: its method and path built as the typed client builds them. */
  onRoute<R extends AnyRoute>(route: R, request: ApiRequest<R>, answer: ApiReply | ApiHandler): void;
  /** The calls made to `METHOD /path`, oldest first. */
  callsTo(route: ApiRoute): ApiCall[];
  close(): Promise<void>;
}

export const TEST_CSRF_TOKEN = 'test-csrf-token';

/** What an unanswered route gets: the API's own 404 envelope, so screens show their error state. */
const NOT_ANSWERED: ApiReply = {
  status: 404,
  body: { errors: [{ key: 'not_found', title: 'Not found', description: 'Nothing here.' }] },
};

export async function startApiDouble(): Promise<ApiDouble> {
  const calls: ApiCall[] = [];
  const handlers = new Map<string, ApiHandler>();
  handlers.set('GET /auth/csrf', () => ({ body: { token: TEST_CSRF_TOKEN } }));
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(incoming.url ?? '/', 'http://double');
      const call: ApiCall = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const reply = handlers.get(`${call.method} ${call.path}`)?.(call) ?? NOT_ANSWERED;
      if ('text' in reply) {
        response.writeHead(reply.status ?? 200, { 'content-type': reply.contentType });
        response.end(reply.text);
      } else {
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    on(route, answer) {
      handlers.set(route, typeof answer === 'function' ? answer : () => answer);
    },
    onRoute(route, request, answer) {
      const path = new URL(routeUrl(route, request), 'http://double').pathname;
      handlers.set(`${route.method} ${path}`, typeof answer === 'function' ? answer : () => answer);
    },
    callsTo(route) {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Just enough of `fetch` over node:http for the typed client and the federation loader: status,
 * ok, headers.get, text, json, arrayBuffer, blob. Relative URLs resolve against `baseUrl` (the page's origin).
 */
export function nodeFetch(baseUrl?: string): typeof fetch {
  return ((input: string | URL, init: RequestInit = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(String(input), baseUrl);
      const headers = (init.headers ?? {}) as Record<string, string>;
      const outgoing = httpRequest(
        url,
        { method: init.method ?? 'GET', headers, signal: init.signal ?? undefined },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const text = bytes.toString('utf8');
            const status = incoming.statusCode ?? 0;
            const responseHeaders: IncomingHttpHeaders = incoming.headers;
            resolve({
              ok: status >= 200 && status < 300,
              status,
              headers: { get: (name: string) => (responseHeaders[name.toLowerCase()] as string | undefined) ?? null },
              text: async () => text,
              json: async () => JSON.parse(text) as unknown,
              arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
              // node's Blob: jsdom's has no text(), which a test reads a downloaded file with.
              blob: async () => new NodeBlob([text], { type: responseHeaders['content-type'] ?? '' }),
            } as unknown as Response);
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      if (typeof init.body === 'string') outgoing.write(init.body);
      outgoing.end();
    })) as typeof fetch;
}

/**
 * A fresh double for every test of the calling file, with the page's `fetch` pointed at it; each
 * test says what the API answers (`api().on(...)`) and reads what the screen sent (`api().calls`).
 */
export function withApiDouble(): () => ApiDouble {
  let api: ApiDouble | undefined;
  const original = globalThis.fetch;
  beforeEach(async () => {
    api = await startApiDouble();
    globalThis.fetch = nodeFetch(api.baseUrl);
  });
  afterEach(async () => {
    globalThis.fetch = original;
    await api?.close();
    api = undefined;
  });
  return () => {
    if (!api) throw new Error('the API double runs only inside a test');
    return api;
  };
}
