import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EnqueueOptions, JobContext, JobQueue } from '../../../../jobs/queue';
import { SESSION_SECONDS, SHARDS } from './constants';
import { backoffMs } from './engine';
import { INBOUND_SESSION_JOB, SessionInterruptedError, runSessionJob, sessionKey, slotAt, slotEnd, type SessionJobData } from './scheduling';

const SLOT_MS = SESSION_SECONDS * 1000;

/** The part of the queue a session job uses, recording what it was asked. */
function recordingQueue() {
  const enqueued: { name: string; data: unknown; options: EnqueueOptions | undefined }[] = [];
  const queue = {
    enqueue: async (name: string, data: unknown, options?: EnqueueOptions) => {
      enqueued.push({ name, data, options });
      return 'id';
    },
  } as unknown as JobQueue;
  return { queue, enqueued };
}

function job(data: SessionJobData, signal = new AbortController().signal): JobContext<SessionJobData> {
  return { id: 'job', data, signal, retryCount: 0 };
}

describe('session slots', () => {
  it('cover time without gaps, and spread the shards over one slot', () => {
    const now = Date.UTC(2025, 2, 3, 10, 0, 0);
    const ends = new Set<number>();
    for (let shard = 0; shard < SHARDS; shard += 1) {
      const slot = slotAt(shard, now);
      assert.ok(slotEnd(shard, slot - 1) <= now && now < slotEnd(shard, slot), `shard ${shard}`);
      assert.equal(slotEnd(shard, slot + 1) - slotEnd(shard, slot), SLOT_MS);
      ends.add(slotEnd(shard, slot) % SLOT_MS);
    }
    assert.equal(ends.size, SHARDS);
  });
});

describe('a session job', () => {
  it('queues its successor at its slot end before it runs until then', async () => {
    const { queue, enqueued } = recordingQueue();
    const slot = slotAt(1, Date.now());
    let ran: { deadline: number; shard: number } | undefined;
    const runner = {
      runShard: async (options: { deadline: number; shard: number }) => {
        assert.equal(enqueued.length, 1, 'the successor is queued first');
        ran = options;
      },
    };
    // Returning before the deadline is an interruption (see below); here only the order and the successor matter.
    await assert.rejects(runSessionJob(runner, queue, job({ shard: 1, slot })), SessionInterruptedError);
    assert.equal(ran?.shard, 1);
    assert.equal(ran?.deadline, slotEnd(1, slot));
    assert.equal(enqueued[0]?.name, INBOUND_SESSION_JOB);
    assert.deepEqual(enqueued[0]?.data, { shard: 1, slot: slot + 1 });
    assert.equal(enqueued[0]?.options?.idempotencyKey, sessionKey(1, slot + 1));
    const startAfter = enqueued[0]?.options?.startAfterSeconds ?? 0;
    assert.ok(Math.abs(Date.now() + startAfter * 1000 - slotEnd(1, slot)) < 2_000, String(startAfter));
  });

  it('that starts after its slot hands over to the current slot at once', async () => {
    const { queue, enqueued } = recordingQueue();
    const current = slotAt(2, Date.now());
    await runSessionJob({ runShard: async () => assert.fail('a late session does not run') }, queue, job({ shard: 2, slot: current - 5 }));
    assert.deepEqual(enqueued.map((entry) => [entry.data, entry.options?.idempotencyKey, entry.options?.startAfterSeconds]), [
      [{ shard: 2, slot: current }, sessionKey(2, current), undefined],
    ]);
  });

  it('that is stopped before its slot ends fails, so the slot is finished by a retry', async () => {
    const { queue } = recordingQueue();
    const stop = new AbortController();
    stop.abort();
    await assert.rejects(
      runSessionJob({ runShard: async () => undefined }, queue, job({ shard: 0, slot: slotAt(0, Date.now()) }, stop.signal)),
      SessionInterruptedError,
    );
  });
});

describe('reconnect back-off', () => {
  it('doubles from the minimum up to the maximum, within ±20 %', () => {
    const bounds = { minMs: 5_000, maxMs: 300_000 };
    assert.equal(backoffMs(1, bounds, () => 0.5), 5_000);
    assert.equal(backoffMs(2, bounds, () => 0.5), 10_000);
    assert.equal(backoffMs(20, bounds, () => 0.5), 300_000);
    assert.equal(backoffMs(1, bounds, () => 0), 4_000);
    assert.equal(backoffMs(1, bounds, () => 1), 6_000);
  });
});
