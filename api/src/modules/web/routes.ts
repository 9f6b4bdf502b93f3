/**
 * One origin for everything (interfaces.md): the built host (WEB_ROOT) with index.html for
 * browser navigations, released remotes (RELEASES_DIR) under /remotes with immutable caching and
 * open CORS, and /environment.json re-read on every request so re-pinning needs no restart.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BACK_PREFIX, PLANNED_API_PREFIXES, type AnyRoute } from '@leadforge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { DomainError } from '../../http/domain-error';

const INDEX = 'index.html';
/** webpack's content-hashed names (main.3f9a1c2b.js): safe to cache forever. */
/** (setHeaders sees the file actually sent: `x.js.br` when the precompressed copy goes out.) */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)(\.br|\.gz)?$/;
const INDEX_FILE = /(^|[\\/])index\.html(\.br|\.gz)?$/;

export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

export async function readEnvironmentMap(config: Pick<AppConfig, 'environmentsDir' | 'environmentName'>): Promise<unknown> {
  const file = path.join(config.environmentsDir, `${config.environmentName}.json`);
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

/** Origins of remotes served from elsewhere (absolute manifest URLs), for the CSP. */
export async function remoteOrigins(config: Pick<AppConfig, 'environmentsDir' | 'environmentName'>): Promise<string[]> {
  try {
    const map = (await readEnvironmentMap(config)) as { remotes?: Record<string, { manifest?: unknown }> };
    const origins = new Set<string>();
    for (const remote of Object.values(map.remotes ?? {})) {
      if (typeof remote?.manifest === 'string' && /^https?:\/\//.test(remote.manifest)) origins.add(new URL(remote.manifest).origin);
    }
    return [...origins];
  } catch {
    return [];
  }
}

export async function registerWeb(app: FastifyInstance, config: AppConfig) {
  const indexPath = path.join(config.webRoot, INDEX);
  const hasIndex = () => existsSync(indexPath);

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile(INDEX, config.webRoot);

  await app.register(fastifyStatic, {
    root: config.webRoot,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    decorateReply: true,
    // The build writes .br and .gz beside each text asset: sent by Accept-Encoding, with Vary.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (INDEX_FILE.test(filePath)) reply.header('cache-control', 'no-cache');
      else if (HASHED_ASSET.test(filePath)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=0, must-revalidate');
    },
  });

  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/remotes/',
    wildcard: true,
    index: false,
    cacheControl: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders: (reply) => {
      // A released version never changes: <remote>/<version>/ is immutable by construction.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  app.get('/environment.json', async (_request, reply) => {
    let map: unknown;
    try {
      map = await readEnvironmentMap(config);
    } catch {
      throw new DomainError('not_found');
    }
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(map));
  });

  // `/` is the address `pnpm start` prints: the app for a browser (the static wildcard would
  // refuse a directory listing), and no call of the API otherwise.
  app.get('/', async (request, reply) => {
    if (isNavigation(request) && hasIndex()) return sendIndex(reply);
    throw new DomainError('route_not_found');
  });

  // Calls of areas not built yet (contracts PLANNED_API_PREFIXES) say so; pages under the same
  // paths (client routes such as /campaigns/12) still get the app.
  const planned = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isNavigation(request) && hasIndex()) return sendIndex(reply);
    throw new DomainError('not_available_yet');
  };
  for (const { prefix } of PLANNED_API_PREFIXES) {
    for (const base of ['', BACK_PREFIX]) {
      app.all(`${base}${prefix}`, planned);
      app.all(`${base}${prefix}/*`, planned);
    }
  }

  // A path that is no call: route_not_found, never the not_found of a missing record.
  app.setNotFoundHandler(async (request, reply) => {
    if (isNavigation(request) && !request.url.startsWith('/remotes/') && hasIndex()) return sendIndex(reply);
    throw new DomainError('route_not_found');
  });

  /** For contract GET routes: a browser navigation to `/team-info` gets the SPA, not JSON. */
  const navigation = async (request: FastifyRequest, reply: FastifyReply, route: AnyRoute) => {
    if (route.responseKind !== 'json' || !isNavigation(request) || !hasIndex()) return false;
    await sendIndex(reply);
    return true;
  };
  return { navigation };
}
