/** HTTP handlers of the finder calls declared in contracts (thin: parse → service → answer). */
import type { FastifyReply } from 'fastify';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

export function finderHandlers(services: Services): HandlerMap {
  const { search, bulk, linkedin, socialUrl } = services.finder;
  return {
    finderSingleSearch: async (ctx) => search.singleSearch(callerOf(ctx), ctx.body),
    finderSearchHistory: async (ctx) => search.history(callerOf(ctx), ctx.query.kind, ctx.query.page),
    finderSingleSearchGet: async (ctx) => search.singleSearchGet(callerOf(ctx), ctx.params.searchId),
    finderSingleSearchSave: async (ctx) => search.singleSearchSave(callerOf(ctx), ctx.params.searchId, ctx.body.target),
    finderDomainSearch: async (ctx) => search.domainSearch(callerOf(ctx), ctx.body),
    finderDomainSearchGet: async (ctx) => search.domainSearchGet(callerOf(ctx), ctx.params.searchId, ctx.query.page),
    finderDomainSearchSave: async (ctx) => search.domainSearchSave(callerOf(ctx), ctx.params.searchId, ctx.body.target, ctx.body.emails),
    finderPositions: async (ctx) => ({ positions: await search.positions(callerOf(ctx), ctx.body.term) }),
    finderCompanies: async (ctx) => ({ companies: await search.companies(callerOf(ctx), ctx.body.query) }),
    finderTechcheck: async (ctx) => {
      callerOf(ctx);
      return search.techcheck(ctx.body.url);
    },
    finderToolsOverview: async (ctx) => {
      const caller = callerOf(ctx);
      const [bulkJobsActive, linkedinTasksActive] = await Promise.all([bulk.activeCount(caller), linkedin.activeCount(caller)]);
      return search.overview(caller, { bulkJobsActive, linkedinTasksActive });
    },
    finderPluginHistory: async (ctx) => search.pluginHistory(callerOf(ctx), ctx.params.searchId),
    finderPluginBestCompany: async (ctx) => search.pluginBestCompany(callerOf(ctx), ctx.params.searchId),
    finderBulkNames: async (ctx) => bulk.createNames(callerOf(ctx), ctx.body),
    finderBulkDomains: async (ctx) => bulk.createDomains(callerOf(ctx), ctx.body),
    finderBulkList: async (ctx) => bulk.list(callerOf(ctx), ctx.query.kind, ctx.query.page),
    finderBulkGet: async (ctx) => bulk.get(callerOf(ctx), ctx.params.id),
    finderBulkResults: async (ctx) => bulk.results(callerOf(ctx), ctx.params.id, ctx.query.page),
    finderBulkPause: async (ctx) => bulk.pause(callerOf(ctx), ctx.params.id),
    finderBulkResume: async (ctx) => bulk.resume(callerOf(ctx), ctx.params.id),
    finderBulkCancel: async (ctx) => bulk.cancel(callerOf(ctx), ctx.params.id),
    finderBulkDownload: async (ctx) => sendCsv(ctx.reply, await bulk.downloadCsv(callerOf(ctx), ctx.params.id)),
    finderLinkedinCreate: async (ctx) => linkedin.create(callerOf(ctx), ctx.body),
    finderLinkedinList: async (ctx) => linkedin.list(callerOf(ctx), ctx.query.page),
    finderLinkedinStatus: async (ctx) => linkedin.status(callerOf(ctx), ctx.params.id),
    finderLinkedinStop: async (ctx) => linkedin.stop(callerOf(ctx), ctx.params.id),
    finderLinkedinDelete: async (ctx) => {
      await linkedin.remove(callerOf(ctx), ctx.params.id);
      return { ok: true as const };
    },
    finderLinkedinBadLinks: async (ctx) => sendCsv(ctx.reply, await linkedin.badLinksCsv(callerOf(ctx), ctx.params.id)),
    finderLinkedinBatchShow: async (ctx) => linkedin.batchShow(callerOf(ctx), ctx.query.ids),
    finderSocialUrlCreate: async (ctx) => socialUrl.create(callerOf(ctx), ctx.body),
    finderSocialUrlImport: async (ctx) => socialUrl.start(callerOf(ctx), ctx.params.id, ctx.body),
    finderSocialUrlList: async (ctx) => socialUrl.list(callerOf(ctx), ctx.query.page),
    finderSocialUrlStatus: async (ctx) => socialUrl.status(callerOf(ctx), ctx.params.id),
    finderSocialUrlStop: async (ctx) => socialUrl.stop(callerOf(ctx), ctx.params.id),
    finderSocialUrlDelete: async (ctx) => {
      await socialUrl.remove(callerOf(ctx), ctx.params.id);
      return { ok: true as const };
    },
    finderSocialUrlBadLinks: async (ctx) => sendCsv(ctx.reply, await socialUrl.badLinksCsv(callerOf(ctx), ctx.params.id)),
    finderSocialUrlBatchShow: async (ctx) => socialUrl.batchShow(callerOf(ctx), ctx.query.ids),
  };
}
