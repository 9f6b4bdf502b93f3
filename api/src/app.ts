/**
 * Builds the whole API as a Fastify instance (no listen): plugins, security headers, CSRF,
 * every contract route, the web/static side, realtime (socket.io) and the job queue.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { EMAIL_ATTACHMENT_LIMITS, MAX_JSON_BODY_BYTES, type AnyRoute } from '@leadforge/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { installCsrf, isCrossSite } from './http/csrf';
import { installErrorHandler } from './http/error-handler';
import { serializeRequest } from './http/log-redaction';
import { registerContractRoutes, type HandlerMap } from './http/route-kit';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { registerAllJobs } from './jobs/registry';
import type { IdentityProvider } from './modules/auth/identity-provider';
import type { RateLimitPolicy } from './modules/auth/rate-limiter';
import { registerSandboxIdentityPages } from './modules/auth/routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { registerWeb, remoteOrigins } from './modules/web/routes';
import { createRealtime, type Realtime } from './realtime/realtime';
import { AREAS } from './areas';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    jobs: JobQueue | null;
    services: Services;
  }
}

export interface AppDeps {
  database: Database;
  /** Fastify logger option; defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  rateLimits?: RateLimitPolicy;
  identity?: IdentityProvider;
  /** false: no job queue (mail is sent inline). Default: a pg-boss queue on the same database. */
  jobs?: boolean;
  /** Extra handlers (tests of the route kit); normally every handler comes from the modules. */
  handlers?: HandlerMap;
}

/** Every area's handlers, keyed by route name. */
export function allHandlers(services: Services): HandlerMap {
  return Object.assign({}, ...AREAS.map((area) => area.handlers(services))) as HandlerMap;
}

/** Every area's routes: contracts' `allRoutes`, as the areas own them (a test checks the two agree). */
export function areaRoutes(): Record<string, AnyRoute> {
  return Object.assign({}, ...AREAS.map((area) => area.routes)) as Record<string, AnyRoute>;
}

