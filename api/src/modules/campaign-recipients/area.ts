/**
 * The campaign-recipients area (issue 15): the recipients table of the campaign page and its
 * bulk actions (`/pipelines/api/recipients/*`). Its rows are campaign_recipients of
 * db/schema/campaigns.ts (the campaigns area owns the tables); status changes go through the
 * recipient state machine and reach the executor (services.campaignExecutor).
 */
import { recipientsRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import { campaignRecipientsHandlers } from './routes';
import { CampaignRecipientsService, type RecipientExecutorHooks } from './service';

declare module '../../services' {
  interface Services {
    campaignRecipients: CampaignRecipientsService;
  }
}

export const campaignRecipientsArea = defineArea({
  name: 'campaign-recipients',
  routes: recipientsRoutes,
  services: (deps, built) => ({
    campaignRecipients: new CampaignRecipientsService({
      db: deps.db,
      // Read lazily: the executor area may be missing from a build (its wake-ups are then skipped).
      executor: () => (built as { campaignExecutor?: RecipientExecutorHooks }).campaignExecutor,
      verification: () => built.verification,
    }),
  }),
  handlers: (services) => campaignRecipientsHandlers(services),
});
