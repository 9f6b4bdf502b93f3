/**
 * A tiny session lookup for the realtime tests: the cookie `test_session=<userId>.<teamId|none>`
 * stands for the session cookie the auth module resolves in the real app. It exercises the same
 * resolveUser contract (read the handshake request, answer a user or null).
 */
import type { IncomingMessage } from 'node:http';
import type { RealtimeUser } from '../realtime';

export const TEST_COOKIE = 'test_session';

export function sessionCookie(user: RealtimeUser): string {
  return `${TEST_COOKIE}=${user.userId}.${user.teamId ?? 'none'}`;
}

export async function resolveTestUser(request: IncomingMessage): Promise<RealtimeUser | null> {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${TEST_COOKIE}=(\\d+)\\.(\\d+|none)`).exec(cookie);
  if (!match?.[1] || !match[2]) return null;
  return { userId: Number(match[1]), teamId: match[2] === 'none' ? null : Number(match[2]) };
}

/** Ids unlikely to collide with another test process sharing the same Redis. */
export function uniqueId(): number {
  return 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
}
