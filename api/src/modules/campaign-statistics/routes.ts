/** The statistics, dashboard and team statistics calls: thin — contract-parsed input → service → answer. */
import type { FastifyReply } from 'fastify';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

function fileName(title: string, campaignId: number): string {
  const safe = title.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 80);
  return `${safe || 'campaign'}-${campaignId}-recipients.csv`;
}

export function campaignStatisticsHandlers(services: Services): HandlerMap {
  const service = services.campaignStatistics;

  return {
    statisticsCampaignTotals: async (ctx) => service.totals(callerOf(ctx), ctx.params.campaignId),
    statisticsFlowchart: async (ctx) => service.flowchart(callerOf(ctx), ctx.params.campaignId),
    statisticsDaily: async (ctx) => service.daily(callerOf(ctx), ctx.params.campaignId, ctx.query),
    statisticsRecipients: async (ctx) => service.recipients(callerOf(ctx), ctx.params.campaignId),
    statisticsExport: async (ctx): Promise<FastifyReply> => {
      const { title, stream } = await service.export(callerOf(ctx), ctx.params.campaignId, ctx.query.filter);
      return ctx.reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(title, ctx.params.campaignId)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
    dashboardEmailCharts: async (ctx) => service.dashboardCharts(callerOf(ctx), 'email', ctx.body),
    dashboardEmailTables: async (ctx) => service.dashboardTables(callerOf(ctx), 'email', ctx.body),
    dashboardLinkedinCharts: async (ctx) => service.dashboardCharts(callerOf(ctx), 'linkedin', ctx.body),
    dashboardLinkedinTables: async (ctx) => service.dashboardTables(callerOf(ctx), 'linkedin', ctx.body),
    dashboardSummaryCharts: async (ctx) => service.dashboardCharts(callerOf(ctx), 'summary', ctx.body),
    dashboardSummaryTables: async (ctx) => service.dashboardTables(callerOf(ctx), 'summary', ctx.body),
    teamStatistics: async (ctx) => service.team(callerOf(ctx), ctx.body),
  };
}
