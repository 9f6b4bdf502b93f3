/**
 * The campaign executor (issue 15): runs launched campaigns' recipients through their flowchart,
 * durably (executor.ts for the moves, jobs.ts for the pg-boss tick, events.ts for what the
 * statistics count). Other areas use it through `services.campaignExecutor`:
 *
 *   wake(campaignId)          something is due now (launch, resume, recipients added): a tick soon
 *   paused(campaignId)        queued mail and LinkedIn actions of the campaign are held, not lost
 *   resumed(campaignId)       held mail and actions go again; due recipients run
 *   recipientsStopped(id, ids) recipients a user stopped: their queued mail and actions are cancelled
 *
 * The tick is the executor's only actor; the listeners it adds (the mail engine's settled
 * answers, the IMAP sync's classified mail, the LinkedIn runner's outcomes) only bring a
 * recipient's next run forward and wake a tick. What they announce is read from the durable
 * rows, so a listener in another process, or one that never ran, loses nothing.
 */
import type { Db } from '../../db/types';
import type { JobQueue } from '../../jobs/queue';
import { CampaignExecutorEngine, type ExecutorOptions } from './executor';
import { scheduleNextTick, wakeTick } from './jobs';

export interface CampaignExecutor {
  /** Something is due now (launch, resume, recipients added or re-activated): run a tick soon. Durable (pg-boss). */
  wake(campaignId: number): Promise<void>;
  /** The campaign paused: mail and LinkedIn actions it queued but has not sent are held (not lost). */
  paused(campaignId: number): Promise<void>;
  /** The campaign resumed: held messages and actions go again, due recipients run. */
  resumed(campaignId: number): Promise<void>;
  /** Recipients set to a stopping status by a user (deleted, done, pause…): their queued mail/actions are cancelled. */
  recipientsStopped(campaignId: number, recipientIds: readonly number[]): Promise<void>;
}

export interface CampaignExecutorService extends CampaignExecutor {
  /** This process's engine (tests and the bench drive its tick directly). */
  readonly engine: CampaignExecutorEngine;
  /** Wakes ticks through the durable queue once it runs (a QueueUser). */
  useQueue(queue: JobQueue | undefined): void;
}

const services = new WeakMap<Db, CampaignExecutorService>();

/** The process's executor for this database, made on first use (the API's services and the worker's jobs share it). */
export function campaignExecutorFor(options: ExecutorOptions): CampaignExecutorService {
  const existing = services.get(options.db);
  if (existing) return existing;
  const engine = new CampaignExecutorEngine(options);
  let queue: JobQueue | undefined;
  const kick = async (reason: string) => {
    if (queue) await wakeTick(queue, reason);
  };
  const service: CampaignExecutorService = {
    engine,
    async wake(campaignId) {
      await kick(`campaign-${campaignId}`);
    },
    async paused(campaignId) {
      await engine.pause(campaignId);
    },
    async resumed(campaignId) {
      await engine.resume(campaignId);
      await kick(`campaign-${campaignId}`);
    },
    async recipientsStopped(campaignId, recipientIds) {
      await engine.stopRecipients(campaignId, recipientIds);
    },
    useQueue(next) {
      queue = next;
      // A first tick after start: whatever came due while no process ran.
      if (queue) void scheduleNextTick(queue, new Date()).catch(() => undefined);
    },
  };
  services.set(options.db, service);
  return service;
}

/** The executor already made for this database in this process, if any. */
export function existingCampaignExecutor(db: Db): CampaignExecutorService | undefined {
  return services.get(db);
}

export {
  CampaignExecutorEngine,
  AUTO_PAUSE,
  HELD_UNTIL,
  holdQueued,
  releaseHeld,
  type CampaignStateChange,
  type ExecutorOptions,
  type TickReport,
} from './executor';
export { recordEvent, type CampaignEventInput, type RecordedEvent } from './events';
export { CAMPAIGN_TICK_JOB, MAX_IDLE_MS, scheduleNextTick, wakeTick } from './jobs';
export { scheduleWindow, withinSchedule } from './schedule';
