/**
 * Test helpers: a real HTTP server on a random loopback port standing in for the releases the
 * API serves, and a fetch over node:http for jsdom tests (jsdom has no fetch of its own).
 * Only test files import this module.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeFetch } from './api-double';

export type Route = (response: ServerResponse, path: string) => void;

export interface LoopbackServer {
  baseUrl: string;
  hits: string[];
  /** Handler per path; unknown paths answer 404. */
  routes: Map<string, Route>;
  close(): Promise<void>;
}

export function json(body: unknown, status = 200): Route {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

export async function startLoopbackServer(): Promise<LoopbackServer> {
  const hits: string[] = [];
  const routes = new Map<string, Route>();
  const server = createServer((incoming, response) => {
    const path = incoming.url ?? '/';
    hits.push(path);
    const route = routes.get(path);
    if (route) route(response, path);
    else {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    routes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A `fetch` for the loader's absolute URLs (the same one the API double gives jsdom tests). */
export const loopbackFetch = nodeFetch();

/** A manifest as the build writes it (tools/build-config/src/webpack.cjs), trimmed to what we read. */
export function testManifest(remote: string, overrides: { contractsMajor?: number; shared?: Record<string, string> } = {}) {
  return {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: `@leadforge/remote-${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: remote,
      publicPath: 'auto',
      leadforge: {
        remote,
        version: '1.0.0',
        contractsMajor: overrides.contractsMajor ?? 1,
        shared: overrides.shared ?? { react: '^19.3.1', antd: '^6.6.8' },
      },
    },
    shared: [],
    remotes: [],
    exposes: [{ id: `${remote}:routes`, name: 'routes', path: './routes', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  };
}

export const TEST_HOST = { contractsMajor: 1, shared: { react: '19.3.1', antd: '6.6.8' } };
