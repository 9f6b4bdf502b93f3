/**
 * Attempt limits for login, 2FA, forgot-password and registration, per account AND per IP, in
 * a fixed window. Counters live in the database, so every API instance on the same PostgreSQL
 * sees the same counts (the embedded PGlite default runs one instance anyway).
 */
import { AUTH_LIMITS } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import * as repo from './repository';

export interface RateLimitRule {
  /** Attempts per window for one account (email or user). */
  limit: number;
  /** Attempts per window from one IP address: higher, as offices and NATs share addresses. */
  ipLimit: number;
  windowMs: number;
}

export interface RateLimitPolicy {
  login: RateLimitRule;
  twoFactor: RateLimitRule;
  forgot: RateLimitRule;
  register: RateLimitRule;
}

const perAccount = AUTH_LIMITS.loginAttemptsPerWindow;
const perIp = AUTH_LIMITS.loginAttemptsPerWindow * 10;
const windowMs = AUTH_LIMITS.rateLimitWindowMs;

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  login: { limit: perAccount, ipLimit: perIp, windowMs },
  twoFactor: { limit: perAccount, ipLimit: perIp, windowMs },
  forgot: { limit: perAccount, ipLimit: perIp, windowMs },
  register: { limit: perAccount, ipLimit: perIp, windowMs },
};

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly policy: RateLimitPolicy,
  ) {}

  private window(rule: RateLimitRule, now: number) {
    const start = Math.floor(now / rule.windowMs) * rule.windowMs;
    return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)) };
  }

  /** Throws rate_limited when any of the keys is already at its limit (checked before the work). */
  async assertAllowed(kind: keyof RateLimitPolicy, keys: string[]) {
    const rule = this.policy[kind];
    const { start, retryAfter } = this.window(rule, Date.now());
    for (const key of keys) {
      const limit = key.startsWith('ip:') ? rule.ipLimit : rule.limit;
      if ((await repo.readCounter(this.db, `${kind}:${key}`, start)) >= limit) {
        throw new DomainError('rate_limited', { retryAfter });
      }
    }
  }

  /** Counts one attempt on every key. */
  async hit(kind: keyof RateLimitPolicy, keys: string[]) {
    const rule = this.policy[kind];
    const { start } = this.window(rule, Date.now());
    for (const key of keys) await repo.hitCounter(this.db, `${kind}:${key}`, start);
  }

  /** Checks and counts in one go (forgot, register: every attempt counts). */
  async consume(kind: keyof RateLimitPolicy, keys: string[]) {
    await this.assertAllowed(kind, keys);
    await this.hit(kind, keys);
  }

  async reset(kind: keyof RateLimitPolicy, key: string) {
    await repo.clearCounter(this.db, `${kind}:${key}`);
  }
}
