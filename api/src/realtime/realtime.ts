/**
 * Server pushes (document 2 §7.10) over socket.io on the API's own origin. The handshake is
 * authenticated by the caller's session cookie (resolveUser, supplied by the auth module), each
 * socket joins `user:<id>` and, for team members, `team:<id>`, and every emit is validated against
 * the contracts union before it leaves. With REDIS_URL the Redis adapter fans emits out to every API
 * instance, so a push raised on one reaches a browser connected to another.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { PUSH_EVENT_NAME, type PushEvent } from '@leadforge/contracts';
import { checkPushEvent, defaultStrictness, teamRoom, userRoom, type RealtimeLogger } from './push-event';

export interface RealtimeUser {
  userId: number;
  teamId: number | null;
}

export interface RealtimeOptions {
  /**
   * Whether the handshake's Origin is the app's own (the CSRF rule): the session cookie would
   * otherwise let any page a signed-in user visits open a socket in their name. Default: any.
   */
  allowOrigin?: (request: IncomingMessage) => boolean;
  /** Reads the session cookie of the handshake request; null refuses the connection. */
  resolveUser: (request: IncomingMessage) => Promise<RealtimeUser | null>;
  /** When set, emits fan out across API instances through Redis pub/sub. */
  redisUrl?: string | undefined;
  logger: RealtimeLogger;
  /** Throw on an invalid event instead of logging it; defaults to true outside production. */
  strict?: boolean;
}

export interface Realtime {
  emitToUser(userId: number, event: PushEvent): void;
  emitToTeam(teamId: number, event: PushEvent): void;
  /** Moves a user's open sockets (on every instance) between team rooms after a team change. */
  moveUserToTeam(userId: number, fromTeamId: number | null, toTeamId: number | null): void;
  /** Closes a user's sockets on every instance, e.g. after the session was revoked. */
  disconnectUser(userId: number): void;
  /**
   * Resolves once the Redis subscriptions are in place (at once without Redis), so a server can
   * wait before listening and never miss a push raised elsewhere right after it starts.
   */
  ready(): Promise<void>;
  /** The socket.io server, for diagnostics and tests. */
  readonly io: Server;
  close(): Promise<void>;
}

/** The message a refused handshake carries to the client's `connect_error`. */
export const HANDSHAKE_REFUSED = 'session_required';

interface SocketData {
  user: RealtimeUser;
}

export function createRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const strict = options.strict ?? defaultStrictness();
  const { logger } = options;

  const io = new Server<Record<string, never>, Record<string, (event: PushEvent) => void>, Record<string, never>, SocketData>(
    httpServer,
    {
      path: '/socket.io',
      // No CORS headers, and a foreign Origin is refused before the handshake (WebSocket upgrades
      // are not covered by CORS at all).
      allowRequest: (request, callback) => callback(null, options.allowOrigin?.(request) ?? true),
      serveClient: false,
      // Pushes are small JSON messages; a client never needs to send a large frame.
      maxHttpBufferSize: 16 * 1024,
    },
  );

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const [role, client] of [['publisher', pub], ['subscriber', sub]] as const) {
      client.on('error', (error: Error) => logger.error({ err: error, role }, 'Redis connection error (realtime)'));
    }
    io.adapter(createAdapter(pub, sub));
    redis = { pub, sub };
  }

  io.use((socket, next) => {
    options
      .resolveUser(socket.request)
      .then((user) => {
        if (!user) {
          next(new Error(HANDSHAKE_REFUSED));
          return;
        }
        socket.data.user = user;
        next();
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Realtime handshake failed while resolving the session');
        next(new Error(HANDSHAKE_REFUSED));
      });
  });

  io.on('connection', (socket: Socket) => {
    const { user } = socket.data as SocketData;
    const rooms = [userRoom(user.userId)];
    if (user.teamId !== null) rooms.push(teamRoom(user.teamId));
    void socket.join(rooms);
    logger.debug({ userId: user.userId, socketId: socket.id }, 'Realtime socket connected');
  });

  const emit = (room: string, event: PushEvent): void => {
    const valid = checkPushEvent(event, room, { strict, logger });
    if (valid) io.to(room).emit(PUSH_EVENT_NAME, valid);
  };

  return {
    io: io as unknown as Server,
    emitToUser: (userId, event) => emit(userRoom(userId), event),
    emitToTeam: (teamId, event) => emit(teamRoom(teamId), event),
    async ready() {
      if (!redis) return;
      // Redis answers in order on one connection, so a PONG on the subscriber connection means the
      // adapter's (p)subscribe commands sent before it have been applied.
      await Promise.all([redis.pub.ping(), redis.sub.ping()]);
    },
    moveUserToTeam(userId, fromTeamId, toTeamId) {
      const sockets = io.in(userRoom(userId));
      if (fromTeamId !== null) sockets.socketsLeave(teamRoom(fromTeamId));
      if (toTeamId !== null) sockets.socketsJoin(teamRoom(toTeamId));
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async close() {
      // io.close() would also close the HTTP server, which belongs to Fastify; shut down only what
      // this module opened.
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
