/**
 * The campaign-statistics area (issue 15): a campaign's totals, per-block funnel, daily chart,
 * recipients per status and CSV export (`/pipelines/api/statistics/*`), the dashboard
 * (`/pipelines/api/dashboard/*`) and the team statistics (`/team/statistics`). It reads what the
 * executor records (campaign_daily_stats, campaign_recipients); it writes nothing.
 */
import { campaignStatisticsRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import { campaignStatisticsHandlers } from './routes';
import { CampaignStatisticsService } from './service';

declare module '../../services' {
  interface Services {
    campaignStatistics: CampaignStatisticsService;
  }
}

export const campaignStatisticsArea = defineArea({
  name: 'campaign-statistics',
  routes: campaignStatisticsRoutes,
  services: (deps) => ({ campaignStatistics: new CampaignStatisticsService({ db: deps.db }) }),
  handlers: (services) => campaignStatisticsHandlers(services),
});
