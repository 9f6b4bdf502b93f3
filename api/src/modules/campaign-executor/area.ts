/**
 * The campaign-executor area (issue 15, "The executor"): no calls of its own; it owns the
 * service `services.campaignExecutor` (engines/campaign) that the campaigns areas call on launch,
 * pause, resume and set-status, and the durable tick job that moves recipients. Its tables are
 * the campaigns schema (db/schema/campaigns.ts, declared by the campaigns area).
 *
 * Listeners are added here, where the container is built (the API process, and the worker's
 * job container alike): the mail engine's settled answers, the IMAP sync's classified mail and
 * the LinkedIn runner's outcomes and inbox each bring the recipient concerned forward and wake a
 * tick. They are hints: the tick reads the durable rows, so nothing depends on them.
 */
import { defineArea } from '../../area';
import {
  campaignExecutorFor,
  existingCampaignExecutor,
  scheduleNextTick,
  CAMPAIGN_TICK_JOB,
  type CampaignExecutorService,
} from '../../engines/campaign';
import { TICK_EXPIRE_SECONDS } from '../../engines/campaign/jobs';
import { servicesForJob } from '../../jobs/job-services';

declare module '../../services' {
  interface Services {
    campaignExecutor: CampaignExecutorService;
  }
}

export const campaignExecutorArea = defineArea({
  name: 'campaign-executor',
  routes: {},
  // After mail-engine and linkedin-accounts: it queues through both and listens to both.
  services: (deps, built) => {
    const fresh = !existingCampaignExecutor(deps.db);
    const executor = campaignExecutorFor({
      db: deps.db,
      mail: built.mailEngine,
      linkedin: built.linkedinRunner,
      timeScale: deps.config.campaignTimeScale,
      // PostgreSQL's pool lets recipients move side by side; PGlite has one connection.
      concurrency: deps.config.databaseUrl ? 8 : 1,
      onCampaignState: (change) => {
        deps.push.emitToUser(change.userId, {
          type: 'campaign.state_changed',
          payload: { campaignId: change.campaignId, status: change.status, reason: change.reason },
        });
      },
    });
    if (fresh) {
      built.mailEngine.engine.onSettled(async (reports) => {
        const settled = reports
          .filter((report) => report.state !== 'queued' && report.state !== 'claimed')
          .map((report) => report.outboundId);
        if (await executor.engine.messagesSettled(settled)) await executor.wake(0);
      });
      // A person's open or click may answer a waiting trigger: look now, not at the next tick.
      built.mailEngine.tracking.onHumanEngagement(() => executor.wake(0));
      built.inboundSync.onInbound(async (event) => {
        if (event.campaignId !== null) await executor.wake(event.campaignId);
      });
      built.linkedinRunner.onOutcome(async (event) => {
        if (!event.campaign) return;
        await executor.engine.actionSettled(event.campaign.campaignId, event.campaign.recipientId);
        await executor.wake(event.campaign.campaignId);
      });
      built.linkedinRunner.onInbound(async (event) => {
        if (event.campaignId === null || event.recipientId === null) return;
        await executor.engine.linkedinInbound({
          campaignId: event.campaignId,
          recipientId: event.recipientId,
          kind: event.kind,
          at: event.kind === 'invite_accepted' ? event.acceptedAt : event.sentAt,
          sourceKey:
            event.kind === 'invite_accepted'
              ? `linkedin-invitation:${event.invitationId}`
              : `linkedin-message:${event.linkedinMessageId}`,
        });
        await executor.wake(event.campaignId);
      });
    }
    return { campaignExecutor: executor };
  },
  handlers: () => ({}),
  queueUsers: (services) => [services.campaignExecutor],
  jobs: async (queue, deps) => {
    let executor: CampaignExecutorService | undefined;
    const executorOf = async (): Promise<CampaignExecutorService> => {
      if (!executor) {
        executor = existingCampaignExecutor(deps.database.db) ?? (await servicesForJob(deps)).campaignExecutor;
        // Wake-ups from this process's listeners go through this queue too.
        executor.useQueue(queue);
      }
      return executor;
    };
    await queue.register(
      CAMPAIGN_TICK_JOB,
      async (job) => {
        const service = await executorOf();
        let next: Date | null = null;
        try {
          const pass = await service.engine.tick({ signal: job.signal });
          next = pass.more ? new Date() : pass.nextDueAt;
        } finally {
          // Even after a failed pass the chain goes on; the failed run is retried by the queue too.
          await scheduleNextTick(queue, next);
        }
      },
      { concurrency: 1, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: TICK_EXPIRE_SECONDS },
    );
  },
});
