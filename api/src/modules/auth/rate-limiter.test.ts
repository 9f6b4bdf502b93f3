import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '../../http/domain-error';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { DatabaseAttemptStore, RateLimiter, RedisAttemptStore, type AttemptStore, type RateLimitRule } from './rate-limiter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW = 15 * 60_000;

/** The retryAfter of a refusal, or null when the attempt is allowed. */
async function refusal(limiter: RateLimiter, keys: string[]): Promise<number | null> {
  try {
    await limiter.assertAllowed('login', keys);
    return null;
  } catch (error) {
    assert.ok(error instanceof DomainError);
    assert.equal(error.items[0]?.key, 'rate_limited');
    return error.retryAfter ?? -1;
  }
}

function limiterOn(store: AttemptStore, rule: RateLimitRule, clock: { now: number }) {
  return new RateLimiter(store, { login: rule, twoFactor: rule, forgot: rule, register: rule }, () => clock.now);
}

for (const kind of ['database', 'redis'] as const) {
  describe(`sliding-window attempt limits (${kind} store)`, () => {
    let t: TestApp | undefined;
    let store: AttemptStore;
    before(async () => {
      if (kind === 'database') {
        t = await startTestApp({ jobs: false });
        store = new DatabaseAttemptStore(t.database.db);
      } else {
        store = new RedisAttemptStore(REDIS_URL);
      }
    });
    after(async () => {
      await store?.close();
      await t?.close();
    });

    it('refuses the 11th try although the tries straddle a clock-aligned 15-minute boundary', async () => {
      const boundary = Math.ceil(Date.now() / WINDOW) * WINDOW;
      const clock = { now: boundary - 1_000 };
      const limiter = limiterOn(store, { limit: 10, ipLimit: 1_000, windowMs: WINDOW }, clock);
      const keys = [`pair:${randomUUID()}@x.test|127.0.0.1`];
      for (let i = 0; i < 5; i += 1) await limiter.consume('login', keys);
      clock.now = boundary + 1_000;
      for (let i = 0; i < 5; i += 1) await limiter.consume('login', keys);
      clock.now = boundary + 2_000;
      // Free again exactly when the five oldest tries leave the window: 15 min − 3 s from now.
      assert.equal(await refusal(limiter, keys), (WINDOW - 3_000) / 1000);
      clock.now = boundary - 1_000 + WINDOW - 1;
      assert.equal(await refusal(limiter, keys), 1);
      clock.now = boundary - 1_000 + WINDOW + 1;
      assert.equal(await refusal(limiter, keys), null);
    });

    it('makes a pair wait a doubling delay after a few failures, and tells how long', async () => {
      const clock = { now: Date.now() };
      const limiter = limiterOn(store, { limit: 10, ipLimit: 1_000, windowMs: WINDOW, delay: { after: 3, baseMs: 2_000, maxMs: 8_000 } }, clock);
      const keys = [`pair:${randomUUID()}@x.test|127.0.0.1`, `ip:${randomUUID()}`];
      for (let i = 0; i < 3; i += 1) await limiter.consume('login', keys);
      assert.equal(await refusal(limiter, keys), 2);
      clock.now += 2_000;
      await limiter.consume('login', keys);
      assert.equal(await refusal(limiter, keys), 4);
      clock.now += 4_000;
      await limiter.consume('login', keys);
      clock.now += 8_000;
      await limiter.consume('login', keys);
      // Capped at maxMs.
      assert.equal(await refusal(limiter, keys), 8);
      // The IP key itself has no delay: another pair from the same address is not held back.
      assert.equal(await refusal(limiter, [`pair:${randomUUID()}|127.0.0.1`, keys[1]!]), null);
    });

    it('keeps separate counts per key and forgets a key on reset', async () => {
      const clock = { now: Date.now() };
      const limiter = limiterOn(store, { limit: 2, ipLimit: 1_000, windowMs: WINDOW }, clock);
      const a = `pair:${randomUUID()}|10.0.0.1`;
      const b = `pair:${randomUUID()}|10.0.0.2`;
      await limiter.hit('login', [a]);
      await limiter.hit('login', [a]);
      assert.ok((await refusal(limiter, [a])) !== null);
      assert.equal(await refusal(limiter, [b]), null);
      await limiter.reset('login', a);
      assert.equal(await refusal(limiter, [a]), null);
    });
  });
}
