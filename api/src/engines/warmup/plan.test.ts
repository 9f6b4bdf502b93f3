import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RAMP, WARMUP_RULES, warmupDailyTarget } from '@leadforge/contracts';
import { pairKey, planWarmupDay, receivingCapacity, type PoolMailbox } from './plan';

/** A repeatable stream of numbers in [0, 1) (Park–Miller), so a failing plan can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

const PROVIDERS = ['google', 'microsoft', 'smtp'];
function pool(size: number, domains: number, target: (index: number) => number): PoolMailbox[] {
  return Array.from({ length: size }, (_, index) => ({
    id: index + 1,
    domain: `d${index % domains}.test`,
    provider: PROVIDERS[index % PROVIDERS.length]!,
    target: target(index),
  }));
}

function assertValid(plan: ReturnType<typeof planWarmupDay>, mailboxes: readonly PoolMailbox[], recent: ReadonlySet<string>) {
  const pairs = new Set<string>();
  const received = new Map<number, number>();
  for (const send of plan.sends) {
    assert.notEqual(send.from, send.to, 'never to itself');
    const key = pairKey(send.from, send.to);
    assert.ok(!recent.has(key), `pair ${key} repeats within the cooldown`);
    assert.ok(!pairs.has(key), `pair ${key} twice in one day`);
    pairs.add(key);
    received.set(send.to, (received.get(send.to) ?? 0) + 1);
  }
  for (const mailbox of mailboxes) {
    const sent = plan.sends.filter((send) => send.from === mailbox.id).length;
    assert.equal(sent + (plan.unmet.get(mailbox.id) ?? 0), mailbox.target, `mailbox ${mailbox.id} sends its target or says what is unmet`);
    assert.ok((received.get(mailbox.id) ?? 0) <= receivingCapacity(mailbox.target), `mailbox ${mailbox.id} is no sink`);
  }
}

describe('a warm-up day plan', () => {
  it('gives every mailbox of a large pool its whole target, to different partners, across domains first', () => {
    const mailboxes = pool(300, 30, (index) => 10 + (index % 31));
    const plan = planWarmupDay(mailboxes, new Set(), seeded(7));
    assertValid(plan, mailboxes, new Set());
    assert.equal(plan.unmet.size, 0);
    const domainOf = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.domain]));
    assert.equal(plan.sends.filter((send) => domainOf.get(send.from) === domainOf.get(send.to)).length, 0, 'no mail within a domain while others are free');
  });

  it('keeps the cooldown over 14 days of the ramp and says what a small pool could not place', () => {
    const mailboxes = pool(40, 8, () => 0);
    const history: { day: number; key: string }[] = [];
    let unmetSeen = 0;
    const random = seeded(11);
    for (let day = 1; day <= 14; day += 1) {
      for (const mailbox of mailboxes) mailbox.target = warmupDailyTarget(DEFAULT_RAMP, day);
      const recent = new Set(history.filter((entry) => day - entry.day < WARMUP_RULES.pairCooldownDays).map((entry) => entry.key));
      const plan = planWarmupDay(mailboxes, recent, random);
      assertValid(plan, mailboxes, recent);
      for (const send of plan.sends) history.push({ day, key: pairKey(send.from, send.to) });
      unmetSeen += [...plan.unmet.values()].reduce((sum, count) => sum + count, 0);
    }
    // 39 partners each and a week's cooldown: from the fourth day on the pool runs short, and says so.
    assert.ok(unmetSeen > 0);
  });

  it('answers an empty plan for a pool of one, with its whole target unmet', () => {
    const plan = planWarmupDay([{ id: 1, domain: 'a.test', provider: 'smtp', target: 10 }], new Set());
    assert.deepEqual(plan.sends, []);
    assert.deepEqual([...plan.unmet], [[1, 10]]);
  });
});
