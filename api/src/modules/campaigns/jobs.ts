/**
 * The campaigns area's durable job (pg-boss): `campaigns.archive` archives completed campaigns
 * `archivedInMonth` months after they completed (0 = never; document 2 §9 default 1). It runs
 * once an hour as a chain of slots, like the LinkedIn runner's ticks: each run queues the next
 * slot first (keyed by the slot, so the start-up kick of every API instance and the chain itself
 * converge on one job per hour), then archives what is due in one UPDATE — a re-run of the same
 * slot finds nothing left to archive.
 */
import { CAMPAIGN_DEFAULTS } from '@leadforge/contracts';
import type { JobQueue } from '../../jobs/queue';
import type { JobRegistrar } from '../../jobs/registry';
import { archiveDueCampaigns } from './repository';

export const CAMPAIGN_ARCHIVE_JOB = 'campaigns.archive';
/** How often completed campaigns are looked at: archiving is counted in months, an hour late is nothing. */
export const ARCHIVE_TICK_MS = 60 * 60_000;

export interface ArchiveJobData {
  slot: number;
}

const slotOf = (at: number) => Math.floor(at / ARCHIVE_TICK_MS);

async function queueSlot(queue: JobQueue, slot: number, now: number): Promise<void> {
  const startAfterSeconds = Math.max(0, Math.ceil((slot * ARCHIVE_TICK_MS - now) / 1_000));
  await queue.enqueue<ArchiveJobData>(
    CAMPAIGN_ARCHIVE_JOB,
    { slot },
    { idempotencyKey: `tick:${slot}`, ...(startAfterSeconds > 0 ? { startAfterSeconds } : {}) },
  );
}

/** The start-up kick: the current slot's run (one per slot whatever the number of instances). */
export async function startArchiveChain(queue: JobQueue, now = Date.now()): Promise<void> {
  await queueSlot(queue, slotOf(now), now);
}

export const registerCampaignsJobs: JobRegistrar = async (queue, deps) => {
  await queue.register<ArchiveJobData>(
    CAMPAIGN_ARCHIVE_JOB,
    async (job) => {
      const now = Date.now();
      // The successor first, so the chain outlives a failing run.
      await queueSlot(queue, Math.max(job.data.slot + 1, slotOf(now) + 1), now);
      const archived = await archiveDueCampaigns(deps.database.db, new Date(now), CAMPAIGN_DEFAULTS.archivedInMonth);
      if (archived.length > 0) deps.logger.info({ archived: archived.length }, 'campaigns archived after completion');
    },
    { concurrency: 1, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 10 * 60 },
  );
};
