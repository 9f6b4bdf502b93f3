/**
 * The campaigns area (issue 15): campaigns and their settings sections, folders, launch (the
 * checks, the launched version and the recipients, all in one transaction), set-state, copy,
 * delete, archive (by hand, and the `campaigns.archive` job months after completion), and the
 * wizard's helper calls. Its tables are db/schema/campaigns.ts; the executor
 * (modules/campaign-executor) runs what a launch leaves behind.
 */
import { campaignsRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as campaignsSchema from '../../db/schema/campaigns';
import { registerCampaignsJobs, startArchiveChain } from './jobs';
import { campaignsHandlers } from './routes';
import { CampaignsService } from './service';

declare module '../../services' {
  interface Services {
    campaigns: CampaignsService;
  }
}

export const campaignsArea = defineArea({
  name: 'campaigns',
  routes: campaignsRoutes,
  services: (deps, built) => ({
    // The executor is built by an area listed before this one; read it lazily so a missing one
    // (a build without the executor) only skips the wake-ups.
    campaigns: new CampaignsService({ db: deps.db, executor: () => (built as { campaignExecutor?: CampaignExecutorHooks }).campaignExecutor }),
  }),
  handlers: (services) => campaignsHandlers(services),
  // The archive chain (campaigns.archive) starts with the queue, in every process that runs jobs.
  queueUsers: () => [
    {
      useQueue(queue) {
        if (queue) void startArchiveChain(queue).catch(() => undefined);
      },
    },
  ],
  jobs: registerCampaignsJobs,
  schema: campaignsSchema,
});

/** What the campaigns area asks of the executor (api/src/engines/campaign CampaignExecutor). */
export interface CampaignExecutorHooks {
  wake(campaignId: number): Promise<void>;
  paused(campaignId: number): Promise<void>;
  resumed(campaignId: number): Promise<void>;
  recipientsStopped(campaignId: number, recipientIds: readonly number[]): Promise<void>;
}
