/**
 * How the live sync runs on the durable queue, with no timer outside a job: SHARDS session jobs,
 * each holding the IMAP connections of its mailboxes for one slot of SESSION_SECONDS. A session
 * queues its successor (the next slot, starting at the boundary) before it does anything else,
 * so the chain outlives a failing attempt, a worker that dies (the job expires and is retried, or
 * the successor takes over at the boundary) and a restart (the rows are in PostgreSQL). Slot keys
 * are idempotency keys: the start-up kick of every API instance and the chain itself converge on
 * one job per shard and slot. Shards' boundaries are spread over the slot so that mailboxes do
 * not all reconnect at the same moment.
 */
import type { JobContext, JobQueue, RegisterOptions } from '../../../../jobs/queue';
import { SESSION_SECONDS, SHARDS } from './constants';

export const INBOUND_SESSION_JOB = 'mail.inbound.session';

export interface SessionJobData {
  shard: number;
  slot: number;
}

export const SESSION_JOB_OPTIONS: RegisterOptions = {
  // A session that outlives this is dead (its worker died): retried, it finds its slot over.
  expireInSeconds: SESSION_SECONDS + 5 * 60,
  retryLimit: 5,
  retryDelaySeconds: 15,
  retryBackoff: true,
  retryDelayMaxSeconds: 120,
  // Every shard may run in one process (the embedded default); more workers split them.
  concurrency: SHARDS,
};

const SLOT_MS = SESSION_SECONDS * 1000;

function offsetMs(shard: number): number {
  return Math.floor((shard * SLOT_MS) / SHARDS);
}

export function slotAt(shard: number, at: number): number {
  return Math.floor((at - offsetMs(shard)) / SLOT_MS);
}

export function slotEnd(shard: number, slot: number): number {
  return (slot + 1) * SLOT_MS + offsetMs(shard);
}

export function sessionKey(shard: number, slot: number): string {
  return `shard:${shard}:slot:${slot}`;
}

/** Queues the current slot's session of every shard, unless it exists (any state). */
export async function ensureSessionJobs(queue: JobQueue, now = Date.now()): Promise<void> {
  for (let shard = 0; shard < SHARDS; shard += 1) {
    const slot = slotAt(shard, now);
    await queue.enqueue<SessionJobData>(INBOUND_SESSION_JOB, { shard, slot }, { idempotencyKey: sessionKey(shard, slot) });
  }
}

export interface ShardRunner {
  /**
   * Holds the shard's mailboxes until the deadline or the signal, looking every MAILBOX_CHECK_MS
   * for mailboxes added, resumed or paused, also while it has none: a new mailbox starts syncing
   * within seconds instead of waiting for a later job.
   */
  runShard(options: { shard: number; shards: number; deadline: number; signal: AbortSignal }): Promise<void>;
}

export class SessionInterruptedError extends Error {
  constructor() {
    super('The IMAP session stopped before the end of its slot (shutdown or expiry); it is retried');
    this.name = 'SessionInterruptedError';
  }
}

export async function runSessionJob(runner: ShardRunner, queue: JobQueue, job: JobContext<SessionJobData>): Promise<void> {
  const { shard, slot } = job.data;
  const now = Date.now();
  const current = slotAt(shard, now);
  if (current > slot) {
    // Started after its slot (a backlog, an outage): the current slot takes over at once.
    await queue.enqueue<SessionJobData>(INBOUND_SESSION_JOB, { shard, slot: current }, { idempotencyKey: sessionKey(shard, current) });
    return;
  }
  const end = slotEnd(shard, slot);
  await queue.enqueue<SessionJobData>(
    INBOUND_SESSION_JOB,
    { shard, slot: slot + 1 },
    { idempotencyKey: sessionKey(shard, slot + 1), startAfterSeconds: Math.max(0, Math.ceil((end - now) / 1000)) },
  );
  await runner.runShard({ shard, shards: SHARDS, deadline: end, signal: job.signal });
  // Stopped before its end (a shutdown, an expiry): failing the attempt lets another worker, or
  // this one restarted, finish the slot instead of leaving its mailboxes unread until the next.
  if (Date.now() < end - 1000) throw new SessionInterruptedError();
}
