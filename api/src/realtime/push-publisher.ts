/**
 * Pushes raised outside an API process (the job worker) travel through Redis to whichever API
 * instance holds the user's socket, with the same validation and rooms as the in-process emits.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { PUSH_EVENT_NAME, type PushEvent } from '@leadforge/contracts';
import { checkPushEvent, defaultStrictness, teamRoom, userRoom, type RealtimeLogger } from './push-event';

export interface PushPublisher {
  emitToUser(userId: number, event: PushEvent): void;
  emitToTeam(teamId: number, event: PushEvent): void;
  close(): Promise<void>;
}

export interface PushPublisherOptions {
  redisUrl: string;
  logger?: RealtimeLogger;
  strict?: boolean;
}

const consoleLogger: RealtimeLogger = {
  info: (...args: unknown[]) => console.info(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
  debug: () => undefined,
} as RealtimeLogger;

export function createPushPublisher(options: PushPublisherOptions): PushPublisher {
  const logger = options.logger ?? consoleLogger;
  const strict = options.strict ?? defaultStrictness();
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', (error: Error) => logger.error({ err: error }, 'Redis connection error (push publisher)'));
  const emitter = new Emitter(redis);

  const emit = (room: string, event: PushEvent): void => {
    const valid = checkPushEvent(event, room, { strict, logger });
    if (valid) emitter.to(room).emit(PUSH_EVENT_NAME, valid);
  };

  return {
    emitToUser: (userId, event) => emit(userRoom(userId), event),
    emitToTeam: (teamId, event) => emit(teamRoom(teamId), event),
    async close() {
      await redis.quit();
    },
  };
}
