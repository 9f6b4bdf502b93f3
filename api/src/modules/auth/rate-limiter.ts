/**
 * Attempt limits for login, 2FA, forgot-password and registration over a sliding window: every
 * attempt is remembered with its time, and a key is over its limit while `limit` attempts lie in
 * the last `windowMs` — there is no clock-aligned bucket to reset at a boundary. Login is counted
 * per (account, IP) pair, so someone guessing from one address cannot lock the owner out of
 * another; a much higher per-IP ceiling stops spraying many accounts from one address. After a
 * few failures of a pair each further attempt must also wait a doubling delay.
 *
 * Attempts live in Redis when REDIS_URL is set, else in the database; either way every API
 * instance of a deployment sees the same counts.
 */
import { randomUUID } from 'node:crypto';
import { AUTH_LIMITS } from '@leadforge/contracts';
import { Redis } from 'ioredis';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import * as repo from './repository';

export interface RateLimitRule {
  /** Attempts per window for one account, or one (account, IP) pair where the caller keys it so. */
  limit: number;
  /** Attempts per window from one IP address (keys starting `ip:`): higher, as offices and NATs share addresses. */
  ipLimit: number;
  windowMs: number;
  /** Doubling wait between attempts of one non-IP key once it has `after` attempts in the window. */
  delay?: { after: number; baseMs: number; maxMs: number };
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
const progressive = { after: 3, baseMs: 1_000, maxMs: 60_000 };

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  login: { limit: perAccount, ipLimit: perIp, windowMs, delay: progressive },
  twoFactor: { limit: perAccount, ipLimit: perIp, windowMs, delay: progressive },
  forgot: { limit: perAccount, ipLimit: perIp, windowMs },
  register: { limit: perAccount, ipLimit: perIp, windowMs },
};

/** Where attempts are remembered: times in epoch milliseconds. */
export interface AttemptStore {
  /** Attempt times of a key after `since`, oldest first. */
  attempts(key: string, since: number): Promise<number[]>;
  /** Records one attempt and forgets this key's attempts older than the window. */
  add(key: string, at: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The database store: one row per attempt in rate_limit_counters (window_start is the attempt time). */
export class DatabaseAttemptStore implements AttemptStore {
  constructor(private readonly db: Db) {}

  async attempts(key: string, since: number) {
    return repo.readAttempts(this.db, key, new Date(since));
  }

  async add(key: string, at: number, windowMs: number) {
    await repo.hitCounter(this.db, key, new Date(at));
    await repo.pruneAttempts(this.db, key, new Date(at - windowMs));
  }

  async clear(key: string) {
    await repo.clearCounter(this.db, key);
  }

  async close() {}
}

/** The Redis store: a sorted set per key, scored by attempt time, expiring with its window. */
export class RedisAttemptStore implements AttemptStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // Errors surface on the commands themselves; this keeps a dropped connection from crashing the process.
    this.redis.on('error', () => undefined);
  }

  private keyOf(key: string) {
    return `lf:rl:${key}`;
  }

  async attempts(key: string, since: number) {
    const members = await this.redis.zrangebyscore(this.keyOf(key), `(${since}`, '+inf', 'WITHSCORES');
    const times: number[] = [];
    for (let i = 1; i < members.length; i += 2) times.push(Number(members[i]));
    return times;
  }

  async add(key: string, at: number, windowMs: number) {
    const redisKey = this.keyOf(key);
    await this.redis
      .multi()
      .zadd(redisKey, at, `${at}:${randomUUID()}`)
      .zremrangebyscore(redisKey, '-inf', at - windowMs)
      .pexpire(redisKey, windowMs)
      .exec();
  }

  async clear(key: string) {
    await this.redis.del(this.keyOf(key));
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createAttemptStore(db: Db, redisUrl: string | undefined): AttemptStore {
  return redisUrl ? new RedisAttemptStore(redisUrl) : new DatabaseAttemptStore(db);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class RateLimiter {
  constructor(
    private readonly store: AttemptStore,
    private readonly policy: RateLimitPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws rate_limited (retryAfter: seconds until an attempt would be let through) when any key is held back. */
  async assertAllowed(kind: keyof RateLimitPolicy, keys: string[]) {
    const rule = this.policy[kind];
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const isIp = key.startsWith('ip:');
      const limit = isIp ? rule.ipLimit : rule.limit;
      const times = await this.store.attempts(`${kind}:${key}`, now - rule.windowMs);
      // Over the limit until enough of the oldest attempts slide out of the window.
      if (times.length >= limit) wait = Math.max(wait, times[times.length - limit]! + rule.windowMs - now);
      if (!isIp && rule.delay && times.length >= rule.delay.after) {
        const gap = Math.min(rule.delay.maxMs, rule.delay.baseMs * 2 ** (times.length - rule.delay.after));
        wait = Math.max(wait, times[times.length - 1]! + gap - now);
      }
    }
    if (wait > 0) throw new DomainError('rate_limited', { retryAfter: seconds(wait) });
  }

  /** Counts one attempt on every key. */
  async hit(kind: keyof RateLimitPolicy, keys: string[]) {
    const rule = this.policy[kind];
    const now = this.now();
    for (const key of keys) await this.store.add(`${kind}:${key}`, now, rule.windowMs);
  }

  /** Checks and counts in one go (forgot, register: every attempt counts). */
  async consume(kind: keyof RateLimitPolicy, keys: string[]) {
    await this.assertAllowed(kind, keys);
    await this.hit(kind, keys);
  }

  async reset(kind: keyof RateLimitPolicy, key: string) {
    await this.store.clear(`${kind}:${key}`);
  }

  close() {
    return this.store.close();
  }
}
