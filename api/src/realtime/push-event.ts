/**
 * The one gate every server push passes, whether the API process or a worker raises it: the event
 * must match the contracts union of document 2 §7.10, or it is never sent.
 */
import { pushEventSchema, type PushEvent } from '@leadforge/contracts';
import type { FastifyBaseLogger } from 'fastify';

export type RealtimeLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export class InvalidPushEventError extends Error {
  constructor(
    message: string,
    public readonly issues: unknown,
  ) {
    super(message);
    this.name = 'InvalidPushEventError';
  }
}

export const userRoom = (userId: number): string => `user:${userId}`;
export const teamRoom = (teamId: number): string => `team:${teamId}`;

/**
 * Parses an outgoing event. A bad event is a programming error: in development and tests it throws
 * so the caller's test fails loudly; in production it is logged and dropped, because one bad push
 * must not take down the request that raised it.
 */
export function checkPushEvent(
  event: unknown,
  target: string,
  options: { strict: boolean; logger: RealtimeLogger },
): PushEvent | null {
  const parsed = pushEventSchema.safeParse(event);
  if (parsed.success) return parsed.data;
  const type = typeof event === 'object' && event !== null && 'type' in event ? String(event.type) : 'unknown';
  const message = `Refused to push an invalid "${type}" event to ${target}`;
  if (options.strict) throw new InvalidPushEventError(message, parsed.error.issues);
  options.logger.error({ target, type, issues: parsed.error.issues }, message);
  return null;
}

/** Strict unless running in production, mirroring how the API treats its own response validation. */
export const defaultStrictness = (): boolean => process.env.NODE_ENV !== 'production';