/** Every request line goes through the one serializer that redacts secrets in URLs. */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || logger === true) return logger ? { serializers: { req: serializeRequest } } : logger;
  return { ...logger, serializers: { ...logger.serializers, req: serializeRequest } };
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const root: { current?: FastifyInstance } = {};
  const app = Fastify({
    logger: withRedactedUrls(deps.logger ?? { level: config.logLevel }),
    bodyLimit: MAX_JSON_BODY_BYTES,
    // Per-IP rate limits must see the real peer, not a header anyone can send: X-Forwarded-For
    // is read only from the reverse proxies TRUST_PROXY names.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    return503OnClosing: true,
    // A URL the router cannot decode (a lone surrogate's bytes in a path) gets the error envelope
    // too: the router answers it before any route, so it is handed to the app's error handler.
    frameworkErrors: (error, request, reply) => root.current?.errorHandler(error, request, reply),
  });
  root.current = app;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body (a classic CSRF vector) is refused with 415.
  app.removeContentTypeParser(['text/plain']);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const baseUrl = () => {
    if (config.publicUrl) return config.publicUrl;
    const address = app.server.address() as AddressInfo | null;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address?.port ?? config.port}`;
  };

  // Services are built before the socket server exists; pushes reach it through this holder.
  const realtimeRef: { current?: Realtime } = {};
  const push = {
    emitToUser: (...args: Parameters<Realtime['emitToUser']>) => realtimeRef.current?.emitToUser(...args),
    emitToTeam: (...args: Parameters<Realtime['emitToTeam']>) => realtimeRef.current?.emitToTeam(...args),
    moveUserToTeam: (...args: Parameters<Realtime['moveUserToTeam']>) => realtimeRef.current?.moveUserToTeam(...args),
    disconnectUser: (...args: Parameters<Realtime['disconnectUser']>) => realtimeRef.current?.disconnectUser(...args),
  };
  const services = createServices({
    config,
    db: deps.database.db,
    push,
    mailer,
    baseUrl,
    rateLimits: deps.rateLimits,
    identity: deps.identity,
  });
  app.decorate('services', services);

  installErrorHandler(app, services.texts);
  await app.register(fastifyCookie);
  // multipart/form-data for the calls declared `requestKind: 'multipart'` (email attachments);
  // route-kit refuses it on every JSON call. Files are read whole, each bounded here.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: EMAIL_ATTACHMENT_LIMITS.fileBytesMax,
      files: EMAIL_ATTACHMENT_LIMITS.filesPerEmailMax,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: EMAIL_ATTACHMENT_LIMITS.filesPerEmailMax + 10,
      headerPairs: 100,
    },
  });
  // JSON answers above 1 KB leave compressed (a prospects page is ~60 KB of JSON). Built assets
  // are compressed once at build time and sent as files (modules/web), so only JSON is
  // compressed here, with a brotli quality cheap enough for every request.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const secureSite = config.publicUrl?.startsWith('https:') ?? false;
  // Security headers. helmet's middleware is built once here: @fastify/helmet rebuilt it (and
  // re-parsed the CSP) on every request.
  const remotes = await remoteOrigins(config);
  const socketOrigins = (request: IncomingMessage) => {
    const site = config.publicUrl ? new URL(config.publicUrl).host : (request.headers.host ?? '');
    // A Host header is the client's to write: only a plain host[:port] may enter the policy.
    if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(site)) return "'self'";
    const secure = config.publicUrl ? config.publicUrl.startsWith('https:') : (request.socket as TLSSocket).encrypted;
    return `${secure ? 'wss' : 'ws'}://${site}`;
  };
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Same-origin scripts plus the origins of remotes the environment map loads from elsewhere.
        scriptSrc: ["'self'", ...remotes],
        // antd (cssinjs) writes <style> elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the pictures of a mail the user chose to show in the unibox (its frame inherits
        // this policy and adds its own, which blocks them until "Show images"); no plain http:.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Our own origin's socket (older engines do not let 'self' cover ws:/wss:), never any host.
        connectSrc: ["'self'", socketOrigins, ...remotes],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secureSite ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secureSite ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  const csrf = await installCsrf(app, { publicUrl: config.publicUrl, isSecure: (request) => services.sessions.isSecure(request) });
  const web = await registerWeb(app, config);
  registerSandboxIdentityPages(app, services);
  registerContractRoutes(app, areaRoutes(), { ...allHandlers(services), ...deps.handlers }, {
    sessions: services.sessions,
    csrf,
    navigation: web.navigation,
    sessionLookups: { userInfo: (token) => services.accounts.lookupForUserInfo(token) },
    multipartBytesMax: EMAIL_ATTACHMENT_LIMITS.emailBytesMax,
  });

  // ---------------------------------------------------------------- realtime
  const resolveUser = async (request: IncomingMessage) => {
    const cookies = app.parseCookie(request.headers.cookie ?? '');
    const lookup = await services.sessions.lookup(cookies[services.sessions.cookieName]);
    if (lookup.state !== 'valid' || lookup.session.twoFactorPending) return null;
    return { userId: lookup.session.userId, teamId: lookup.session.caller.teamId };
  };
  const allowOrigin = (request: IncomingMessage) => {
    const protocol = (request.socket as TLSSocket).encrypted ? 'https' : 'http';
    return !isCrossSite(request.headers, `${protocol}://${request.headers.host ?? ''}`, config.publicUrl);
  };
  const realtime = createRealtime(app.server, { resolveUser, allowOrigin, redisUrl: config.redisUrl, logger: app.log });
  realtimeRef.current = realtime;
  app.decorate('realtime', realtime);
  await realtime.ready();

  // ---------------------------------------------------------------- jobs
  let jobs: JobQueue | null = null;
  if (deps.jobs !== false) {
    jobs = createJobQueue({ database: deps.database, logger: app.log, runWorkers: config.embeddedWorkers });
    await registerAllJobs(jobs, { database: deps.database, logger: app.log, push, config });
    await jobs.start();
    for (const user of AREAS.flatMap((area) => area.queueUsers?.(services) ?? [])) user.useQueue(jobs);
  }
  app.decorate('jobs', jobs);

  // Before the HTTP server stops accepting: engine.io's pending long-poll requests would
  // otherwise hold server.close() open until their ping interval (25 s) ran out.
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
    for (const area of AREAS) await area.close?.(services);
    await services.limiter.close();
    mailer.close();
  });
  return app;
}
