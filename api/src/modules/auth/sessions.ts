/**
 * Server-side sessions: an opaque random token in an httpOnly cookie, only its sha256 in the
 * database. Idle and absolute timeouts come from contracts SESSION; a new token is issued at
 * every sign-in and after the second factor (no session fixation).
 */
import { randomUUID } from 'node:crypto';
import { SESSION } from '@leadforge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { randomToken, sha256 } from '../../lib/crypto';
import { buildCaller, type Caller, type CallerRow } from '../account/caller';
import * as repo from './repository';

/** Activity is written at most this often, so reads stay reads under load. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  id: string;
  userId: number;
  accountId: number;
  twoFactorPending: boolean;
  isAdminLogin: boolean;
  locale: string;
  /** Who is calling (user, account, team, role, plan), read with the session. */
  caller: Caller;
}

/** What a session lookup reads: the session row with the bits of its user every request needs. */
export interface SessionJoinRow extends CallerRow {
  session: Pick<repo.SessionRow, 'id' | 'userId' | 'twoFactorPending' | 'isAdminLogin' | 'lastSeenAt' | 'expiresAt' | 'revokedAt'>;
  locale: string;
}

export type SessionLookup = { state: 'none' } | { state: 'expired' } | { state: 'valid'; session: ActiveSession };

export interface NewSessionInput {
  userId: number;
  twoFactorPending: boolean;
  isAdminLogin?: boolean;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export class SessionService {
  readonly cookieName = SESSION.cookieName;

  constructor(
    private readonly db: Db,
    private readonly options: { secureCookies: boolean },
  ) {}

  async create(input: NewSessionInput): Promise<{ token: string; session: repo.SessionRow }> {
    const token = randomToken(32);
    const now = new Date();
    const session = await repo.insertSession(this.db, {
      id: randomUUID(),
      tokenHash: sha256(token),
      userId: input.userId,
      twoFactorPending: input.twoFactorPending,
      isAdminLogin: input.isAdminLogin ?? false,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
      ip: input.ip ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION.absoluteTimeoutMs),
    });
    return { token, session };
  }

  async lookup(token: string | undefined): Promise<SessionLookup> {
    return (await this.lookupVia(token, (tokenHash) => repo.findSessionByTokenHash(this.db, tokenHash))).lookup;
  }

  /**
   * lookup() through another query that reads the session row together with more about its user
   * (one round trip instead of two). `row` is that read, for a valid session only; `touched` says
   * the activity was written after it, so what it read of the user's activity is stale.
   */
  async lookupVia<R extends SessionJoinRow>(
    token: string | undefined,
    find: (tokenHash: string) => Promise<R | undefined>,
  ): Promise<{ lookup: SessionLookup; row?: R; touched?: boolean }> {
    if (!token) return { lookup: { state: 'none' } };
    const row = await find(sha256(token));
    if (!row) return { lookup: { state: 'expired' } };
    const now = Date.now();
    const { session } = row;
    if (
      session.revokedAt ||
      session.expiresAt.getTime() <= now ||
      session.lastSeenAt.getTime() + SESSION.idleTimeoutMs <= now
    ) {
      return { lookup: { state: 'expired' } };
    }
    const touched = now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
    if (touched) await repo.touchSession(this.db, session.id, session.userId, new Date(now));
    return {
      lookup: {
        state: 'valid',
        session: {
          id: session.id,
          userId: session.userId,
          accountId: row.accountId,
          twoFactorPending: session.twoFactorPending,
          isAdminLogin: session.isAdminLogin,
          locale: row.locale,
          caller: buildCaller(session.userId, session.isAdminLogin, row, new Date(now)),
        },
      },
      row,
      touched,
    };
  }

  revoke(sessionId: string) {
    return repo.revokeSession(this.db, sessionId, new Date());
  }

  revokeAll(userId: number, exceptSessionId?: string) {
    return repo.revokeUserSessions(this.db, userId, new Date(), exceptSessionId);
  }

  list(userId: number) {
    return repo.listActiveSessions(this.db, userId, new Date());
  }

  // ---------------------------------------------------------------- cookies

  setCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(SESSION.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.isSecure(request),
      maxAge: Math.floor(SESSION.absoluteTimeoutMs / 1000),
    });
  }

  clearCookie(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(SESSION.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.isSecure(request) });
  }

  tokenOf(request: FastifyRequest): string | undefined {
    const value = request.cookies[SESSION.cookieName];
    return value && value.length <= 200 ? value : undefined;
  }

  isSecure(request: FastifyRequest) {
    return this.options.secureCookies || request.protocol === 'https';
  }
}
